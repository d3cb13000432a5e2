"""league.services: games, hands (idempotent, conflicts, edits, deletes), cancel, penalties."""
from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from core.models import AuditEntry
from league.games import selectors as game_selectors
from league.games import services as game_services
from league.games.errors import HandConflict, HandRefused
from league.models import Game, HandRecord, Penalty
from league.referee import selectors as referee_selectors
from league.referee import services as referee_services
from league.seasons import services as season_services
from league.standings import services as standings_services
from tests.factories import ClubFactory, MemberFactory, SeasonFactory, UserFactory
from tests.league.events import AGARI_YAME_FINISH, ALL_LAST_FINISH, STOP, TO_SOUTH_4, draw, ron, tsumo

pytestmark = pytest.mark.django_db


class Recomputes(list):
    """Season ids whose standings update was queued; ``finished``: whether each was only a game just finished."""

    def __init__(self) -> None:
        super().__init__()
        self.finished: list[bool] = []

    def season_changed(self, season_id: int, *, game_finished: bool = False) -> None:
        self.append(season_id)
        self.finished.append(game_finished)

    def clear(self) -> None:
        super().clear()
        self.finished.clear()


@pytest.fixture
def recomputes(monkeypatch):
    """What the standings were told (``game_finished`` or ``season_results_changed``, both ending in
    ``league.standings.services.season_changed``), the update itself left out."""
    calls = Recomputes()
    monkeypatch.setattr(standings_services, "season_changed", calls.season_changed)
    return calls


def record_all(game, events, by):
    for i, event in enumerate(events):
        game_services.hand_record(game=game, position=i, event=event, by=by)
    game.refresh_from_db()
    return game


def scores(game):
    return list(game_selectors.game_replay(game).state.scores)


# --- game_start ------------------------------------------------------------------------------
def test_game_start_seats_members_in_order_and_freezes_the_ruleset(season, players, referee):
    game = game_services.game_start(season=season, table_label="A", members=players, by=referee.user)

    assert [s.member for s in game.seat_set.order_by("seat")] == players
    assert game.status == Game.Status.IN_PROGRESS
    assert game.ruleset == season.ruleset
    season.ruleset.refresh_from_db()
    assert season.ruleset.frozen is True
    entry = AuditEntry.objects.get(object_type="game", object_id=str(game.pk))
    assert entry.action == AuditEntry.Action.CREATE
    assert entry.actor == referee.user
    assert entry.after["seats"] == [p.display_name for p in players]


def test_game_start_random_seats_is_a_permutation_of_the_members(season, players, referee):
    game = game_services.game_start(season=season, members=players, random_seats=True, by=referee.user)

    assert sorted(m.pk for m in game_selectors.game_members(game)) == sorted(p.pk for p in players)


@pytest.mark.parametrize(
    ("make_members", "message"),
    [
        pytest.param(lambda ps, other: ps[:3], "is for 4 players", id="too-few-players-for-the-ruleset"),
        pytest.param(lambda ps, other: [ps[0], ps[0], ps[1], ps[2]], "only one seat", id="member-seated-twice"),
        pytest.param(lambda ps, other: [*ps[:3], other], "not a member", id="member-of-another-club"),
    ],
)
def test_game_start_refuses_bad_seating(season, players, referee, make_members, message):
    other = MemberFactory(club=ClubFactory())

    with pytest.raises(ValidationError, match=message):
        game_services.game_start(season=season, members=make_members(players, other), by=referee.user)
    assert not Game.objects.exists()


def test_game_start_refuses_a_user_without_a_role(season, players):
    with pytest.raises(PermissionDenied):
        game_services.game_start(season=season, members=players, by=players[0].user)


# --- hand_record --------------------------------------------------------------------------------
def test_hand_record_stores_the_event_and_audits_it(game, players):
    hand = game_services.hand_record(game=game, position=0, event=ron(1, loser=2, han=2), by=players[1].user)

    assert hand.position == 0
    assert hand.event == ron(1, loser=2, han=2)
    assert hand.entered_by == players[1].user
    assert scores(game) == [25000, 27000, 23000, 25000]
    entry = AuditEntry.objects.get(object_type="hand", object_id=str(hand.pk))
    assert entry.action == AuditEntry.Action.CREATE
    assert entry.after == {"game": game.pk, "position": 0, "event": ron(1, loser=2, han=2)}


