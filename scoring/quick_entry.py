"""The quick-entry form's taps as one contract event, and an event as the words a host reads.

One home for both, run by the server's form (``league.web.games.forms.HandEntryForm``, the audit log's words in
``league.games.words``) and by the offline table screen in the browser (``static/league/offline.js`` calls
:func:`browser_event` and :func:`browser_words` through Pyodide, on this package zipped at request time).
Nothing here knows a language: the words come in as templates (``%(name)s`` placeholders) in the page's
language, which the Django side translates and the offline page receives in its config.

Whether an event is legal at this point of the game, and what it pays, is the engine's answer
(:func:`scoring.game.replay`), never this module's: it only reads the taps.
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.errors import ScoringError
from scoring.game import replay
from scoring.payments import KAZOE_HAN, limit_by_han
from scoring.settle import tenpai_at_draw


class TapRefusal(Exception):
    """Taps that make no event; ``code`` names the rule, ``params`` fill its template (a ``who`` is a
    template key itself, a ``seat`` is named by the player)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class TapTable:
    """The table the taps are read against, at this hand (plain JSON: the offline page ships it)."""

    players: int
    dealer: int
    values: Mapping[str, Mapping[str, int]]
    """Each button of the value grid (``"3-30"``, ``"5"``, ``"Y1"``) as the WIN fields it posts."""
    dealer_min_han: int | None = None
    """The dealer's minimum this hand (``GameState.dealer_min_han``): the dealer's win says its dora."""
    agari_forbidden: Sequence[bool] = ()
    most_ron_winners: int = 2
    triple_ron_abort: bool = False
    deliberate_chombo: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "dealer": self.dealer, "values": {k: dict(v) for k, v in self.values.items()},
                "dealer_min_han": self.dealer_min_han, "agari_forbidden": [bool(x) for x in self.agari_forbidden],
                "most_ron_winners": self.most_ron_winners, "triple_ron_abort": self.triple_ron_abort,
                "deliberate_chombo": self.deliberate_chombo}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TapTable:
        return cls(players=int(data["players"]), dealer=int(data["dealer"]), values=dict(data["values"]),
                   dealer_min_han=data.get("dealer_min_han"),
                   agari_forbidden=tuple(bool(x) for x in data.get("agari_forbidden") or ()),
                   most_ron_winners=int(data.get("most_ron_winners", 2)),
                   triple_ron_abort=bool(data.get("triple_ron_abort")),
                   deliberate_chombo=bool(data.get("deliberate_chombo")))


DORA_FIELDS = {"ron": "ron_dora", "multi_ron": "multi_dora", "tsumo": "tsumo_dora"}
"""The "of which dora" tap of the dealer's win, per result (only while the dealer's minimum applies)."""


@dataclass
class _Taps:
    """The posted fields: one name, one or more values (a checkbox row posts each ticked seat)."""

    raw: Mapping[str, Sequence[str]]
    table: TapTable
    seen: dict[str, Any] = field(default_factory=dict)

    def one(self, name: str) -> str:
        values = self.raw.get(name) or ()
        return str(values[0]) if values else ""

    def seat(self, name: str, who: str) -> int:
        raw = self.one(name)
        if raw == "":
            raise TapRefusal("required", who=who)
        return int(raw)

    def seats(self, name: str) -> list[int]:
        return sorted(int(s) for s in self.raw.get(name) or () if str(s) != "")

    def value(self, name: str) -> dict[str, int]:
        win = self.table.values.get(self.one(name))
        if win is None:
            raise TapRefusal("value")
        return dict(win)

    def tenpai(self, name: str, riichi: list[int]) -> list[int]:
        """The tenpai taps as the engine counts them at a draw (``scoring.settle.tenpai_at_draw``)."""
        forbidden = [p for p, no in enumerate(self.table.agari_forbidden) if no]
        return tenpai_at_draw(self.seats(name), riichi, forbidden)

    def win(self, winner: int, value_field: str) -> dict[str, Any]:
        win: dict[str, Any] = {"winner": winner, **self.value(value_field)}
        pao = self.one("pao")
        if pao != "":
            win["pao"] = int(pao)
        return win

    def dealer_dora(self, kind: str, win: dict[str, Any]) -> dict[str, Any]:
        """The dealer's win with ``"dora": n`` while the dealer's minimum applies (others unchanged)."""
        minimum = self.table.dealer_min_han
        if minimum is None or win["winner"] != self.table.dealer or "han" not in win:
            return win
        raw = self.one(DORA_FIELDS[kind])
        dora = int(raw) if raw != "" else None
        if dora is None and win["han"] < minimum:
            dora = 0  # short of the minimum whatever its dora: the engine says so
        if dora is None:
            raise TapRefusal("dora_unanswered", min=minimum, han=win["han"])
        if dora >= win["han"]:
            raise TapRefusal("dora", han=win["han"], max=win["han"] - 1)
        return {**win, "dora": dora}


