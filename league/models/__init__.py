"""League data, one module per domain; ``league.models`` re-exports every model.

- ``rulesets``: Ruleset, Season · ``games``: Game, GameSeat, HandRecord · ``referee``: PenaltyKind, Penalty
- ``audit``: AuditEntry · ``standings``: StandingsSnapshot, StandingRow, RatingHistory · ``imports``: ImportBatch
  · ``once``: IdempotencyKey
- the what-if lab's runs: ``league.whatif.models.WhatIfRun``

A game's state is never stored as truth: the hand records (one game-record contract
event each) are replayed by ``scoring.game.replay``.
"""
from league.models.audit import AuditEntry
from league.models.games import Game, GameSeat, HandRecord
from league.models.imports import ImportBatch
from league.models.once import IdempotencyKey
from league.models.referee import Penalty, PenaltyKind, RefereeCall, RefereeCallReason
from league.models.rulesets import Ruleset, Season
from league.models.standings import RatingHistory, StandingRow, StandingsSnapshot
from league.whatif.models import WhatIfRun

__all__ = ["AuditEntry", "Game", "GameSeat", "HandRecord", "IdempotencyKey", "ImportBatch", "Penalty", "PenaltyKind",
           "RefereeCall", "RefereeCallReason",
           "RatingHistory", "Ruleset", "Season", "StandingRow", "StandingsSnapshot", "WhatIfRun"]
