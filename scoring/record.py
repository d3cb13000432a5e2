"""The game record: parsing the contract's JSON into typed events, and writing it back.

Only shape is checked here (fields, types, player indexes, duplicates, han/fu that no
hand can have). Whether an event is allowed *at that point of the game* (riichi with
too few points, an abortive draw the ruleset lacks, an event after the end) is
decided by :mod:`scoring.game`, which knows the state.

Every refusal is a :class:`ScoringError` whose ``hand`` is the index of the event.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Mapping, Union

from scoring.errors import ScoringError
from scoring.payments import check_han_fu
from scoring.rules import Abort, PenaltyType, Ruleset, resolve

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

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"winner": self.winner}
        for key in ("han", "fu", "yakuman", "hand", "pao", "pao_yakuman", "dora"):
            value = getattr(self, key)
            if value is not None:
                out[key] = dict(value) if key == "hand" else value
        if self.pao_for is not None:
            out["pao_for"] = self.pao_for.value
        return out


@dataclass(frozen=True)
class Ron:
    loser: int
    wins: tuple[Win, ...]
    riichi: tuple[int, ...] = ()
    kind = "ron"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "ron", "loser": self.loser, "wins": [w.to_dict() for w in self.wins], "riichi": list(self.riichi)}


@dataclass(frozen=True)
class Tsumo:
    win: Win
    riichi: tuple[int, ...] = ()
    kind = "tsumo"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "tsumo", **self.win.to_dict(), "riichi": list(self.riichi)}


@dataclass(frozen=True)
class Draw:
    """Exhaustive draw."""

    tenpai: tuple[int, ...] = ()
    riichi: tuple[int, ...] = ()
    kind = "draw"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "draw", "tenpai": list(self.tenpai), "riichi": list(self.riichi)}


@dataclass(frozen=True)
class NagashiEvent:
    players: tuple[int, ...]
    tenpai: tuple[int, ...] = ()
    riichi: tuple[int, ...] = ()
    kind = "nagashi"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "nagashi", "players": list(self.players), "tenpai": list(self.tenpai), "riichi": list(self.riichi)}


@dataclass(frozen=True)
class AbortEvent:
    reason: Abort
    riichi: tuple[int, ...] = ()
    kind = "abort"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "abort", "reason": self.reason.value, "riichi": list(self.riichi)}


@dataclass(frozen=True)
class Chombo:
    offender: int
    deliberate: bool = False
    riichi: tuple[int, ...] = ()
    """Riichi sticks placed in the voided hand (optional; they go back to their owners)."""
    kind = "chombo"

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
    kind = "penalty"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": "penalty", "player": self.player, "type": self.type.value}
        if self.amount is not None:
            data["amount"] = self.amount
        if self.to is not None:
            data["to"] = self.to
        return data


@dataclass(frozen=True)
class Stop:
    kind = "stop"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "stop"}


Event = Union[Ron, Tsumo, Draw, NagashiEvent, AbortEvent, Chombo, PenaltyEvent, Stop]

# Penalty types that can appear as a `penalty` event (the rest are other events or
# league-level records).
EVENT_PENALTIES = frozenset(
    {
        PenaltyType.PENALTY_POINT,
        PenaltyType.YELLOW_CARD,
        PenaltyType.AGARI_FORBIDDEN,
        PenaltyType.VERBAL_WARNING,
        PenaltyType.RULING,
    }
)


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
        raise ScoringError("A game record must be a JSON object with ruleset, players and hands.")
    unknown = set(data) - {"format", "ruleset", "players", "hands", "note"} - _extension_keys(data)
    if unknown:
        raise ScoringError(f"Unknown field(s) in the game record: {', '.join(sorted(unknown))}.")
    if "format" in data and data["format"] != FORMAT:
        raise ScoringError(f"Unknown record format {data['format']!r}; expected {FORMAT!r}.")
    if "ruleset" not in data:
        raise ScoringError("The game record does not name its ruleset.")
    spec = data["ruleset"]
    ruleset = resolve(spec)
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise ScoringError("Players must be a list of names.")
    if len(players) != ruleset.players:
        raise ScoringError(
            f"The ruleset {ruleset.key!r} is for {ruleset.players} players, but the record names {len(players)}."
        )
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        raise ScoringError("Hands must be a list of events.")
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
        raise exc.at(index) if index is not None else exc


def _extension_keys(data: Mapping[str, Any]) -> set[str]:
    return {k for k in data if isinstance(k, str) and k.startswith("x_")}


def _check_keys(data: Mapping[str, Any], allowed: set[str], what: str) -> None:
    unknown = set(data) - allowed - set(_FREE_KEYS) - _extension_keys(data)
    if unknown:
        raise ScoringError(f"Unknown field(s) in a {what}: {', '.join(sorted(map(str, unknown)))}.")


def _player(value: Any, players: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoringError(f"The {what} must be a player number from 0 to {players - 1}.")
    if not 0 <= value < players:
        raise ScoringError(f"There is no player {value}: the {what} must be from 0 to {players - 1}.")
    return value


def _parse_ruling(data: Mapping[str, Any], players: int) -> PenaltyEvent:
    """A referee's ruling: ``{"kind": "penalty", "type": "ruling", "player", "amount", "to"?}``."""
    _check_keys(data, {"kind", "player", "type", "amount", "to"}, "ruling")
    player = _player(data.get("player"), players, "player who pays the ruling")
    amount = data.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0 or amount % 100:
        raise ScoringError("A ruling needs an amount: a positive number of points in hundreds (e.g. 1000).")
    to = data.get("to")
    if to is None:
        if amount % (100 * (players - 1)):
            raise ScoringError(
                f"A ruling shared by the other {players - 1} players must split into hundreds "
                f"({amount:,} does not); name who receives it with \"to\"."
            )
    else:
        to = _player(to, players, "player who receives the ruling")
        if to == player:
            raise ScoringError("A ruling cannot pay the player who pays it.")
    return PenaltyEvent(player=player, type=PenaltyType.RULING, amount=amount, to=to)


