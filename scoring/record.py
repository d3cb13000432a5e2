"""The game record: parsing the contract's JSON into typed events, and writing it back.

Only shape is checked here (fields, types, player indexes, duplicates, han/fu that no
hand can have). Whether an event is allowed *at that point of the game* (riichi with
too few points, an abortive draw the ruleset lacks, an event after the end) is
decided by :mod:`scoring.game`, which knows the state.

Every refusal is a :class:`ScoringError` whose ``hand`` is the index of the event.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring import messages as M
from scoring.errors import ScoringError
from scoring.payments import check_han_fu
from scoring.rules import Abort, Ruleset, resolve
from scoring.vocabulary import EVENT_PENALTIES, EventKind, PenaltyType

FORMAT = "mahjong-club-game/1"

# Keys any event may carry without meaning anything to the engine (documented in
# docs/game-record.md): a free-text note from the table, and "x_*" extension keys.
_FREE_KEYS = ("note",)


class PaoFor(enum.StrEnum):
    """What a WIN's ``pao`` is liable for (optional ``pao_for``; inferred when absent)."""

    DAISANGEN = "daisangen"
    DAISUUSHII = "daisuushii"
    SUUKANTSU = "suukantsu"
    DAIMINKAN_RINSHAN = "daiminkan_rinshan"


@dataclass(frozen=True)
class Win:
    """One winner's hand: han/fu, a yakuman multiple, or a full HAND to auto-score."""

    winner: int
    han: int | None = None
    fu: int | None = None
    yakuman: int | None = None
    hand: Mapping[str, Any] | None = None
    pao: int | None = None
    """The liable player (sekinin barai)."""
    pao_yakuman: int | None = None
    """How many of the yakuman multiples the liable player covers (partial pao)."""
    pao_for: PaoFor | None = None
    dora: int | None = None
    """How many of ``han`` are dora/ura/red fives/flowers."""
    open: bool = False
    """The table's one tap "울었음": the winner had called (an open hand). Statistics only; the
    value comes from han/fu (a full ``hand`` knows its melds itself)."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"winner": self.winner}
        for key in ("han", "fu", "yakuman", "hand", "pao", "pao_yakuman", "dora"):
            value = getattr(self, key)
            if value is not None:
                out[key] = dict(value) if key == "hand" else value
        if self.pao_for is not None:
            out["pao_for"] = self.pao_for.value
        if self.open:
            out["open"] = True
        return out


@dataclass(frozen=True)
class Ron:
    loser: int
    wins: tuple[Win, ...]
    riichi: tuple[int, ...] = ()
    kind = EventKind.RON

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "ron", "loser": self.loser, "wins": [w.to_dict() for w in self.wins],
                "riichi": list(self.riichi)}


@dataclass(frozen=True)
class Tsumo:
    win: Win
    riichi: tuple[int, ...] = ()
    kind = EventKind.TSUMO

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "tsumo", **self.win.to_dict(), "riichi": list(self.riichi)}


@dataclass(frozen=True)
class Draw:
    """Exhaustive draw."""

    tenpai: tuple[int, ...] = ()
    riichi: tuple[int, ...] = ()
    kind = EventKind.DRAW

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "draw", "tenpai": list(self.tenpai), "riichi": list(self.riichi)}


@dataclass(frozen=True)
class NagashiEvent:
    players: tuple[int, ...]
    tenpai: tuple[int, ...] = ()
    riichi: tuple[int, ...] = ()
    kind = EventKind.NAGASHI

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "nagashi", "players": list(self.players), "tenpai": list(self.tenpai),
                "riichi": list(self.riichi)}


@dataclass(frozen=True)
class AbortEvent:
    reason: Abort
    riichi: tuple[int, ...] = ()
    kind = EventKind.ABORT

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "abort", "reason": self.reason.value, "riichi": list(self.riichi)}


@dataclass(frozen=True)
class Chombo:
    offender: int
    deliberate: bool = False
    riichi: tuple[int, ...] = ()
    """Riichi sticks placed in the voided hand (optional; they go back to their owners)."""
    kind = EventKind.CHOMBO

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": "chombo", "offender": self.offender}
        if self.deliberate:
            out["deliberate"] = True
        if self.riichi:
            out["riichi"] = list(self.riichi)
        return out


@dataclass(frozen=True)
class PenaltyEvent:
    player: int
    type: PenaltyType
    amount: int | None = None
    """A ruling: the table points the player pays."""
    to: int | None = None
    """A ruling: who receives them (None: shared equally by the other players)."""
    kind = EventKind.PENALTY

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": "penalty", "player": self.player, "type": self.type.value}
        if self.amount is not None:
            data["amount"] = self.amount
        if self.to is not None:
            data["to"] = self.to
        return data


@dataclass(frozen=True)
class Stop:
    kind = EventKind.STOP

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "stop"}


class EndReason(enum.StrEnum):
    """Why an ``end`` event ends the game between hands."""

    TIME = "time"
    """The table's time ran out and the event's end rule says the game is over."""
    REFEREE = "referee"
    """A referee ends the game at the scores it stands at (e.g. a table that cannot go on)."""


@dataclass(frozen=True)
class End:
    """The game ends now, between hands, at the scores it stands at."""

    reason: EndReason
    note: str = ""
    kind = EventKind.END

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": "end", "reason": self.reason.value}
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True)
class Result:
    """The game was not entered hand by hand: each seat's score as the table counted it at the end,
    and the riichi sticks left on the table. The record's only event."""

    scores: tuple[int, ...]
    sticks: int = 0
    kind = EventKind.RESULT

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": "result", "scores": list(self.scores)}
        if self.sticks:
            out["sticks"] = self.sticks
        return out


