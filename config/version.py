"""The release this code is: shown in every page's footer and by ``/healthz/``.

Each release is a section of ``CHANGELOG.md`` (with its commit and upgrade notes); its top section is
this version (``tests/deploy/test_version.py``).
"""
from __future__ import annotations

VERSION = "0.5.0"


def version(request) -> dict[str, str]:  # a context processor's signature
    """Template context processor: ``CLUBLEAGUE_VERSION`` in every page (the footer)."""
    return {"CLUBLEAGUE_VERSION": VERSION}
