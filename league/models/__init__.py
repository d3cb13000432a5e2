"""League data, one module per domain; ``league.models`` re-exports every model.

- ``rulesets``: Ruleset, Season · ``games``: Game, GameSeat, HandRecord · ``referee``: PenaltyKind, Penalty
- ``standings``: StandingsSnapshot, StandingRow, RatingHistory · ``imports``: ImportBatch
  · ``exports``: SeasonExport (a season's file built in the worker)
- the what-if lab's runs: ``league.whatif.models.WhatIfRun``
- the audit log and the once-only keys are the floor's (``core.models``: AuditEntry, IdempotencyKey)

A game's state is never stored as truth: the hand records (one game-record contract
event each) are replayed by ``scoring.game.replay``.
"""
from league.models.exports import SeasonExport
from league.models.games import EndRule, Game, GameSeat, HandRecord
from league.models.imports import ImportBatch
from league.models.referee import Penalty, PenaltyKind, RefereeCall, RefereeCallReason
from league.models.rulesets import Ruleset, Season
from league.models.standings import RatingHistory, StandingRow, StandingsSnapshot
from league.whatif.models import WhatIfRun

__all__ = ["EndRule", "Game", "GameSeat", "HandRecord", "ImportBatch", "Penalty", "PenaltyKind",
           "RefereeCall", "RefereeCallReason",
           "RatingHistory", "Ruleset", "Season", "SeasonExport", "StandingRow", "StandingsSnapshot", "WhatIfRun"]
