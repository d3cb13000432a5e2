"""Tables finishing together get one standings update: with a broker the update is queued a moment
after the change (``LEAGUE_STANDINGS_GATHER_SECONDS``), the first adds every game finished by then,
and the others find nothing left to add and write nothing but the time they looked."""
from __future__ import annotations

import random

import pytest

from league.models import RatingHistory, StandingsSnapshot
from league.standings import services as standings
from league.standings import tasks as standings_tasks
from tests.factories import MemberFactory

from .test_incremental import play, stored

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(monkeypatch, settings):
    """The standings tasks sent to the broker: (season id, countdown) each."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.EAGER_TASKS_AFTER_RESPONSE = False
    sent = []
    monkeypatch.setattr(standings_tasks.season_recompute, "apply_async",
                        lambda args, countdown=None: sent.append((args[0], countdown)))
    monkeypatch.setattr(standings_tasks.season_recompute, "delay", lambda arg: sent.append((arg, None)))
    return sent


def test_a_finished_game_queues_its_update_a_moment_later(season, queued, settings, django_capture_on_commit_callbacks):
    settings.LEAGUE_STANDINGS_GATHER_SECONDS = 2.0
    with django_capture_on_commit_callbacks(execute=True):
        play(season, [MemberFactory(club=season.club) for _ in range(4)], random.Random(5))
    assert queued == [(season.pk, 2.0)]


def test_without_gathering_the_update_is_queued_at_once(season, queued, settings, django_capture_on_commit_callbacks):
    settings.LEAGUE_STANDINGS_GATHER_SECONDS = 0
    with django_capture_on_commit_callbacks(execute=True):
        play(season, [MemberFactory(club=season.club) for _ in range(4)], random.Random(5))
    assert queued == [(season.pk, None)]


def test_the_updates_after_the_first_find_nothing_to_add_and_rewrite_nothing(season, monkeypatch):
    rng = random.Random(7)
    members = [MemberFactory(club=season.club) for _ in range(8)]
    play(season, members[:4], rng)
    standings.standings_update(season_id=season.pk)  # the snapshot the round starts from
    for table in (members[:4], members[4:]):  # two tables finish together
        play(season, table, rng)
    standings.standings_update(season_id=season.pk)  # the first update adds both games
    after_first = stored(season)
    assert after_first[3] == 3
    computed_at = StandingsSnapshot.objects.get(season=season).computed_at

    def no_full_recompute(**kwargs):
        raise AssertionError("nothing changed: no full recompute")

    monkeypatch.setattr(standings, "standings_refresh", no_full_recompute)
    writes = []
    real_save = StandingsSnapshot.save
    monkeypatch.setattr(StandingsSnapshot, "save", lambda self, *a, **k: writes.append(k) or real_save(self, *a, **k))
    histories = RatingHistory.objects.filter(snapshot__season=season).count()
    standings.standings_update(season_id=season.pk)  # the second game's own update
    assert writes == []
    assert stored(season) == after_first
    assert RatingHistory.objects.filter(snapshot__season=season).count() == histories
    snapshot = StandingsSnapshot.objects.get(season=season)
    assert snapshot.computed_at > computed_at, "it says the snapshot is current as of its read"
    season.refresh_from_db()
    assert season.standings_changed_at <= snapshot.computed_at  # so league.requeue_stale leaves it
