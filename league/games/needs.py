"""Selectors for "what does each player need?" (the engine's ``scoring.needs`` on a stored game).

Reads only: the game's record goes through :func:`scoring.needs.needs`; this module adds the
players' names and the words of the table screen's panel ("박지훈 1위 조건 — 론: 김민준 3,900
(3판 30부) · … / 쯔모 1,000-2,000").
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from core.memo import Memo
from league.games.words import limit_words
from league.models import Game
from scoring import messages as M
from scoring.errors import ScoringError
from scoring.game import GameState
from scoring.needs import Need, Needs, PlayerNeeds, Ways, needs
from scoring.rules import GameLength, Ruleset

CANCELLED = M.Message("cancelled", "취소됨")


NEEDS_MEMO_SIZE = 256
_NEEDS = Memo("game needs", size=NEEDS_MEMO_SIZE)
"""``scoring.needs.needs`` is a pure function of the record: a live board polling its all-last tables,
and each phone watching one, ask it of the same record again and again (a search of a few hundred
settlements each time)."""


def game_needs(game: Game, record: Mapping[str, Any] | None = None, *, to_win_game: bool = True) -> Needs:
    """What each player of ``game`` needs in its next hand (``to_win_game``: see :func:`scoring.needs.needs`),
    remembered by the record's content. A finished (or cancelled) game refuses with a ``ScoringError`` whose
    message says there is no next hand."""
    from league.games.selectors import game_record, record_key

    if game.status == Game.Status.CANCELLED:
        raise ScoringError(M.NEEDS_GAME_OVER, how=CANCELLED)
    if record is None:
        record = game_record(game)
    return _NEEDS.get((record_key(dict(record)), to_win_game), lambda: needs(record, to_win_game=to_win_game))


def panel_shown(state: GameState, ruleset: Ruleset) -> bool:
    """The table screen shows the panel from South 3 on (the third hand of the last regular round
    from the end: S3 in a 4-player hanchan, S2 in sanma, E3 in an East-only game) and in the West."""
    if state.finished:
        return False
    if state.extra_round:
        return True
    last_wind = "E" if ruleset.length is GameLength.EAST else "S"
    return state.wind == last_wind and state.hand_number >= state.players - 1


def hand_words(need: Need) -> str:
    """The hand in words: "3판 30부", "만관", "역만"."""
    value = need.value
    words = limit_words(value.limit, value.yakuman)
    if words:
        return words
    return _("%(han)s han %(fu)s fu") % {"han": value.han, "fu": value.fu}


def paid_words(need: Need, *, tsumo: bool) -> str:
    """What the hand pays before honba and sticks: "3,900", "1,000-2,000" or "2,000 all"."""
    if not tsumo or len(need.payments) == 1:
        if tsumo:
            return _("%(points)s all") % {"points": f"{need.payments[0]:,}"}
        return f"{need.payments[0]:,}"
    return "-".join(f"{p:,}" for p in need.payments)


def _need_dict(need: Need | None, *, tsumo: bool) -> dict[str, Any] | None:
    """A win in the panel's words. Where the exact cheapest is an unusual shape (2판 110부, 1판 60부),
    the usual hand (at most 40 fu or a limit) a host calls to mind: in its place where it pays the
    same, after it ("보통은 4판 30부 7,700") where it pays more."""
    if need is None:
        return None
    shown, usual = need, need.usual
    if usual is not None and usual.points == need.points:
        shown, usual = usual, None
    out: dict[str, Any] = {"points": need.points, "paid": paid_words(shown, tsumo=tsumo), "hand": hand_words(shown),
                           "limit": shown.value.limit is not None}
    if usual is not None:
        out["usual"] = {"paid": paid_words(usual, tsumo=tsumo), "hand": hand_words(usual)}
    return out


def _ways_dict(ways: Ways, players: Sequence[str]) -> dict[str, Any]:
    ron = [{"name": players[q], **(_need_dict(n, tsumo=False) or {"none": True})} for q, n in ways.ron.items()]
    return {"ron": ron, "tsumo": _need_dict(ways.tsumo, tsumo=True), "possible": ways.possible}


def _win_game(p: PlayerNeeds, players: Sequence[str], *, game_can_end: bool) -> dict[str, Any] | None:
    """"1위로 끝내려면": where the cheapest way to first does not end the game (West entry's target,
    agari-yame's minimum), the cheapest win that ends it with the player first. Only where the next
    hand can end the game by the rules (all-last, the West): before it only a bust would."""
    if not game_can_end or not p.win_differs:
        return None
    return _ways_dict(p.to_win_game, players)


def panel_rows(result: Needs, players: Sequence[str], *, game_can_end: bool = False) -> list[dict[str, Any]]:
    """One row per player, the leader first: name, rank, and each way with its words (None: no win does it);
    ``win``: the wins that end the game with them first, where they differ (see :func:`_win_game`)."""
    rows = []
    for p in result.players:
        rows.append({
            "seat": p.seat, "name": players[p.seat], "rank": p.rank, "first": p.rank == 1,
            **_ways_dict(p.to_first, players),
            "win": _win_game(p, players, game_can_end=game_can_end),
        })
    return sorted(rows, key=lambda r: (r["rank"], r["seat"]))


def needs_panel(
    game: Game, record: Mapping[str, Any], state: GameState, ruleset: Ruleset
) -> list[dict[str, Any]] | None:
    """The table screen's panel rows, or None where the panel is not shown (before South 3, a finished game)."""
    if game.status == Game.Status.CANCELLED or not panel_shown(state, ruleset):
        return None
    game_can_end = state.is_all_last or state.extra_round  # before it, the panel shows no "to win the game"
    return panel_rows(game_needs(game, record, to_win_game=game_can_end), list(record["players"]),
                      game_can_end=game_can_end)


__all__ = ["game_needs", "hand_words", "needs_panel", "paid_words", "panel_rows", "panel_shown"]
