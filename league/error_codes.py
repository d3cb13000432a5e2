"""Why a league write was refused: one code per reason (the ``code`` of the ``ValidationError``,
``HandRefused.code`` among them). The screens word them (``league.ui.views.refusal_message``),
the API maps them to statuses (``league.api.errors``). Values are the codes as sent before.
"""
from __future__ import annotations

import enum


class LeagueErrorCode(enum.StrEnum):
    ALREADY_DONE = "already_done"
    """The entry token or Idempotency-Key was used already (``AlreadyDone``): nothing written again."""
    AMOUNT = "amount"
    BENEFICIARY = "beneficiary"
    CANCELLED = "cancelled"
    """The game was cancelled: its hands cannot change."""
    CLOSED = "closed"
    """The game is finished: only a referee or a club admin may change it."""
    CONFLICT = "conflict"
    """Another event is already stored at that position (``HandConflict``)."""
    GAME = "game"
    GONE = "gone"
    """The hand was deleted meanwhile."""
    IDEMPOTENCY_KEY = "idempotency_key"
    INVALID = "invalid"
    """The rules refuse the hand (the engine's message says why): ``HandRefused``'s default."""
    KEY_REUSED = "key_reused"
    """An Idempotency-Key sent again with another request (``KeyReused``)."""
    LATER_HAND = "later_hand"
    """The change makes a later hand impossible; nothing was changed."""
    MEMBER = "member"
    POINTS = "points"
    POSITION = "position"
    """Not the hand the game is at: a later position, or the game changed since the screen was loaded."""
    RATING_PARAMS = "rating_params"
    REASON = "reason"
    """A reason is required (a cancel, a change of a finished game)."""
    REFEREE_ONLY = "referee_only"
    """A penalty's hand: only a referee or a club admin may give, change or remove it."""
    RULESET = "ruleset"
    SEASON = "season"
    SEASON_CLOSED = "season_closed"
    """The season is closed: it takes no new games."""
    SEATED_ELSEWHERE = "seated_elsewhere"
    """A member is seated at another game in progress (``SeatedElsewhere``)."""
    SEATS = "seats"
    TEXT = "text"
    """Text the database cannot store (NUL, a lone surrogate)."""
    TYPE = "type"
