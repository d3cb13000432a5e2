"""The releases CHANGELOG.md records (``## <version> — <date> — commit <sha>``), newest first.

``python -m tests.deploy.releases previous`` prints the previous release's version and commit (the
newest one with a commit that is not this code's version): deploy/docker/build-ci.sh builds its image.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEADING = re.compile(r"^## (?P<version>\d+\.\d+\.\d+)\b(?P<rest>.*)$", re.MULTILINE)
COMMIT = re.compile(r"\bcommit (?P<commit>[0-9a-f]{7,40})\b")


@dataclass(frozen=True)
class Release:
    version: str
    commit: str | None


def releases(text: str | None = None) -> list[Release]:
    text = (ROOT / "CHANGELOG.md").read_text() if text is None else text
    found = []
    for match in HEADING.finditer(text):
        commit = COMMIT.search(match.group("rest"))
        found.append(Release(match.group("version"), commit.group("commit") if commit else None))
    return found


def previous(current: str) -> Release | None:
    return next((r for r in releases() if r.commit and r.version != current), None)


if __name__ == "__main__":
    from config.version import VERSION

    if sys.argv[1:] == ["previous"]:
        release = previous(VERSION)
        if release is None:
            sys.exit(1)
        print(release.version, release.commit)
