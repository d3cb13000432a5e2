"""Penalty kinds: what a referee can give, and which of them are game-record events.

A ruleset lists the kinds it has (``Ruleset.penalties``); what each one does to the game
(a deposit, a chombo on the Nth card or point, a forbidden win) is applied by
:mod:`scoring.game` when the event is replayed, and what a chombo costs is
:mod:`scoring.chombo`. Their words (English and Korean) are the catalogue's phrases:
``scoring.messages.phrase(kind)``.
"""

from __future__ import annotations

import enum


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


__all__ = ["EVENT_PENALTIES", "PenaltyType"]
