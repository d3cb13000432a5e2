"""Standings fixtures: finished games written as bare rows (fast), and a season of them."""
from __future__ import annotations

import datetime
import random
from decimal import Decimal

import pytest
from django.utils import timezone

from league.models import Game, HandRecord
from tests.factories import GameFactory, MemberFactory, PenaltyFactory, UserFactory


def finished_game(season, members, points, *, ranks=None, scores=None, events=(), at=None):
    """A FINISHED game with its replay cache filled in as the services would."""
    if ranks is None:
        order = sorted(range(len(points)), key=lambda i: (-Decimal(str(points[i])), i))
        ranks = [order.index(i) + 1 for i in range(len(points))]
    at = at or timezone.now()
    game = GameFactory(
        season=season, seated=list(members), status=Game.Status.FINISHED,
        started_at=at - datetime.timedelta(hours=1), finished_at=at,
        final_points=[float(p) for p in points], final_ranks=list(ranks),
        final_scores=list(scores) if scores else [25000] * len(points), ended_by="all_last",
    )
    HandRecord.objects.bulk_create(HandRecord(game=game, position=i, event=e) for i, e in enumerate(events))
    return game


@pytest.fixture
def make_game():
    return finished_game


@pytest.fixture
def member_user(club):
    return MemberFactory(club=club, user=UserFactory())


def random_season(season, *, players=8, games=30, seed=5):
    """Random zero-sum games (points in tenths) with random hand events; returns the members."""
    rng = random.Random(seed)
    members = [MemberFactory(club=season.club) for _ in range(players)]
    start = timezone.now() - datetime.timedelta(days=60)
    for g in range(games):
        seated = rng.sample(members, 4)
        tenths = [rng.randint(-600, 600) for _ in range(3)]
        tenths.append(-sum(tenths))
        events = []
        for _ in range(rng.randint(1, 10)):
            kind = rng.choice(["ron", "tsumo", "draw"])
            riichi = sorted(rng.sample(range(4), rng.randint(0, 2)))
            if kind == "ron":
                loser, winner = rng.sample(range(4), 2)
                events.append({"kind": "ron", "loser": loser, "wins": [{"winner": winner, "han": 2, "fu": 30}],
                               "riichi": riichi})
            elif kind == "tsumo":
                events.append({"kind": "tsumo", "winner": rng.randrange(4), "han": 1, "fu": 30, "riichi": riichi})
            else:
                events.append({"kind": "draw", "tenpai": [], "riichi": riichi})
        scores = [25000 + t * 100 for t in tenths]
        finished_game(season, seated, [Decimal(t) / 10 for t in tenths], scores=scores, events=events,
                      at=start + datetime.timedelta(hours=g))
    return members


@pytest.fixture
def deduction():
    return PenaltyFactory
