"""A game's name says what it belongs to (issue 42 item 10): the night's date or the tournament's name, the round
and the table — so the night's table 3 and the tournament's table 3 are told apart in the list, the messages and
the audit log, and a casual game is not just "#25"."""
from __future__ import annotations

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import override

from core.models import AuditEntry
from events.casual import services as casual_services
from events.nights import services
from tests.events.test_tournaments import enter_all, make


def test_a_nights_and_a_tournaments_table_3_have_different_names(club, ruleset, night, members, admin_user):
    with override("ko"):
        for m in members[:12]:
            services.check_in(night=night, member=m, by=admin_user)
        night_round, _ = services.round_seat(night=night, number=1, by=admin_user, seed=1)
        from tests.factories import MemberFactory, UserFactory

        others = [MemberFactory(club=club, user=UserFactory()) for _ in range(12)]
        cup = make(club, ruleset, admin_user, rounds=2, name="주키배")
        enter_all(cup, others, admin_user)
        from events.tournaments import services as tournaments

        cup_round, _ = tournaments.round_seat(tournament=cup, number=1, by=admin_user)
        day = date_format(night.date, "MONTH_DAY_FORMAT")
    night_game = night_round.tables.get(label="3").game
    cup_game = cup_round.tables.order_by("pk")[2].game
    assert night_game.table_label == f"{day} · 1라운드 · 3번 테이블"
    assert cup_game.table_label.startswith("주키배 · 1라운드 · ")
    assert night_game.table_label != cup_game.table_label
    # the audit log carries the name
    entry = AuditEntry.objects.filter(object_type="game", object_id=str(night_game.pk)).first()
    assert night_game.table_label in str(entry.after)


def test_a_casual_game_is_named_with_its_day(club, season, members, admin_user):
    with override("ko"):
        game = casual_services.casual_game_start(club=club, ruleset=season.ruleset, members=members[:4],
                                                 by=admin_user)
    assert game.table_label.startswith("친선") or game.table_label.startswith("캐주얼") or "·" in game.table_label
    assert date_format(timezone.localdate(), "MONTH_DAY_FORMAT") in game.table_label
    assert not game.table_label.startswith("#")