Event = Ron | Tsumo | Draw | NagashiEvent | AbortEvent | Chombo | PenaltyEvent | Stop | End | Result

GAME_ENDS = (End, Result)
"""The events after which nothing may follow (the game ends with them, whatever the table)."""

HAND_EVENTS = (Ron, Tsumo, Draw, NagashiEvent, AbortEvent)
"""The events that end a deal (a hand played); a chombo's hand is dealt again, and penalties
and ``stop`` are not hands."""


def event_wins(event: Event) -> tuple[Win, ...]:
    """The wins of an event: a ron's (one to three), a tsumo's one, none for the others."""
    if isinstance(event, Ron):
        return event.wins
    if isinstance(event, Tsumo):
        return (event.win,)
    return ()

@dataclass(frozen=True)
class GameRecord:
    ruleset: Ruleset
    players: tuple[str, ...]
    events: tuple[Event, ...]
    ruleset_spec: Any = field(default=None, compare=False)
    """The ruleset exactly as the record named it (a key or {base, overrides})."""

    @property
    def hands(self) -> tuple[Event, ...]:
        return self.events

    def to_dict(self) -> dict[str, Any]:
        spec = self.ruleset_spec if self.ruleset_spec is not None else self.ruleset.key
        return {
            "format": FORMAT,
            "ruleset": spec,
            "players": list(self.players),
            "hands": [e.to_dict() for e in self.events],
        }


# ---------------------------------------------------------------------------------------
def parse_record(data: Any) -> GameRecord:
    """A :class:`GameRecord` from the contract's JSON object; ``ScoringError`` when malformed."""
    if not isinstance(data, Mapping):
        raise ScoringError(M.RECORD_NOT_OBJECT)
    unknown = set(data) - {"format", "ruleset", "players", "hands", "note"} - _extension_keys(data)
    if unknown:
        raise ScoringError(M.RECORD_UNKNOWN_FIELDS, fields=", ".join(sorted(unknown)))
    if "format" in data and data["format"] != FORMAT:
        raise ScoringError(M.RECORD_UNKNOWN_FORMAT, format=data["format"], expected=FORMAT)
    if "ruleset" not in data:
        raise ScoringError(M.RECORD_NO_RULESET)
    spec = data["ruleset"]
    ruleset = resolve(spec)
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise ScoringError(M.RECORD_PLAYERS_NAMES)
    if len(players) != ruleset.players:
        raise ScoringError(M.RECORD_PLAYER_COUNT, key=ruleset.key, players=ruleset.players, count=len(players))
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        raise ScoringError(M.RECORD_HANDS_LIST)
    try:
        events = tuple(parse_event(e, players=ruleset.players, index=i) for i, e in enumerate(hands))
    except ScoringError as exc:
        raise exc.naming(players) from exc.__cause__
    return GameRecord(ruleset=ruleset, players=tuple(players), events=events, ruleset_spec=spec)


def parse_event(data: Any, *, players: int, index: int | None = None) -> Event:
    """One event; errors carry ``index``."""
    try:
        return _parse_event(data, players)
    except ScoringError as exc:
        raise (exc.at(index) if index is not None else exc) from exc.__cause__


