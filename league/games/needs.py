"""Selectors for "what does each player need?" (the engine's ``scoring.needs`` on a stored game).

Reads only: the game's record goes through :func:`scoring.needs.needs`; this module adds the
players' names and the words of the table screen's panel ("박지훈 1위 조건 — 론: 김민준 3,900
(3판 30부) · … / 쯔모 1,000-2,000").
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from league.games.words import limit_words
from league.models import Game
from scoring import messages as M
from scoring.errors import ScoringError
from scoring.game import GameState
from scoring.needs import Need, Needs, needs
from scoring.rules import GameLength, Ruleset

CANCELLED = M.Message("cancelled", "취소됨")


def game_needs(game: Game, record: Mapping[str, Any] | None = None) -> Needs:
    """What each player of ``game`` needs in its next hand. A finished (or cancelled) game refuses
    with a ``ScoringError`` whose message says there is no next hand."""
    from league.games.selectors import game_record

    if game.status == Game.Status.CANCELLED:
        raise ScoringError(M.NEEDS_GAME_OVER, how=CANCELLED)
    return needs(record if record is not None else game_record(game))


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
    if need is None:
        return None
    return {"points": need.points, "paid": paid_words(need, tsumo=tsumo), "hand": hand_words(need),
            "limit": need.value.limit is not None}


def panel_rows(result: Needs, players: Sequence[str]) -> list[dict[str, Any]]:
    """One row per player, the leader first: name, rank, and each way with its words (None: no win does it)."""
    rows = []
    for p in result.players:
        ron = [{"name": players[q], **(_need_dict(n, tsumo=False) or {"none": True})} for q, n in p.ron.items()]
        rows.append({
            "seat": p.seat, "name": players[p.seat], "rank": p.rank, "first": p.rank == 1,
            "ron": ron, "tsumo": _need_dict(p.tsumo, tsumo=True), "possible": p.can_come_first,
        })
    return sorted(rows, key=lambda r: (r["rank"], r["seat"]))


def needs_panel(
    game: Game, record: Mapping[str, Any], state: GameState, ruleset: Ruleset
) -> list[dict[str, Any]] | None:
    """The table screen's panel rows, or None where the panel is not shown (before South 3, a finished game)."""
    if game.status == Game.Status.CANCELLED or not panel_shown(state, ruleset):
        return None
    return panel_rows(game_needs(game, record), list(record["players"]))


__all__ = ["game_needs", "hand_words", "needs_panel", "paid_words", "panel_rows", "panel_shown"]
