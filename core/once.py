"""Once-only writes (docs/idempotency.md): a form's entry token or the API's ``Idempotency-Key``.

A write claims its key inside its own transaction (``claim_key``, after the game's row lock)
and records what it made (``mark_claimed``); a second use raises :class:`AlreadyDone`.

The floor knows no domain: a domain names the models its claims point at (``register_result``, from
its ``AppConfig.ready``), so that ``AlreadyDone.result`` can hand back what the first submission made.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from core.error_codes import FloorErrorCode as Code
from core.jsonvalues import as_json, digest
from core.models import IdempotencyKey


@dataclass(frozen=True)
class _Result:
    model: Any
    undoable: bool


_RESULTS: dict[str, _Result] = {}


def register_result(object_type: str, model, *, undoable: bool = False) -> None:
    """Claims marked ``object_type`` (``mark_claimed``) point at rows of ``model``. ``undoable``: such a row
    may be taken back later (a hand undone on another phone), and a retry must say so."""
    _RESULTS[object_type] = _Result(model=model, undoable=undoable)


class AlreadyDone(ValidationError):
    """This entry token (a form) or ``Idempotency-Key`` (the API) was used already: nothing was
    written again. ``record`` is the claim; ``result`` the object the first submission made."""

    def __init__(self, record: IdempotencyKey) -> None:
        super().__init__("This was already saved; nothing was written again.", code=Code.ALREADY_DONE)
        self.record = record

    @property
    def result(self):
        kind = _RESULTS.get(self.record.object_type)
        if kind is None or not self.record.object_id:
            return None
        return kind.model.objects.filter(pk=self.record.object_id).first()

    @property
    def undone(self) -> bool:
        """The first submission made a row that is gone now (a hand undone or deleted, e.g. from
        another phone): a retry must say so, not answer as if the row stood."""
        kind = _RESULTS.get(self.record.object_type)
        return (kind is not None and kind.undoable and bool(self.record.object_id)
                and not kind.model.objects.filter(pk=self.record.object_id).exists())


class KeyReused(ValidationError):
    """An ``Idempotency-Key`` sent again with a different request (another body or endpoint)."""

    def __init__(self) -> None:
        super().__init__(
            "This Idempotency-Key was already used for a different request. Use a new key for a new request; "
            "send the same body to get the first answer again.", code=Code.KEY_REUSED)


# The posted field that carries a form's entry token (``{% entry_token %}``, ``league.web.templatetags.entry``).
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
        return cls(key=f"api:{getattr(user, 'pk', None) or 0}:{key}", fingerprint=digest(payload))


def claim_key(once: Once | None, *, scope: str, by) -> IdempotencyKey | None:
    """Claim ``once`` inside the writing transaction (after the game's row lock, if any).

    Seen before: ``AlreadyDone`` (same request) or ``KeyReused``. Two claims at once: the
    unique key makes the second wait for the first and then see it. The key is inserted first and
    read only when it was there: a new key (nearly every write) costs one query (and its savepoint) inside the
    writing transaction, which on SQLite holds the whole database's write lock.
    """
    if once is None:
        return None
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