def _extension_keys(data: Mapping[str, Any]) -> set[str]:
    return {k for k in data if isinstance(k, str) and k.startswith("x_")}


def _check_keys(data: Mapping[str, Any], allowed: set[str], what: M.Message) -> None:
    unknown = data.keys() - allowed
    if unknown:
        unknown = unknown - set(_FREE_KEYS) - _extension_keys(data)
    if unknown:
        raise ScoringError(M.UNKNOWN_EVENT_FIELDS, what=what, fields=", ".join(sorted(map(str, unknown))))


def _player(value: Any, players: int, what: M.Message | M.Text) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoringError(M.PLAYER_NOT_NUMBER, what=what, last=players - 1)
    if not 0 <= value < players:
        raise ScoringError(M.NO_SUCH_PLAYER, value=value, what=what, last=players - 1)
    return value


def _parse_ruling(data: Mapping[str, Any], players: int) -> PenaltyEvent:
    """A referee's ruling: ``{"kind": "penalty", "type": "ruling", "player", "amount", "to"?}``."""
    _check_keys(data, {"kind", "player", "type", "amount", "to"}, M.WHAT_RULING)
    player = _player(data.get("player"), players, M.WHAT_RULING_PAYER)
    amount = data.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0 or amount % 100:
        raise ScoringError(M.RULING_AMOUNT)
    to = data.get("to")
    if to is None:
        if amount % (100 * (players - 1)):
            raise ScoringError(M.RULING_SPLIT, others=players - 1, amount=amount)
    else:
        to = _player(to, players, M.WHAT_RULING_RECEIVER)
        if to == player:
            raise ScoringError(M.RULING_SELF)
    return PenaltyEvent(player=player, type=PenaltyType.RULING, amount=amount, to=to)


def _player_list(data: Mapping[str, Any], key: str, players: int, what: M.Message, *,
                 required: bool = False) -> tuple[int, ...]:
    if key not in data or data[key] is None:
        if required:
            raise ScoringError(M.PLAYER_LIST_MISSING, what=what)
        return ()
    value = data[key]
    if not isinstance(value, list):
        raise ScoringError(M.PLAYER_LIST_NOT_LIST, what=what)
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < players:
            _player(v, players, M.LIST_PLAYER(what=what))  # raises the refusal that says which
    result = tuple(value)
    if len(set(result)) != len(result):
        raise ScoringError(M.PLAYER_LISTED_TWICE, what=what)
    return result