def event_from_taps(taps: Mapping[str, Sequence[str]], table: TapTable) -> dict[str, Any]:
    """The contract event the quick-entry taps make, or :class:`TapRefusal`.

    ``taps``: each field's posted values as text (``{"kind": ["ron"], "riichi": ["1", "3"], ...}``).
    """
    t = _Taps(taps, table)
    kind = t.one("kind")
    event = _event(t, kind)
    return _opened(event, t.seats("open"))


def _event(t: _Taps, kind: str) -> dict[str, Any]:
    riichi = t.seats("riichi")
    if kind == "ron":
        winner = t.seat("ron_winner", "winner")
        loser = t.seat("ron_loser", "loser")
        if winner == loser:
            raise TapRefusal("self_ron")
        win = t.dealer_dora(kind, t.win(winner, "ron_value"))
        return {"kind": "ron", "loser": loser, "wins": [win], "riichi": riichi}
    if kind == "multi_ron":
        loser = t.seat("multi_loser", "loser")
        winners = t.seats("multi_winners")
        if loser in winners:
            raise TapRefusal("self_ron")
        if len(winners) < 2:
            raise TapRefusal("multi_ron")
        if len(winners) > t.table.most_ron_winners:
            if len(winners) == 3 and t.table.triple_ron_abort:
                raise TapRefusal("triple_ron")
            raise TapRefusal("multi_ron_most", n=t.table.most_ron_winners)
        wins = [t.dealer_dora(kind, {"winner": w, **t.value(f"multi_value_{w}")}) for w in winners]
        return {"kind": "ron", "loser": loser, "wins": wins, "riichi": riichi}
    if kind == "tsumo":
        winner = t.seat("tsumo_winner", "winner")
        win = t.dealer_dora(kind, t.win(winner, "tsumo_value"))
        return {"kind": "tsumo", **win, "riichi": riichi}
    if kind == "draw":
        return {"kind": "draw", "tenpai": t.tenpai("draw_tenpai", riichi), "riichi": riichi}
    if kind == "nagashi":
        players = t.seats("nagashi_players")
        if not players:
            raise TapRefusal("nagashi")
        return {"kind": "nagashi", "players": players, "tenpai": t.tenpai("nagashi_tenpai", riichi), "riichi": riichi}
    if kind == "abort":
        reason = t.one("abort_reason")
        if not reason:
            raise TapRefusal("abort")
        return {"kind": "abort", "reason": reason, "riichi": riichi}
    if kind == "chombo":
        event: dict[str, Any] = {"kind": "chombo", "offender": t.seat("chombo_offender", "offender")}
        if t.table.deliberate_chombo and t.one("chombo_deliberate") not in ("", "false", "False"):
            event["deliberate"] = True
        return event
    raise TapRefusal("kind")


def _opened(event: dict[str, Any], opened: list[int]) -> dict[str, Any]:
    """The winners tapped "울었음" marked ``open: true`` (a riichi winner cannot be open)."""
    if not opened or event["kind"] not in ("ron", "tsumo"):
        return event
    wins = event["wins"] if event["kind"] == "ron" else [event]
    for w in wins:
        if w["winner"] in opened:
            if w["winner"] in event["riichi"]:
                raise TapRefusal("open_riichi", seat=w["winner"])
            w["open"] = True
    return event


REFUSAL_CODES = ("required", "value", "self_ron", "multi_ron", "multi_ron_most", "triple_ron", "dora_unanswered",
                 "dora", "open_riichi", "nagashi", "abort", "kind", "who_winner", "who_loser", "who_offender")
"""The keys of the refusal templates (``who_*``: the word a ``required`` refusal names)."""


def refusal_text(refusal: TapRefusal, templates: Mapping[str, str], players: Sequence[str]) -> str:
    """A refusal in the templates' language."""
    params = dict(refusal.params)
    if "who" in params:
        params["who"] = templates[f"who_{params['who']}"]
    if "seat" in params:
        params["name"] = players[params.pop("seat")]
    template = templates[refusal.code]
    return template % params if params else template


# --- an event in words -------------------------------------------------------------------------------

EVENT_WORD_KEYS = (
    "ron", "multi", "double", "triple", "tsumo", "pao", "noten", "all_tenpai", "tenpai", "nagashi", "abort",
    "chombo", "deliberate", "penalty", "stop", "end_time", "end_referee", "result", "riichi",
    "full_hand", "yakuman", "yakuman_n", "han_fu", "han_kazoe", "han_limit",
)
"""The templates :func:`event_text` reads (besides ``limits``, ``aborts`` and ``penalties``, dicts of names)."""


def value_text(win: Mapping[str, Any], words: Mapping[str, Any]) -> str:
    """A WIN's entered value: "3판 30부", "5판 만관", "역만", "13판 (헤아림)", "full hand"."""
    if win.get("hand") is not None:
        return words["full_hand"]
    yakuman = win.get("yakuman")
    if yakuman:
        return words["yakuman"] if yakuman == 1 else words["yakuman_n"] % {"n": yakuman}
    han = win.get("han")
    if han is None:
        return ""
    if win.get("fu") is not None and han < 5:
        return words["han_fu"] % {"han": han, "fu": win["fu"]}
    if han >= KAZOE_HAN:
        return words["han_kazoe"] % {"han": han}
    limit = limit_by_han(han)
    return words["han_limit"] % {"han": han, "limit": words["limits"][limit.value]} if limit else ""


