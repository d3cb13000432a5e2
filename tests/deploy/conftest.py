"""The container tests' images: built once a session by deploy/docker/build-ci.sh (cached)."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def built_images():
    from tests.deploy import containers

    why = containers.build_images()
    if why:
        pytest.skip(why)
    removed = containers.remove_leftovers()
    if removed:
        print(f"removed what ended runs left: {' '.join(removed)}")
    return containers.IMAGE