def _int(value: Any, what: M.Message, *, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ScoringError(M.NOT_WHOLE_NUMBER, what=what, minimum=minimum)
    return value


_WIN_KEYS = {"winner", "han", "fu", "yakuman", "hand", "pao", "pao_yakuman", "pao_for", "dora", "open"}


def _parse_win(data: Mapping[str, Any], players: int) -> Win:
    winner = _player(data.get("winner"), players, M.WHAT_WINNER)
    han, fu, yakuman, hand = data.get("han"), data.get("fu"), data.get("yakuman"), data.get("hand")
    given = [k for k, v in (("han", han), ("yakuman", yakuman), ("hand", hand)) if v is not None]
    if len(given) != 1:
        if not given:
            raise ScoringError(M.WIN_NEEDS_VALUE, who=M.player_label(winner))
        raise ScoringError(M.WIN_GIVES_SEVERAL, who=M.player_label(winner), given=" and ".join(given))
    if fu is not None and han is None:
        raise ScoringError(M.WIN_FU_WITHOUT_HAN, who=M.player_label(winner))
    if han is not None:
        check_han_fu(han, fu)
    if yakuman is not None:
        yakuman = _int(yakuman, M.WHAT_YAKUMAN_MULTIPLE, minimum=1)
    if hand is not None and not isinstance(hand, Mapping):
        raise ScoringError(M.WIN_HAND_NOT_OBJECT, who=M.player_label(winner))
    dora = data.get("dora")
    if dora is not None:
        dora = _int(dora, M.WHAT_DORA, minimum=0)
        if han is not None and dora > han:
            raise ScoringError(M.WIN_DORA_OVER_HAN, who=M.player_label(winner), dora=dora, han=han)
    pao = data.get("pao")
    if pao is not None:
        pao = _player(pao, players, M.WHAT_PAO_PLAYER)
        if pao == winner:
            raise ScoringError(M.PAO_OWN_WIN, who=M.player_label(winner))
    pao_yakuman = data.get("pao_yakuman")
    pao_for = data.get("pao_for")
    if (pao_yakuman is not None or pao_for is not None) and pao is None:
        raise ScoringError(M.PAO_NEEDS_PLAYER)
    if pao_yakuman is not None:
        pao_yakuman = _int(pao_yakuman, M.WHAT_PAO_YAKUMAN, minimum=1)
        if yakuman is not None and pao_yakuman > yakuman:
            raise ScoringError(M.PAO_OVER_YAKUMAN, pao=pao_yakuman, yakuman=yakuman)
    if pao_for is not None:
        try:
            pao_for = PaoFor(pao_for)
        except ValueError:
            raise ScoringError(M.UNKNOWN_PAO_FOR, value=pao_for, known=", ".join(p.value for p in PaoFor)) from None
    is_open = data.get("open", False)
    if not isinstance(is_open, bool):
        raise ScoringError(M.WIN_OPEN_NOT_BOOL, who=M.player_label(winner))
    return Win(
        winner=winner, han=han, fu=fu, yakuman=yakuman, hand=dict(hand) if hand is not None else None,
        pao=pao, pao_yakuman=pao_yakuman, pao_for=pao_for, dora=dora, open=is_open,
    )


def _check_open(wins: tuple[Win, ...] | list[Win], riichi: tuple[int, ...]) -> None:
    """An open hand cannot have declared riichi (riichi is a closed hand's)."""
    for w in wins:
        if w.open and w.winner in riichi:
            raise ScoringError(M.WIN_OPEN_WITH_RIICHI, who=M.player_label(w.winner))


def _parse_ron(data: Mapping[str, Any], players: int) -> Ron:
    _check_keys(data, {"kind", "loser", "wins", "riichi"}, M.WHAT_RON)
    loser = _player(data.get("loser"), players, M.WHAT_LOSER)
    wins_data = data.get("wins")
    if not isinstance(wins_data, list) or not wins_data:
        raise ScoringError(M.RON_NEEDS_WINS)
    if len(wins_data) > players - 1:
        raise ScoringError(M.RON_TOO_MANY_WINNERS, most=players - 1)
    wins = []
    for w in wins_data:
        if not isinstance(w, Mapping):
            raise ScoringError(M.WIN_NOT_OBJECT)
        _check_keys(w, _WIN_KEYS, M.WHAT_WIN)
        wins.append(_parse_win(w, players))
    winners = [w.winner for w in wins]
    if len(set(winners)) != len(winners):
        raise ScoringError(M.RON_WINNER_TWICE)
    if loser in winners:
        raise ScoringError(M.RON_OWN_DISCARD, who=M.player_label(loser))
    riichi = _player_list(data, "riichi", players, M.WHAT_RIICHI)
    _check_open(wins, riichi)
    return Ron(loser=loser, wins=tuple(wins), riichi=riichi)


def _parse_tsumo(data: Mapping[str, Any], players: int) -> Tsumo:
    _check_keys(data, _WIN_KEYS | {"kind", "riichi"}, M.WHAT_TSUMO)
    win = _parse_win(data, players)
    riichi = _player_list(data, "riichi", players, M.WHAT_RIICHI)
    _check_open([win], riichi)
    return Tsumo(win=win, riichi=riichi)


def _parse_draw(data: Mapping[str, Any], players: int) -> Draw:
    _check_keys(data, {"kind", "tenpai", "riichi"}, M.WHAT_DRAW)
    return Draw(
        tenpai=_player_list(data, "tenpai", players, M.WHAT_TENPAI),
        riichi=_player_list(data, "riichi", players, M.WHAT_RIICHI),
    )


def _parse_nagashi(data: Mapping[str, Any], players: int) -> NagashiEvent:
    _check_keys(data, {"kind", "players", "tenpai", "riichi"}, M.WHAT_NAGASHI)
    made = _player_list(data, "players", players, M.WHAT_NAGASHI, required=True)
    if not made:
        raise ScoringError(M.NAGASHI_NEEDS_PLAYER)
    return NagashiEvent(
        players=made,
        tenpai=_player_list(data, "tenpai", players, M.WHAT_TENPAI),
        riichi=_player_list(data, "riichi", players, M.WHAT_RIICHI),
    )


def _parse_abort(data: Mapping[str, Any], players: int) -> AbortEvent:
    _check_keys(data, {"kind", "reason", "riichi"}, M.WHAT_ABORT)
    try:
        reason = Abort(data.get("reason"))
    except ValueError:
        raise ScoringError(
            M.UNKNOWN_ABORT, reason=data.get("reason"), known=", ".join(a.value for a in Abort)
        ) from None
    return AbortEvent(reason=reason, riichi=_player_list(data, "riichi", players, M.WHAT_RIICHI))


def _parse_chombo(data: Mapping[str, Any], players: int) -> Chombo:
    _check_keys(data, {"kind", "offender", "deliberate", "riichi"}, M.WHAT_CHOMBO)
    deliberate = data.get("deliberate", False)
    if not isinstance(deliberate, bool):
        raise ScoringError(M.DELIBERATE_BOOL)
    return Chombo(
        offender=_player(data.get("offender"), players, M.WHAT_CHOMBO_OFFENDER),
        deliberate=deliberate,
        riichi=_player_list(data, "riichi", players, M.WHAT_RIICHI),
    )


def _parse_penalty(data: Mapping[str, Any], players: int) -> PenaltyEvent:
    if data.get("type") == PenaltyType.RULING.value:
        return _parse_ruling(data, players)
    _check_keys(data, {"kind", "player", "type"}, M.WHAT_PENALTY)
    try:
        ptype = PenaltyType(data.get("type"))
    except ValueError:
        ptype = None
    if ptype not in EVENT_PENALTIES:
        raise ScoringError(
            M.UNKNOWN_PENALTY, type=data.get("type"), known=", ".join(sorted(p.value for p in EVENT_PENALTIES))
        )
    return PenaltyEvent(player=_player(data.get("player"), players, M.WHAT_PENALISED), type=ptype)


def _parse_stop(data: Mapping[str, Any], players: int) -> Stop:
    _check_keys(data, {"kind"}, M.WHAT_STOP)
    return Stop()


def _parse_end(data: Mapping[str, Any], players: int) -> End:
    _check_keys(data, {"kind", "reason", "note"}, M.WHAT_END)
    try:
        reason = EndReason(data.get("reason"))
    except ValueError:
        raise ScoringError(
            M.UNKNOWN_END_REASON, reason=data.get("reason"), known=", ".join(r.value for r in EndReason)
        ) from None
    note = data.get("note", "")
    if note is None:
        note = ""
    if not isinstance(note, str):
        raise ScoringError(M.END_NOTE_TEXT)
    return End(reason=reason, note=note.strip())


def _parse_result(data: Mapping[str, Any], players: int) -> Result:
    _check_keys(data, {"kind", "scores", "sticks"}, M.WHAT_RESULT)
    scores = data.get("scores")
    if (not isinstance(scores, list) or len(scores) != players
            or any(isinstance(v, bool) or not isinstance(v, int) for v in scores)):
        raise ScoringError(M.RESULT_SCORES, players=players)
    sticks = data.get("sticks", 0)
    if sticks is None:
        sticks = 0
    sticks = _int(sticks, M.WHAT_RESULT_STICKS, minimum=0)
    return Result(scores=tuple(scores), sticks=sticks)


# Each event kind's parser: the shape of one event of that kind.
_PARSERS: dict[str, Callable[[Mapping[str, Any], int], Event]] = {
    EventKind.RON: _parse_ron,
    EventKind.TSUMO: _parse_tsumo,
    EventKind.DRAW: _parse_draw,
    EventKind.NAGASHI: _parse_nagashi,
    EventKind.ABORT: _parse_abort,
    EventKind.CHOMBO: _parse_chombo,
    EventKind.PENALTY: _parse_penalty,
    EventKind.STOP: _parse_stop,
    EventKind.END: _parse_end,
    EventKind.RESULT: _parse_result,
}


def _parse_event(data: Any, players: int) -> Event:
    if not isinstance(data, Mapping):
        raise ScoringError(M.EVENT_NOT_OBJECT)
    kind = data.get("kind")
    parser = _PARSERS.get(kind) if isinstance(kind, str) else None
    if parser is None:
        raise ScoringError(M.UNKNOWN_EVENT_KIND, kind=kind)
    return parser(data, players)


__all__ = [
    "GAME_ENDS", "AbortEvent", "Chombo", "Draw", "End", "EndReason", "Event", "FORMAT", "GameRecord", "HAND_EVENTS",
    "NagashiEvent", "PaoFor", "Result",
    "PenaltyEvent", "Ron", "Stop", "Tsumo", "Win", "event_wins", "parse_event", "parse_record",
]
