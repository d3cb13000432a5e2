"""core.prepared: a read compiled once per process gives what its queryset gives, for any values."""
from __future__ import annotations

import datetime as dt
from unittest import mock

import pytest
from django.contrib.sessions.backends.db import SessionStore as DjangoDatabaseStore
from django.contrib.sessions.models import Session
from django.db import transaction
from django.db.models.sql.compiler import SQLCompiler
from django.utils import timezone

from config.db_sessions import SessionStore
from core.memo import MEMOS
from core.prepared import PreparedRead
from league import permissions
from league.games import records
from league.games.selectors import game_hand_records, keep_seat_names, with_seat_names
from league.models import Game, HandRecord
from tests.factories import GameFactory, HandRecordFactory, MemberFactory, PenaltyFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _nothing_compiled():
    MEMOS["prepared reads"].forget()
    yield
    MEMOS["prepared reads"].forget()


def _game_read(*, pk, user_id):
    return permissions.with_membership_of(
        with_seat_names(Game.objects.select_related("club", "season", "ruleset")), user_id).filter(pk=pk)


GAME = PreparedRead("test: a game with its names and a membership", Game, _game_read)


def _fields(game: Game) -> dict:
    return {"row": {f.attname: getattr(game, f.attname) for f in Game._meta.concrete_fields},
            "club": game.club.name, "season": game.season.name, "ruleset": game.ruleset.key,
            "names": keep_seat_names(game)._seat_names, "membership": game.membership_read}


def _two_games():
    first = GameFactory(seated=[MemberFactory(display_name=f"가{i}") for i in range(4)], table_label="A")
    second = GameFactory(seated=[MemberFactory(display_name=f"나{i}") for i in range(4)], table_label="B")
    return first, second


def test_each_call_reads_what_the_queryset_reads_for_its_own_values():
    first, second = _two_games()
    member = MemberFactory(club=second.club, user=UserFactory())
    with permissions.memberships_memo():
        for game, user_id in [(first, member.user_id), (second, member.user_id), (first, member.user_id + 1)]:
            (prepared,) = GAME.rows(pk=game.pk, user_id=user_id)
            (plain,) = _game_read(pk=game.pk, user_id=user_id)
            assert _fields(prepared) == _fields(plain)
        (read,) = GAME.rows(pk=second.pk, user_id=member.user_id)
    assert read.table_label == "B"
    assert keep_seat_names(read)._seat_names == ["나0", "나1", "나2", "나3"]
    assert read.membership_read != "[]"  # the member's row, read with the game
    assert GAME.rows(pk=second.pk + 1000, user_id=member.user_id) == []


def test_an_id_beyond_any_integer_column_reads_nothing_and_is_not_an_error():
    # An address's id of twenty digits (tests/test_fuzz_params.py): SQLite refused it with an OverflowError (a 500)
    first, _second = _two_games()
    GAME.rows(pk=first.pk, user_id=1)  # compiled
    assert GAME.rows(pk=99999999999999999999, user_id=1) == []
    assert GAME.rows(pk=-99999999999999999999, user_id=1) == []


def test_the_sql_is_compiled_on_the_first_call_only():
    first, second = _two_games()
    with mock.patch.object(SQLCompiler, "as_sql", autospec=True, side_effect=SQLCompiler.as_sql) as as_sql:
        GAME.rows(pk=first.pk, user_id=1)
        first_call = as_sql.call_count
        for _ in range(3):
            GAME.rows(pk=second.pk, user_id=2)
    assert first_call >= 3  # the read, then once more for each value changed (that is how its places are found)
    assert as_sql.call_count == first_call


def test_values_of_another_type_run_the_plain_queryset():
    first, _second = _two_games()
    GAME.rows(pk=first.pk, user_id=1)
    (game,) = GAME.rows(pk=str(first.pk), user_id=1)  # Django turns "5" into 5; the prepared SQL is not used
    assert game.pk == first.pk


def test_a_read_whose_sql_changes_with_a_value_is_refused():
    GameFactory()
    by_count = PreparedRead("test: by count", Game, lambda *, n: Game.objects.filter(pk__in=list(range(1, n + 1))))
    with pytest.raises(ValueError, match="SQL changes with 'n'"):
        by_count.rows(n=2)


def test_a_value_not_sent_as_given_is_refused():
    GameFactory(table_label="East")
    containing = PreparedRead("test: label contains", Game, lambda *, text: Game.objects.filter(
        table_label__contains=text))
    with pytest.raises(ValueError, match="not sent as it is given"):
        containing.rows(text="as")  # sent as "%as%"


def test_a_bool_value_is_refused():
    flagged = PreparedRead("test: by a flag", HandRecord, lambda *, flag: HandRecord.objects.filter(
        event__isnull=flag))
    with pytest.raises(ValueError, match="not a bool"):
        flagged.rows(flag=True)


def test_a_games_hands_in_order_with_their_game_and_penalty_marks():
    game = GameFactory()
    other = GameFactory()
    for position in (2, 0, 1):
        HandRecordFactory(game=game, position=position)
    HandRecordFactory(game=other, position=0)
    marked = HandRecordFactory(game=game, position=3)
    PenaltyFactory(game=game, hand_record=marked)
    cancelled = game.hands.get(position=1)
    PenaltyFactory(game=game, hand_record=cancelled, cancelled_at=timezone.now())
    hands = game_hand_records(game)
    assert [h.position for h in hands] == [0, 1, 2, 3]
    assert all(h.game is game for h in hands)  # no query to reach the game
    assert [h.active_penalty for h in game_hand_records(game, penalty_marks=True)] == [False, False, False, True]
    assert [h.position for h in game_hand_records(other)] == [0]


@pytest.mark.django_db(transaction=True)
def test_the_locked_game_needs_a_transaction():
    game = GameFactory()
    with pytest.raises(transaction.TransactionManagementError):
        records.locked(game)
    with transaction.atomic():
        assert records.locked(game).pk == game.pk
        with pytest.raises(Game.DoesNotExist):
            records.locked(Game(pk=game.pk + 1000))


def test_a_session_is_read_until_it_expires():
    store = SessionStore()
    store["who"] = "host"
    store.save()
    assert SessionStore(store.session_key).load() == {"who": "host"}
    assert DjangoDatabaseStore(store.session_key).load() == {"who": "host"}  # the same rows as Django's own
    Session.objects.filter(session_key=store.session_key).update(expire_date=timezone.now() - dt.timedelta(seconds=1))
    again = SessionStore(store.session_key)
    assert again.load() == {}
    assert again.session_key is None  # an expired key is forgotten, as Django's store forgets it
    assert SessionStore("no-such-key-0123456789abcdef").load() == {}


def test_a_values_list_read_gives_the_values():
    first, second = _two_games()
    labels = PreparedRead("test: a game's label", Game, lambda *, pk: Game.objects.filter(pk=pk).values_list(
        "table_label", flat=True))
    pairs = PreparedRead("test: a game's label and seats", Game, lambda *, pk: Game.objects.filter(
        pk=pk).values_list("table_label", "seats"))
    assert labels.rows(pk=first.pk) == ["A"]
    assert labels.rows(pk=second.pk) == ["B"]
    assert pairs.rows(pk=second.pk) == [("B", 4)]
    assert labels.rows(pk=second.pk + 1000) == []
