"""Penalties: the kinds a referee can give, which of them are game-record events, and what
each one does to the hand in progress.

A ruleset lists the kinds it has (``Ruleset.penalties``). :func:`penalty_effect` says what one
penalty does (a deposit on the table, a chombo on the Nth point or card, a forbidden win, a
warning), :func:`ruling_deltas` how a referee's ruling moves points; :mod:`scoring.game`
applies them when the event is replayed, and what a chombo costs is :mod:`scoring.chombo`.
Their words (English and Korean) are the catalogue's phrases: ``scoring.messages.phrase(kind)``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # scoring.rules imports PenaltyType from here
    from scoring.record import PenaltyEvent
    from scoring.rules import Ruleset


class PenaltyType(enum.StrEnum):
    """Penalty kinds a referee can give; a ruleset lists the ones it has."""

    PENALTY_POINT = "penalty_point"
    YELLOW_CARD = "yellow_card"
    AGARI_FORBIDDEN = "agari_forbidden"
    VERBAL_WARNING = "verbal_warning"
    CHOMBO = "chombo"
    DELIBERATE_CHOMBO = "deliberate_chombo"
    EXPULSION = "expulsion"
    DECLARATION_VOID = "declaration_void"
    RULING = "ruling"
    """A referee's free-form ruling with a point transfer (any ruleset: the referee decides
    what the rules do not cover)."""


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
class PenaltyEffect:
    """What one penalty does to the hand in progress."""

    chombo: bool = False
    """The hand ends as a chombo (settled, and replayed as ``Ruleset.chombo_replay`` says)."""
    chombo_payment: bool = False
    """The chombo's payment only; play goes on (no replay)."""
    deposit: int = 0
    """Points the player puts on the table, like a riichi stick."""
    agari_forbidden: bool = False
    """The player may not win (nor count tenpai) this hand."""
    verbal_warning: bool = False


def penalty_effect(ruleset: Ruleset, kind: PenaltyType, *, count: int = 1) -> PenaltyEffect:
    """What a penalty of ``kind`` does under ``ruleset``; ``count`` is the player's number of that
    kind so far, this one included (penalty points in the game, yellow cards in the hand)."""
    if kind is PenaltyType.PENALTY_POINT:
        limit = ruleset.penalty_points_to_chombo
        if limit and count % limit == 0:
            return PenaltyEffect(chombo=True)  # the Nth penalty point is a chombo instead (ASI §5c-ㄱ)
        return PenaltyEffect(deposit=ruleset.penalty_point_value)
    if kind is PenaltyType.YELLOW_CARD:
        limit = ruleset.yellow_cards_to_chombo
        if limit and count % limit == 0:
            if ruleset.yellow_cards_chombo_replay:
                return PenaltyEffect(chombo=True)  # Juki before 2025-12-02: the card is a chombo
            return PenaltyEffect(chombo_payment=True)  # Juki since 2025-12: the payment, play goes on
        return PenaltyEffect()
    if kind is PenaltyType.AGARI_FORBIDDEN:
        return PenaltyEffect(agari_forbidden=True)
    if kind is PenaltyType.VERBAL_WARNING:
        return PenaltyEffect(verbal_warning=True)
    return PenaltyEffect()


def ruling_deltas(event: PenaltyEvent, players: int) -> list[int]:
    """A referee's ruling: the player pays ``amount`` to ``to``, or shared equally by the others."""
    assert event.amount is not None
    deltas = [0] * players
    deltas[event.player] -= event.amount
    if event.to is not None:
        deltas[event.to] += event.amount
        return deltas
    others = [p for p in range(players) if p != event.player]
    for p in others:
        deltas[p] += event.amount // len(others)
    return deltas


__all__ = ["EVENT_PENALTIES", "PenaltyEffect", "PenaltyType", "penalty_effect", "ruling_deltas"]