@pytest.mark.parametrize(
    ("first", "again"),
    [
        pytest.param(ron(1, loser=2), ron(1, loser=2), id="identical-resubmission"),
        pytest.param(draw([0]), {"kind": "draw", "tenpai": [0]}, id="same-event-with-defaults-omitted"),
    ],
)
def test_hand_record_is_idempotent_for_the_same_event(game, players, first, again):
    stored = game_services.hand_record(game=game, position=0, event=first, by=players[0].user)

    again_stored = game_services.hand_record(game=game, position=0, event=again, by=players[0].user)

    assert again_stored.pk == stored.pk
    assert HandRecord.objects.filter(game=game).count() == 1
    assert AuditEntry.objects.filter(object_type="hand").count() == 1


def test_hand_record_different_event_at_a_taken_position_is_a_conflict(game, players):
    stored = game_services.hand_record(game=game, position=0, event=ron(1, loser=2), by=players[0].user)

    with pytest.raises(HandConflict, match="already entered") as exc:
        game_services.hand_record(game=game, position=0, event=tsumo(3), by=players[3].user)

    assert exc.value.existing.pk == stored.pk
    assert exc.value.code == "conflict"
    assert HandRecord.objects.get(game=game).event == ron(1, loser=2)


def test_hand_record_refuses_a_position_beyond_the_next(game, players):
    with pytest.raises(HandRefused, match="next hand of this game is hand 1") as exc:
        game_services.hand_record(game=game, position=1, event=ron(1, loser=2), by=players[0].user)

    assert exc.value.code == "position"
    assert not HandRecord.objects.exists()


@pytest.mark.parametrize(
    "event",
    [
        pytest.param({"kind": "ron", "loser": 1, "wins": [{"winner": 1, "han": 1, "fu": 30}]},
                     id="winner-is-the-loser"),
        pytest.param({"kind": "tsumo", "winner": 7, "han": 1, "fu": 30}, id="no-such-seat"),
        pytest.param({"kind": "dance"}, id="unknown-kind"),
        pytest.param({"kind": "abort", "reason": "four_winds"}, id="juki-has-no-abortive-draws"),
    ],
)
def test_hand_record_refuses_what_the_engine_refuses_with_its_message(game, players, event):
    with pytest.raises(HandRefused) as exc:
        game_services.hand_record(game=game, position=0, event=event, by=players[0].user)

    assert exc.value.message
    assert exc.value.to_json()["error"]["hand"] == 0
    assert not HandRecord.objects.exists()


def test_hand_record_refuses_anyone_but_players_referees_and_admins(game, host):
    outsider = UserFactory()

    for user in (outsider, host.user):
        with pytest.raises(PermissionDenied):
            game_services.hand_record(game=game, position=0, event=ron(1, loser=2), by=user)
    assert not HandRecord.objects.exists()


def test_finishing_hand_caches_the_final_result_and_queues_the_recompute(game, players, recomputes):
    record_all(game, ALL_LAST_FINISH, players[0].user)

    assert game.status == Game.Status.FINISHED
    assert game.finished_at is not None
    assert game.ended_by == "all_last"
    assert game.final_scores == [32000, 18000, 25000, 25000]
    assert game.final_ranks == [1, 4, 2, 3]
    assert game.final_points == game_selectors.game_replay(game).to_json()["final"]["points"]
    assert game.final_stats["seats"][0]["wins"] >= 1
    assert len(game.final_stats["seats"]) == 4
    assert recomputes == [game.season_id]
    assert recomputes.finished == [True]  # only a game just finished: the update may add it to the snapshot


def test_no_hand_after_the_game_ended(game, players):
    record_all(game, ALL_LAST_FINISH, players[0].user)

    with pytest.raises(HandRefused, match="over"):
        game_services.hand_record(game=game, position=len(ALL_LAST_FINISH), event=draw(), by=players[0].user)


def test_in_progress_hands_do_not_queue_a_recompute(game, players, recomputes):
    record_all(game, TO_SOUTH_4, players[0].user)

    assert game.status == Game.Status.IN_PROGRESS
    assert game.final_scores is None
    assert recomputes == []


