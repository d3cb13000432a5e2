"""Upgrades from the previous release (CHANGELOG.md: 0.4.0, commit 1e4c4a6): its image, built from its
commit by deploy/docker/build-ci.sh, fills a database with a night (the demo club and a game finished
through HTTP); then the current image takes over the same database (compose: a new image in .env and
``up -d``, as ``compose pull && up -d``; venue: the same volume), and every game, hand, penalty,
standings and audit row is still there, unchanged, and the smoke test passes on the new version."""
from __future__ import annotations

import pytest

from config.version import VERSION
from tests.deploy import containers
from tests.deploy.releases import previous

pytestmark = pytest.mark.docker


@pytest.fixture(scope="module")
def previous_image(built_images):
    release = previous(VERSION)
    if release is None:
        pytest.skip("CHANGELOG.md records no previous release")
    tag = f"clubleague:{release.version}"
    if not containers.image_exists(tag):
        pytest.skip(f"the previous release's image {tag} was not built (is commit {release.commit} in this clone?)")
    return tag


def test_compose_upgrade_from_the_previous_release(previous_image):
    project = containers.Compose(containers.project_dir("upgrade"), containers.named("upgrade"),
                                 CLUBLEAGUE_IMAGE=previous_image)
    project.down()
    try:
        project.up()
        assert project.version().startswith("ok")
        containers.finish_a_game(project, "night-old")
        before = project.inventory()
        assert before["league.Game"]
        assert before["core.AuditEntry"]
        assert before["league.StandingsSnapshot"]

        project.write_env(CLUBLEAGUE_IMAGE=containers.IMAGE, CLUBLEAGUE_DEMO="0")
        project.compose("up", "-d", "--no-build")
        containers.wait_healthy(project.url, body=f"ok {VERSION}")
        after = project.inventory()
        assert containers.same_rows(before, after) == []
        containers.finish_a_game(project, "night-new")
    except BaseException:
        print(project.logs())
        raise
    finally:
        project.down()


def test_venue_upgrade_from_the_previous_release(previous_image):
    volume = containers.named("venue-upgrade")
    containers.remove_volume(volume)
    old = containers.Venue(containers.named("venue-old"), volume, previous_image)
    new = containers.Venue(containers.named("venue-new"), volume, containers.IMAGE, demo=False)
    try:
        old.start()
        containers.finish_a_game(old, "night-old")
        before = old.inventory()
        old.stop()
        new.start()
        assert new.version() == f"ok {VERSION}"
        assert containers.same_rows(before, new.inventory()) == []
        containers.finish_a_game(new, "night-new")
    except BaseException:
        print(old.logs(), new.logs())
        raise
    finally:
        old.stop()
        new.stop()
        containers.remove_volume(volume)
