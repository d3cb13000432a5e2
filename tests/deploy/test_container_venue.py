"""The one-container venue mode: ``docker run -v clubdata:/data IMAGE`` (SQLite on the volume, tasks eager)."""
from __future__ import annotations

import pytest

from config.version import VERSION
from tests.deploy import containers

pytestmark = pytest.mark.docker

VOLUME = containers.named("venue")


@pytest.fixture
def venue(built_images):
    containers.remove_volume(VOLUME)
    container = containers.Venue(containers.named("venue"), VOLUME)
    try:
        yield container.start()
    except BaseException:
        print(container.logs())
        raise
    finally:
        container.stop()
        containers.remove_volume(VOLUME)


def test_the_venue_mode_smoke_test(venue):
    assert venue.version() == f"ok {VERSION}"
    containers.finish_a_game(venue, "CI-venue")
    # Non-root, everything on the volume, the same file after a restart.
    assert containers.run(["docker", "exec", venue.name, "id", "-un"]).stdout.strip() == "app"
    files = containers.run(["docker", "exec", venue.name, "ls", "/data"]).stdout.split()
    assert "db.sqlite3" in files
    assert "secret_key" in files
    before = venue.inventory()
    venue.stop()
    venue.start()
    assert containers.same_rows(before, venue.inventory()) == []


def test_the_demo_club_only_when_asked(built_images):
    volume = containers.named("venue-empty")
    containers.remove_volume(volume)
    container = containers.Venue(containers.named("venue-empty"), volume, demo=False)
    try:
        container.start()
        assert container.clubs() == 0
    finally:
        container.stop()
        containers.remove_volume(volume)