def _player_list(data: Mapping[str, Any], key: str, players: int, what: str, *, required: bool = False) -> tuple[int, ...]:
    if key not in data or data[key] is None:
        if required:
            raise ScoringError(f"The {what} list is missing.")
        return ()
    value = data[key]
    if not isinstance(value, list):
        raise ScoringError(f"The {what} field must be a list of player numbers.")
    result = tuple(_player(v, players, f"{what} player") for v in value)
    if len(set(result)) != len(result):
        raise ScoringError(f"A player is listed twice in {what}.")
    return result


def _int(value: Any, what: str, *, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ScoringError(f"{what} must be a whole number of at least {minimum}.")
    return value


_WIN_KEYS = {"winner", "han", "fu", "yakuman", "hand", "pao", "pao_yakuman", "pao_for", "dora"}


def _parse_win(data: Mapping[str, Any], players: int) -> Win:
    winner = _player(data.get("winner"), players, "winner")
    han, fu, yakuman, hand = data.get("han"), data.get("fu"), data.get("yakuman"), data.get("hand")
    given = [k for k, v in (("han", han), ("yakuman", yakuman), ("hand", hand)) if v is not None]
    if len(given) != 1:
        if not given:
            raise ScoringError(f"Player {winner + 1}'s win needs han and fu, a yakuman multiple, or the hand.")
        raise ScoringError(f"Player {winner + 1}'s win gives {' and '.join(given)}: give only one of them.")
    if fu is not None and han is None:
        raise ScoringError(f"Player {winner + 1}'s win gives fu without han.")
    if han is not None:
        check_han_fu(han, fu)
    if yakuman is not None:
        yakuman = _int(yakuman, "A yakuman multiple", minimum=1)
    if hand is not None and not isinstance(hand, Mapping):
        raise ScoringError(f"Player {winner + 1}'s hand must be an object with tiles, melds and win.")
    dora = data.get("dora")
    if dora is not None:
        dora = _int(dora, "Dora", minimum=0)
        if han is not None and dora > han:
            raise ScoringError(f"Player {winner + 1}'s win has {dora} dora but only {han} han.")
    pao = data.get("pao")
    if pao is not None:
        pao = _player(pao, players, "liable (pao) player")
        if pao == winner:
            raise ScoringError(f"Player {winner + 1} cannot be liable (pao) for their own win.")
    pao_yakuman = data.get("pao_yakuman")
    pao_for = data.get("pao_for")
    if (pao_yakuman is not None or pao_for is not None) and pao is None:
        raise ScoringError("pao_yakuman and pao_for need the liable player in pao.")
    if pao_yakuman is not None:
        pao_yakuman = _int(pao_yakuman, "pao_yakuman", minimum=1)
        if yakuman is not None and pao_yakuman > yakuman:
            raise ScoringError(f"Pao cannot cover {pao_yakuman} yakuman of a {yakuman}x yakuman.")
    if pao_for is not None:
        try:
            pao_for = PaoFor(pao_for)
        except ValueError:
            raise ScoringError(
                f"Unknown pao_for {pao_for!r}; use one of {', '.join(p.value for p in PaoFor)}."
            ) from None
    return Win(
        winner=winner, han=han, fu=fu, yakuman=yakuman, hand=dict(hand) if hand is not None else None,
        pao=pao, pao_yakuman=pao_yakuman, pao_for=pao_for, dora=dora,
    )


def _parse_event(data: Any, players: int) -> Event:
    if not isinstance(data, Mapping):
        raise ScoringError("Each hand must be an object with a kind.")
    kind = data.get("kind")
    if kind == "ron":
        _check_keys(data, {"kind", "loser", "wins", "riichi"}, "ron")
        loser = _player(data.get("loser"), players, "loser (discarder)")
        wins_data = data.get("wins")
        if not isinstance(wins_data, list) or not wins_data:
            raise ScoringError("A ron needs wins: a list of one to three winners.")
        if len(wins_data) > players - 1:
            raise ScoringError(f"A ron can have at most {players - 1} winners.")
        wins = []
        for w in wins_data:
            if not isinstance(w, Mapping):
                raise ScoringError("Each win must be an object with a winner.")
            _check_keys(w, _WIN_KEYS, "win")
            wins.append(_parse_win(w, players))
        winners = [w.winner for w in wins]
        if len(set(winners)) != len(winners):
            raise ScoringError("The same winner is listed twice in one ron.")
        if loser in winners:
            raise ScoringError(f"Player {loser + 1} cannot win by ron on their own discard.")
        return Ron(loser=loser, wins=tuple(wins), riichi=_player_list(data, "riichi", players, "riichi"))
    if kind == "tsumo":
        _check_keys(data, _WIN_KEYS | {"kind", "riichi"}, "tsumo")
        win = _parse_win(data, players)
        return Tsumo(win=win, riichi=_player_list(data, "riichi", players, "riichi"))
    if kind == "draw":
        _check_keys(data, {"kind", "tenpai", "riichi"}, "draw")
        return Draw(
            tenpai=_player_list(data, "tenpai", players, "tenpai"),
            riichi=_player_list(data, "riichi", players, "riichi"),
        )
    if kind == "nagashi":
        _check_keys(data, {"kind", "players", "tenpai", "riichi"}, "nagashi")
        made = _player_list(data, "players", players, "nagashi", required=True)
        if not made:
            raise ScoringError("A nagashi mangan needs at least one player who made it.")
        return NagashiEvent(
            players=made,
            tenpai=_player_list(data, "tenpai", players, "tenpai"),
            riichi=_player_list(data, "riichi", players, "riichi"),
        )
    if kind == "abort":
        _check_keys(data, {"kind", "reason", "riichi"}, "abortive draw")
        try:
            reason = Abort(data.get("reason"))
        except ValueError:
            raise ScoringError(
                f"Unknown abortive draw {data.get('reason')!r}; use one of {', '.join(a.value for a in Abort)}."
            ) from None
        return AbortEvent(reason=reason, riichi=_player_list(data, "riichi", players, "riichi"))
    if kind == "chombo":
        _check_keys(data, {"kind", "offender", "deliberate", "riichi"}, "chombo")
        deliberate = data.get("deliberate", False)
        if not isinstance(deliberate, bool):
            raise ScoringError("deliberate must be true or false.")
        return Chombo(
            offender=_player(data.get("offender"), players, "chombo offender"),
            deliberate=deliberate,
            riichi=_player_list(data, "riichi", players, "riichi"),
        )
    if kind == "penalty":
        if data.get("type") == PenaltyType.RULING.value:
            return _parse_ruling(data, players)
        _check_keys(data, {"kind", "player", "type"}, "penalty")
        try:
            ptype = PenaltyType(data.get("type"))
        except ValueError:
            ptype = None
        if ptype not in EVENT_PENALTIES:
            raise ScoringError(
                f"Unknown penalty type {data.get('type')!r}; use one of "
                f"{', '.join(sorted(p.value for p in EVENT_PENALTIES))} (a chombo is its own event)."
            )
        return PenaltyEvent(player=_player(data.get("player"), players, "penalised player"), type=ptype)
    if kind == "stop":
        _check_keys(data, {"kind"}, "stop")
        return Stop()
    raise ScoringError(
        f"Unknown kind of hand {kind!r}; use ron, tsumo, draw, nagashi, abort, chombo, penalty or stop."
    )


__all__ = [
    "AbortEvent", "Chombo", "Draw", "Event", "FORMAT", "GameRecord", "NagashiEvent", "PaoFor",
    "PenaltyEvent", "Ron", "Stop", "Tsumo", "Win", "parse_event", "parse_record",
]
