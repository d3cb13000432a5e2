"""A federation of two clubs (A shares its tournaments and seasons, B shares nothing) and a way to play a
four-player, one-round tournament to the finish in a given order."""
from __future__ import annotations

import datetime

import pytest

from events.tournaments import services as tournament_services
from federation import services
from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, UserFactory

# Juki scores by finishing order (1st … 4th): points 60, 10, -20, -50 (tests/events/test_tournaments.py).
WIN_ORDER = [40000, 30000, 20000, 10000]


@pytest.fixture
def fed_admin(db):
    return UserFactory(username="연맹관리자")


@pytest.fixture
def club_a(db):
    return ClubFactory(name="아지트", slug="agit")


@pytest.fixture
def club_b(db):
    return ClubFactory(name="비공개 클럽", slug="private")


def admin_of(club):
    member = MemberFactory(club=club, user=UserFactory(), display_name=f"{club.slug} 관리자")
    ClubRoleFactory(club=club, member=member, role="admin")
    return member.user


@pytest.fixture
def federation(fed_admin, club_a, club_b):
    fed = services.federation_create(name="서울 마작 연맹", slug="seoul", by=fed_admin)
    services.club_join(federation=fed, club=club_a, by=fed_admin, share_tournaments=True, share_seasons=True)
    services.club_join(federation=fed, club=club_b, by=fed_admin)
    return fed


def play_tournament(club, by, finish_order, *, name="대회", day=datetime.date(2026, 11, 1)):
    """A one-round tournament of the four members, finished in ``finish_order`` (1st first)."""
    from league.models import Ruleset

    ruleset = (Ruleset.objects.filter(club=club, key="juki-agit-2026").first()
               or RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    tournament = tournament_services.tournament_create(club=club, ruleset=ruleset, by=by, name=name, rounds=1,
                                                       starts_on=day)
    for member in finish_order:
        entrant, _ = tournament_services.register(tournament=tournament, member=member, by=by)
        entrant = tournament_services.approve(entrant=entrant, by=by)
        tournament_services.check_in(entrant=entrant, by=by)
    return seat_and_finish(tournament, by, finish_order)


def seat_and_finish(tournament, by, finish_order):
    """Round 1 seated (one table of the checked-in four), its final scores in ``finish_order`` (1st first), and
    the tournament finished."""
    from events.tournaments import services as tournament_services

    rnd, _seated = tournament_services.round_seat(tournament=tournament, number=1, by=by, seed=1)
    table = rnd.tables.select_related("game").get()
    seated = list(table.game.seat_set.order_by("seat").values_list("member_id", flat=True))
    place_of = {m.pk: i for i, m in enumerate(finish_order)}
    tournament_services.table_scores(table=table, scores=[WIN_ORDER[place_of[m]] for m in seated], by=by)
    return tournament_services.tournament_finish(tournament=tournament, by=by)
