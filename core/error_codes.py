"""Why the floor refused a write: one code per reason (the ``code`` of the ``ValidationError``).

The values are the codes as sent before the floor had its own enum (they were the league's), so an API
client sees the same ``code``.
"""
from __future__ import annotations

import enum


class FloorErrorCode(enum.StrEnum):
    ALREADY_DONE = "already_done"
    """The entry token or Idempotency-Key was used already (``AlreadyDone``): nothing written again."""
    IDEMPOTENCY_KEY = "idempotency_key"
    """An Idempotency-Key longer than the floor keeps."""
    KEY_REUSED = "key_reused"
    """An Idempotency-Key sent again with another request (``KeyReused``)."""
    TEXT = "text"
    """Text the database cannot store (NUL, a lone surrogate)."""
