"""Tables finishing together get one standings update: with a broker the update is queued a moment
after the change (``LEAGUE_STANDINGS_GATHER_SECONDS``), the first adds every game finished by then,
and the others find nothing left to add and write nothing but the time they looked."""
from __future__ import annotations

import random

import pytest

from core.queueing import starting
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


def _finish_a_game(season, seed: int, django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        play(season, [MemberFactory(club=season.club) for _ in range(4)], random.Random(seed))


def test_games_finishing_while_the_update_waits_send_no_second_one(season, queued, settings,
                                                                   django_capture_on_commit_callbacks):
    """A round's tables finishing together: the first game's end sends the season's update, the next ones find it
    waiting to start (it reads after they committed, so it adds them too) and send nothing."""
    settings.LEAGUE_STANDINGS_GATHER_SECONDS = 2.0
    for seed in (5, 6, 7):
        _finish_a_game(season, seed, django_capture_on_commit_callbacks)
    assert queued == [(season.pk, 2.0)]


def test_a_game_finishing_once_the_update_has_started_sends_another(season, queued, settings,
                                                                    django_capture_on_commit_callbacks):
    """The update started (it may have read before this game committed): the game's end sends the next one."""
    settings.LEAGUE_STANDINGS_GATHER_SECONDS = 2.0
    _finish_a_game(season, 5, django_capture_on_commit_callbacks)
    starting(standings_tasks.season_recompute, season.pk)  # what the task does first
    _finish_a_game(season, 6, django_capture_on_commit_callbacks)
    _finish_a_game(season, 7, django_capture_on_commit_callbacks)
    assert queued == [(season.pk, 2.0), (season.pk, 2.0)]


def test_the_task_says_it_started_before_it_reads(season, monkeypatch, settings, django_capture_on_commit_callbacks):
    """The task itself clears its season's waiting mark before the update reads anything."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.EAGER_TASKS_AFTER_RESPONSE = False
    settings.LEAGUE_STANDINGS_GATHER_SECONDS = 2.0
    sent = []
    monkeypatch.setattr(standings_tasks.season_recompute, "apply_async",
                        lambda args, countdown=None: sent.append(args[0]))
    _finish_a_game(season, 5, django_capture_on_commit_callbacks)
    seen = []
    real_update = standings.standings_update

    def update(**kwargs):  # what a game's end sends while this run reads: the next run
        _finish_a_game(season, 6, django_capture_on_commit_callbacks)
        seen.append(list(sent))
        return real_update(**kwargs)

    monkeypatch.setattr(standings, "standings_update", update)
    standings_tasks.season_recompute.run(season.pk)  # the worker runs the one sent
    assert seen == [[season.pk, season.pk]]


def test_seasons_are_gathered_each_on_its_own(season, queued, settings, django_capture_on_commit_callbacks):
    from tests.factories import SeasonFactory

    settings.LEAGUE_STANDINGS_GATHER_SECONDS = 2.0
    other = SeasonFactory(club=season.club, ruleset=season.ruleset)
    _finish_a_game(season, 5, django_capture_on_commit_callbacks)
    _finish_a_game(other, 6, django_capture_on_commit_callbacks)
    _finish_a_game(season, 7, django_capture_on_commit_callbacks)
    assert queued == [(season.pk, 2.0), (other.pk, 2.0)]


def test_a_cache_that_is_away_sends_every_time(season, queued, settings, monkeypatch,
                                               django_capture_on_commit_callbacks):
    """Redis away: each game's end sends its update (one too many, never one lost)."""
    from django.core.cache import cache

    settings.LEAGUE_STANDINGS_GATHER_SECONDS = 2.0

    def away(*args, **kwargs):
        raise ConnectionError("the cache is away")

    monkeypatch.setattr(cache, "add", away)
    for seed in (5, 6):
        _finish_a_game(season, seed, django_capture_on_commit_callbacks)
    assert queued == [(season.pk, 2.0), (season.pk, 2.0)]


def test_a_broker_that_refused_leaves_nothing_waiting(season, settings, monkeypatch,
                                                      django_capture_on_commit_callbacks):
    """The send failed (broker down): nothing waits, so the next game's end sends it again."""
    from kombu.exceptions import OperationalError

    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.EAGER_TASKS_AFTER_RESPONSE = False
    settings.LEAGUE_STANDINGS_GATHER_SECONDS = 2.0
    tries = []

    def down_once(args, countdown=None):
        tries.append(args[0])
        if len(tries) == 1:
            raise OperationalError("the broker is down")

    monkeypatch.setattr(standings_tasks.season_recompute, "apply_async", down_once)
    for seed in (5, 6, 7):
        _finish_a_game(season, seed, django_capture_on_commit_callbacks)
    assert tries == [season.pk, season.pk]  # the second sent, the third found it waiting