def _names(players: Sequence[str], seats: Sequence[int]) -> str:
    return ", ".join(players[s] for s in seats)


def _pao(win: Mapping[str, Any], players: Sequence[str], words: Mapping[str, Any]) -> str:
    pao = win.get("pao")
    if pao is None or not 0 <= int(pao) < len(players):
        return ""
    return " · " + words["pao"] % {"name": players[int(pao)]}


def event_text(event: Mapping[str, Any], players: Sequence[str], words: Mapping[str, Any]) -> str:
    """One contract event as entered, in words (no replay: what the host tapped), plain text."""
    kind = event.get("kind")
    riichi = event.get("riichi") or []
    if kind == "ron":
        wins = event.get("wins") or []
        loser = players[event["loser"]]
        if len(wins) == 1:
            w = wins[0]
            text = words["ron"] % {"winner": players[w["winner"]], "loser": loser, "value": value_text(w, words)}
            text += _pao(w, players, words)
        else:
            parts = "; ".join(f"{players[w['winner']]} {value_text(w, words)}" for w in wins)
            label = words["double"] if len(wins) == 2 else words["triple"]
            text = words["multi"] % {"label": label, "loser": loser, "parts": parts}
    elif kind == "tsumo":
        text = words["tsumo"] % {"winner": players[event["winner"]], "value": value_text(event, words)}
        text += _pao(event, players, words)
    elif kind == "draw":
        tenpai = event.get("tenpai") or []
        if not tenpai:
            text = words["noten"]
        elif len(tenpai) == len(players):
            text = words["all_tenpai"]
        else:
            text = words["tenpai"] % {"names": _names(players, tenpai)}
    elif kind == "nagashi":
        text = words["nagashi"] % {"names": _names(players, event.get("players") or [])}
    elif kind == "abort":
        reason = event.get("reason", "")
        text = words["abort"] % {"reason": words["aborts"].get(reason, reason)}
    elif kind == "chombo":
        text = words["deliberate" if event.get("deliberate") else "chombo"] % {"name": players[event["offender"]]}
    elif kind == "penalty":
        penalty = str(event.get("type", ""))
        penalty = words["penalties"].get(penalty, penalty)
        text = words["penalty"] % {"name": players[event["player"]], "penalty": penalty}
    elif kind == "stop":
        text = words["stop"]
    elif kind == "end" and event.get("reason") == "time":
        text = words["end_time"]
    elif kind == "end":
        text = words["end_referee"]
        if event.get("note"):
            text += f" · {event['note']}"
    elif kind == "result":
        text = words["result"]
    else:
        text = str(kind)
    if riichi:
        text += " · " + words["riichi"] % {"names": _names(players, riichi)}
    return text


# --- the offline page's two calls (JSON in, JSON out: Pyodide passes text) ---------------------------------

def browser_event(taps_json: str, table_json: str, templates_json: str, players_json: str) -> str:
    """``{"event": ...}`` or ``{"refusal": text, "code": ...}`` for the taps ``[[name, value], ...]``."""
    taps: dict[str, list[str]] = {}
    for name, value in json.loads(taps_json):
        taps.setdefault(name, []).append(value)
    try:
        return json.dumps({"event": event_from_taps(taps, TapTable.from_json(json.loads(table_json)))})
    except TapRefusal as refusal:
        text = refusal_text(refusal, json.loads(templates_json), json.loads(players_json))
        return json.dumps({"refusal": text, "code": refusal.code}, ensure_ascii=False)


def browser_check(record_json: str, lang: str) -> str:
    """The record replayed: ``{"ok": true, rows, scores, dealer, round, honba, sticks, finished}``, or
    ``{"ok": false, "hand": i, "message": ...}`` in ``lang`` when the rules refuse hand ``i``."""
    try:
        r = replay(json.loads(record_json))
    except ScoringError as e:
        return json.dumps({"ok": False, "hand": e.hand, "message": e.localized(lang)}, ensure_ascii=False)
    s = r.state
    rows = [dict(row.to_json(), event_index=row.event_index) for row in r.rows]
    return json.dumps({"ok": True, "rows": rows, "scores": list(s.scores), "dealer": s.dealer, "round": s.round,
                       "honba": s.honba, "sticks": s.sticks, "finished": s.finished}, ensure_ascii=False)


def browser_words(event_json: str, players_json: str, words_json: str) -> str:
    """:func:`event_text` for the offline page."""
    return event_text(json.loads(event_json), json.loads(players_json), json.loads(words_json))


__all__ = ["DORA_FIELDS", "EVENT_WORD_KEYS", "REFUSAL_CODES", "TapRefusal", "TapTable", "browser_check",
           "browser_event",
           "browser_words", "event_from_taps", "event_text", "refusal_text", "value_text"]
