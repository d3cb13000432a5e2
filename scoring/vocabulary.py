"""The words a game record is written in: the event kinds and the penalty kinds.

Both are plain enums with no rule behind them, so every scoring module (the ruleset, the record,
the penalties' effects) can name them without importing another: this module imports nothing of
``scoring``, which keeps the package free of import circles (the penalties need the ruleset and
the record, and those two only need these names).
"""

from __future__ import annotations

import enum


class EventKind(enum.StrEnum):
    """The ``kind`` of a game record's event (docs/game-record.md)."""

    RON = "ron"
    TSUMO = "tsumo"
    DRAW = "draw"
    NAGASHI = "nagashi"
    ABORT = "abort"
    CHOMBO = "chombo"
    PENALTY = "penalty"
    STOP = "stop"
    END = "end"
    RESULT = "result"


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

__all__ = ["EVENT_PENALTIES", "EventKind", "PenaltyType"]
