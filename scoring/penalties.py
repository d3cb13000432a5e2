"""Penalties: the kinds a referee can give, which of them are game-record events, and what
each one does to the hand in progress.

A ruleset lists the kinds it has (``Ruleset.penalties``). :func:`penalty_effect` says what one
penalty does (a deposit on the table, a chombo on the Nth point or card, a forbidden win, a
warning), :func:`ruling_deltas` how a referee's ruling moves points; :mod:`scoring.game`
applies them when the event is replayed, and what a chombo costs is :mod:`scoring.chombo`.
Their words (English and Korean) are the catalogue's phrases: ``scoring.messages.phrase(kind)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.record import PenaltyEvent
from scoring.rules import Ruleset
from scoring.vocabulary import EVENT_PENALTIES, PenaltyType  # named here as before


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
