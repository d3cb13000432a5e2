"""Once-only writes (docs/idempotency.md): a form's entry token or the API's ``Idempotency-Key``.

A write claims its key inside its own transaction (``claim_key``, after the game's row lock)
and records what it made (``mark_claimed``); a second use raises :class:`AlreadyDone`.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from league.audit import as_json
from league.error_codes import LeagueErrorCode as Code
from league.models import Game, HandRecord, IdempotencyKey, Penalty, RefereeCall

_ONCE_MODELS = {"hand": HandRecord, "game": Game, "penalty": Penalty, "referee_call": RefereeCall}


class AlreadyDone(ValidationError):
    """This entry token (a form) or ``Idempotency-Key`` (the API) was used already: nothing was
    written again. ``record`` is the claim; ``result`` the object the first submission made."""

    def __init__(self, record: IdempotencyKey) -> None:
        super().__init__("This was already saved; nothing was written again.", code=Code.ALREADY_DONE)
        self.record = record

    @property
    def result(self):
        model = _ONCE_MODELS.get(self.record.object_type)
        if model is None or not self.record.object_id:
            return None
        return model.objects.filter(pk=self.record.object_id).first()

    @property
    def undone(self) -> bool:
        """The first submission made a hand that is gone now (undone or deleted, e.g. from
        another phone): a retry must say so, not answer as if the hand stood."""
        return (self.record.object_type == "hand" and bool(self.record.object_id)
                and not HandRecord.objects.filter(pk=self.record.object_id).exists())


def undone_message() -> str:
    return gettext("This hand was saved, then undone (or deleted) on another device: it is no longer in the game. "
                   "Nothing was saved again; enter it again if it should stand.")


class KeyReused(ValidationError):
    """An ``Idempotency-Key`` sent again with a different request (another body or endpoint)."""

    def __init__(self) -> None:
        super().__init__(
            "This Idempotency-Key was already used for a different request. Use a new key for a new request; "
            "send the same body to get the first answer again.", code=Code.KEY_REUSED)


# The posted field that carries a form's entry token (``{% entry_token %}``, ``league.templatetags.entry``).
ENTRY_TOKEN_FIELD = "entry_token"


@dataclass(frozen=True)
class Once:
    """What makes a write happen at most once: a claimed key, plus a digest of what was asked.

    ``Once.form(user, token)`` for the entry token a form carries (made when it was rendered),
    ``Once.api(user, key, payload)`` for an API client's ``Idempotency-Key``. Keys are per user.
    """

    key: str
    fingerprint: str = ""

    @classmethod
    def form(cls, user, token: Any) -> Once | None:
        token = str(token or "").strip()
        if not token:
            return None
        return cls(key=f"form:{getattr(user, 'pk', None) or 0}:{token[:120]}")

    @classmethod
    def api(cls, user, key: Any, payload: Any) -> Once | None:
        key = str(key or "").strip()
        if not key:
            return None
        if len(key) > 120:
            raise ValidationError("An Idempotency-Key has at most 120 characters.", code=Code.IDEMPOTENCY_KEY)
        body = json.dumps(payload, sort_keys=True, cls=DjangoJSONEncoder, default=str)
        return cls(key=f"api:{getattr(user, 'pk', None) or 0}:{key}",
                   fingerprint=hashlib.sha256(body.encode()).hexdigest())


def claim_key(once: Once | None, *, scope: str, by) -> IdempotencyKey | None:
    """Claim ``once`` inside the writing transaction (after the game's row lock, if any).

    Seen before: ``AlreadyDone`` (same request) or ``KeyReused``. Two claims at once: the
    unique key makes the second wait for the first and then see it.
    """
    if once is None:
        return None
    prior = IdempotencyKey.objects.filter(key=once.key).first()
    if prior is None:
        try:
            with transaction.atomic():
                return IdempotencyKey.objects.create(
                    key=once.key, scope=scope, fingerprint=once.fingerprint,
                    user=by if getattr(by, "is_authenticated", False) else None)
        except IntegrityError:
            prior = IdempotencyKey.objects.get(key=once.key)
    if prior.scope != scope or prior.fingerprint != once.fingerprint:
        raise KeyReused()
    raise AlreadyDone(prior)


def mark_claimed(claim: IdempotencyKey | None, obj, object_type: str) -> None:
    if claim is None or obj is None:
        return
    claim.object_type, claim.object_id = object_type, str(obj.pk)
    claim.save(update_fields=["object_type", "object_id"])


def once_remember(*, once: Once | None, response: Any) -> None:
    """Keep the API's first answer with its key, to send it again on a retry (same transaction)."""
    if once is not None:
        IdempotencyKey.objects.filter(key=once.key).update(response=as_json(response))
