"""The container tests' images: built once a session by deploy/docker/build-ci.sh (cached)."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def built_images():
    from tests.deploy import containers

    why = containers.build_images()
    if why:
        pytest.skip(why)
    return containers.IMAGE