# --- hand_edit -----------------------------------------------------------------------------------
def test_hand_edit_replays_the_later_hands(game, players, referee):
    record_all(game, [ron(1, loser=2), ron(2, loser=3)], players[0].user)
    first = HandRecord.objects.get(game=game, position=0)

    game_services.hand_edit(hand=first, event=ron(1, loser=2, han=3), by=referee.user, reason="3 han, not 1")

    assert HandRecord.objects.get(pk=first.pk).event == ron(1, loser=2, han=3)
    assert scores(game) == [25000, 28900, 25000 - 3900 + 1000, 25000 - 1000]
    entry = AuditEntry.objects.get(object_type="hand", object_id=str(first.pk), action=AuditEntry.Action.EDIT)
    assert entry.before["event"] == ron(1, loser=2)
    assert entry.after["event"] == ron(1, loser=2, han=3)
    assert entry.reason == "3 han, not 1"
    assert entry.actor == referee.user


def test_hand_edit_of_a_finished_game_refreshes_the_cache_and_recomputes(game, players, referee, recomputes):
    record_all(game, ALL_LAST_FINISH, players[0].user)
    last = HandRecord.objects.get(game=game, position=len(ALL_LAST_FINISH) - 1)
    recomputes.clear()

    game_services.hand_edit(hand=last, event=ron(0, loser=1, han=6), by=referee.user, reason="haneman")

    game.refresh_from_db()
    assert game.final_scores == [24000 + 12000, 26000 - 12000, 25000, 25000]
    assert recomputes == [game.season_id]
    assert recomputes.finished == [False]  # a finished game changed: the standings recompute whole


def test_hand_edit_refused_when_a_later_hand_becomes_impossible(game, players, referee):
    record_all(game, AGARI_YAME_FINISH, players[0].user)
    dealer_win = HandRecord.objects.get(game=game, position=7)
    before = game_selectors.game_record(game)

    # A non-dealer win at South 4 ends the game, so the dealer's "stop" after it is impossible.
    with pytest.raises(HandRefused, match="makes hand 9 impossible") as exc:
        game_services.hand_edit(hand=dealer_win, event=ron(0, loser=1, han=5), by=referee.user, reason="typo")

    assert exc.value.hand == 8
    assert game_selectors.game_record(game) == before
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.ended_by == "stop"
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.EDIT).exists()


# --- hand_delete / hand_undo_last ------------------------------------------------------------
def test_hand_delete_renumbers_later_hands_and_replays(game, players, referee):
    record_all(game, [ron(1, loser=2), draw([0]), ron(3, loser=0)], players[0].user)
    middle = HandRecord.objects.get(game=game, position=1)

    game_services.hand_delete(hand=middle, by=referee.user, reason="entered twice")

    assert [(h.position, h.event) for h in game.hands.order_by("position")] == [(0, ron(1, loser=2)),
                                                                                (1, ron(3, loser=0))]
    entry = AuditEntry.objects.get(action=AuditEntry.Action.DELETE)
    assert entry.before == {"game": game.pk, "position": 1, "event": draw([0])}
    assert entry.after is None
    assert entry.reason == "entered twice"


def test_hand_delete_refused_when_a_later_hand_becomes_impossible(game, players, referee):
    record_all(game, AGARI_YAME_FINISH, players[0].user)
    dealer_win = HandRecord.objects.get(game=game, position=7)

    with pytest.raises(HandRefused, match="makes hand 9 impossible"):
        game_services.hand_delete(hand=dealer_win, by=referee.user, reason="oops")

    assert game.hands.count() == len(AGARI_YAME_FINISH)


def test_hand_undo_last_removes_the_last_hand_and_reopens_a_finished_game(game, players, referee, recomputes):
    record_all(game, ALL_LAST_FINISH, players[0].user)
    recomputes.clear()

    removed = game_services.hand_undo_last(game=game, by=referee.user, position=game.hands.count() - 1, reason="undo")

    game.refresh_from_db()
    assert removed == ALL_LAST_FINISH[-1]
    assert game.hands.count() == len(ALL_LAST_FINISH) - 1
    assert game.status == Game.Status.IN_PROGRESS
    assert game.final_scores is None
    assert game.finished_at is None
    assert game.ended_by == ""
    assert recomputes == [game.season_id]
    assert AuditEntry.objects.filter(action=AuditEntry.Action.DELETE, reason="undo").count() == 1


def test_hand_undo_last_on_an_empty_game_does_nothing(game, players):
    assert game_services.hand_undo_last(game=game, by=players[0].user, position=None) is None
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.DELETE).exists()


# --- game_cancel -------------------------------------------------------------------------------
def test_game_cancel_freezes_the_game_and_recomputes_a_finished_one(game, players, referee, recomputes):
    record_all(game, ALL_LAST_FINISH, players[0].user)
    recomputes.clear()

    game_services.game_cancel(game=game, by=referee.user, reason="wrong season")

    game.refresh_from_db()
    assert game.status == Game.Status.CANCELLED
    assert game.cancel_reason == "wrong season"
    assert recomputes == [game.season_id]
    entry = AuditEntry.objects.get(action=AuditEntry.Action.CANCEL, object_type="game")
    assert entry.before["status"] == Game.Status.FINISHED
    assert entry.after["status"] == Game.Status.CANCELLED
    with pytest.raises(HandRefused, match="cancelled"):
        game_services.hand_undo_last(game=game, by=referee.user, position=None)


@pytest.mark.parametrize(
    ("actor", "reason", "error"),
    [
        pytest.param("player", "bad", PermissionDenied, id="players-may-not-cancel"),
        pytest.param("referee", "  ", ValidationError, id="a-reason-is-required"),
    ],
)
def test_game_cancel_refusals(game, players, referee, actor, reason, error):
    user = players[0].user if actor == "player" else referee.user

    with pytest.raises(error):
        game_services.game_cancel(game=game, by=user, reason=reason)
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS


# --- penalties -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kind", "event"),
    [
        pytest.param("chombo", {"kind": "chombo", "offender": 2}, id="chombo-is-a-chombo-event"),
        pytest.param("yellow_card", {"kind": "penalty", "player": 2, "type": "yellow_card"}, id="yellow-card-event"),
        pytest.param(
            "agari_forbidden", {"kind": "penalty", "player": 2, "type": "agari_forbidden"}, id="agari-forbidden-event"
        ),
    ],
)
def test_penalty_give_in_game_appends_a_contract_event(game, players, referee, kind, event):
    game_services.hand_record(game=game, position=0, event=ron(1, loser=0), by=referee.user)

    penalty = referee_services.penalty_give(game=game, member=players[2], type=kind, reason="판정", by=referee.user)

    assert penalty.hand_record.position == 1
    assert penalty.hand_record.event == event
    assert penalty.season == game.season
    assert penalty.game == game
    entry = AuditEntry.objects.get(object_type="penalty", object_id=str(penalty.pk))
    assert entry.before is None
    assert entry.after["type"] == kind
    assert entry.after["event"] == event


def test_juki_chombo_costs_3000_to_each_other_player(game, players, referee):
    referee_services.penalty_give(game=game, member=players[2], type="chombo", reason="noten riichi", by=referee.user)

    assert scores(game) == [28000, 28000, 16000, 28000]


@pytest.mark.parametrize(
    ("beneficiary", "expected"),
    [
        pytest.param(None, [26000, 26000, 22000, 26000], id="ruling-shared-by-the-other-players"),
        pytest.param(0, [28000, 25000, 22000, 25000], id="ruling-paid-to-one-player"),
    ],
)
def test_referee_ruling_with_an_amount_moves_table_points(game, players, referee, beneficiary, expected):
    to = players[beneficiary] if beneficiary is not None else None

    penalty = referee_services.penalty_give(
        game=game, member=players[2], type="ruling", amount=3000, beneficiary=to, reason="심판 재정", by=referee.user
    )

    event = {"kind": "penalty", "player": 2, "type": "ruling", "amount": 3000}
    assert penalty.hand_record.event == (event if to is None else event | {"to": 0})
    assert scores(game) == expected


def test_penalty_cancel_removes_the_event_and_replays(game, players, referee):
    game_services.hand_record(game=game, position=0, event=ron(1, loser=0), by=referee.user)
    penalty = referee_services.penalty_give(game=game, member=players[2], type="chombo", reason="x", by=referee.user)
    game_services.hand_record(game=game, position=2, event=ron(3, loser=1), by=referee.user)

    referee_services.penalty_cancel(penalty=penalty, by=referee.user, reason="wrong player")

    penalty.refresh_from_db()
    assert penalty.cancelled_at is not None
    assert penalty.cancel_reason == "wrong player"
    assert penalty.cancelled_by == referee.user
    assert penalty.hand_record is None
    assert [h.event for h in game.hands.order_by("position")] == [ron(1, loser=0), ron(3, loser=1)]
    assert scores(game) == [24000, 25000, 25000, 26000]
    entry = AuditEntry.objects.get(object_type="penalty", action=AuditEntry.Action.CANCEL)
    assert entry.before["cancelled_at"] is None
    assert entry.after["cancelled_at"] is not None


def test_season_deduction_is_a_row_only_and_recomputes(season, players, referee, recomputes):
    penalty = referee_services.penalty_give(
        season=season, member=players[0], type="season_deduction", points=Decimal("20"), reason="무단 불참",
        by=referee.user,
    )

    assert penalty.points == Decimal("20")
    assert penalty.hand_record is None
    assert penalty.game is None
    assert not HandRecord.objects.exists()
    assert recomputes == [season.pk]

    referee_services.penalty_cancel(penalty=penalty, by=referee.user, reason="excused")
    assert recomputes == [season.pk, season.pk]
    assert list(referee_selectors.penalties_for(season=season)) == []
    assert list(referee_selectors.penalties_for(season=season, include_cancelled=True)) == [penalty]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        pytest.param({"type": "season_deduction"}, "needs the points", id="deduction-needs-points"),
        pytest.param({"type": "chombo"}, "during a game", id="chombo-needs-a-game"),
        pytest.param({"type": "nonsense"}, "Unknown penalty", id="unknown-type"),
    ],
)
def test_penalty_give_refusals(season, players, referee, kwargs, message):
    with pytest.raises(ValidationError, match=message):
        referee_services.penalty_give(season=season, member=players[0], reason="r", by=referee.user, **kwargs)
    assert not Penalty.objects.exists()


def test_penalty_type_the_ruleset_lacks_is_refused(club, players, referee):
    season = SeasonFactory(club=club, ruleset__club=club, ruleset__key="tenhou", ruleset__base="tenhou")
    game = game_services.game_start(season=season, members=players, by=referee.user)

    with pytest.raises(ValidationError, match="has no"):
        referee_services.penalty_give(game=game, member=players[0], type="yellow_card", reason="r", by=referee.user)


def test_only_referees_and_admins_give_penalties(game, players, host, club_admin):
    for user in (players[0].user, host.user):
        with pytest.raises(PermissionDenied):
            referee_services.penalty_give(game=game, member=players[1], type="chombo", reason="r", by=user)

    referee_services.penalty_give(game=game, member=players[1], type="chombo", reason="r", by=club_admin.user)
    assert Penalty.objects.count() == 1


# --- rulesets and seasons ---------------------------------------------------------------------
def test_ruleset_update_of_a_frozen_ruleset_makes_a_new_version(game, club_admin):
    frozen = game.ruleset
    frozen.refresh_from_db()

    new = season_services.ruleset_update(ruleset=frozen, overrides={"kiriage": True}, by=club_admin.user)

    assert new.pk != frozen.pk
    assert new.key == frozen.key
    assert int(new.version) == int(frozen.version) + 1
    assert new.to_scoring().kiriage is True
    assert frozen.to_scoring().kiriage is False
    assert not new.frozen


def test_ruleset_create_refuses_an_unknown_option(club, club_admin):
    with pytest.raises(ValidationError, match="Unknown rule option"):
        season_services.ruleset_create(club=club, key="x", name="X", base="asi-shirai", overrides={"bogus": 1},
                                by=club_admin.user)


def test_season_create_audits(club, ruleset, club_admin):
    season = season_services.season_create(club=club, name="2026 봄", ruleset=ruleset, by=club_admin.user)

    entry = AuditEntry.objects.get(object_type="season", object_id=str(season.pk))
    assert entry.after["name"] == "2026 봄"


def test_stop_only_when_the_dealer_may_choose(game, players):
    record_all(game, TO_SOUTH_4, players[0].user)

    with pytest.raises(HandRefused):
        game_services.hand_record(game=game, position=len(TO_SOUTH_4), event=STOP, by=players[0].user)
