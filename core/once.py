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
from django.db import connections, router

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
    unique key makes the second wait for the first and then see it. The key is inserted in one
    statement that skips a key already there (``INSERT … ON CONFLICT DO NOTHING``: no savepoint, which
    cost two more statements inside the writing transaction, which on SQLite holds the whole database's
    write lock); it is read only when it was there. Returns the claim (unsaved: ``mark_claimed`` finds it by
    its key).
    """
    if once is None:
        return None
    claim = IdempotencyKey(key=once.key, scope=scope, fingerprint=once.fingerprint,
                           user=by if getattr(by, "is_authenticated", False) else None)
    if not _insert_new(claim):
        _refuse_seen(once, scope)
    return claim


def claim_made(once: Once | None, *, scope: str, by, obj, object_type: str) -> None:
    """Claim ``once`` for what the write has just made (``obj``), in one statement: the claim and its
    object at once, no ``mark_claimed`` after. For a write that went first under its lock: when the key
    was there, ``AlreadyDone``/``KeyReused`` is raised and the caller's transaction takes back what it made.
    A write refused before it could claim asks :func:`refuse_if_claimed` first, so that a form sent
    again is told it was saved, not the refusal."""
    if once is None:
        return
    claim = IdempotencyKey(key=once.key, scope=scope, fingerprint=once.fingerprint,
                           user=by if getattr(by, "is_authenticated", False) else None,
                           object_type=object_type if obj is not None else "",
                           object_id=str(obj.pk) if obj is not None else "")
    if not _insert_new(claim):
        _refuse_seen(once, scope)


def refuse_if_claimed(once: Once | None, *, scope: str) -> None:
    """``AlreadyDone``/``KeyReused`` when ``once`` was claimed before (a refused write's path: one read)."""
    if once is not None and IdempotencyKey.objects.filter(key=once.key).exists():
        _refuse_seen(once, scope)


_COLUMNS = ("key", "scope", "user", "fingerprint", "object_type", "object_id", "response", "created_at")


def _insert_new(claim: IdempotencyKey) -> bool:
    """INSERT the claim unless its key is there (``ON CONFLICT DO NOTHING``, SQLite and PostgreSQL alike):
    whether it was inserted. A concurrent claim of the same key waits for the other transaction, as the
    unique index makes it."""
    connection = connections[router.db_for_write(IdempotencyKey)]
    meta = IdempotencyKey._meta
    fields = [meta.get_field(name) for name in _COLUMNS]
    quote = connection.ops.quote_name
    sql = (f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
           f"VALUES ({', '.join(['%s'] * len(fields))}) ON CONFLICT ({quote(meta.get_field('key').column)}) DO NOTHING")
    values = [f.get_db_prep_save(f.pre_save(claim, add=True), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        return cursor.rowcount == 1


def _refuse_seen(once: Once, scope: str) -> None:
    prior = IdempotencyKey.objects.get(key=once.key)
    if prior.scope != scope or prior.fingerprint != once.fingerprint:
        raise KeyReused()
    raise AlreadyDone(prior)


def mark_claimed(claim: IdempotencyKey | None, obj, object_type: str) -> None:
    if claim is None or obj is None:
        return
    claim.object_type, claim.object_id = object_type, str(obj.pk)
    IdempotencyKey.objects.filter(key=claim.key).update(object_type=claim.object_type, object_id=claim.object_id)


def once_remember(*, once: Once | None, response: Any) -> None:
    """Keep the API's first answer with its key, to send it again on a retry (same transaction)."""
    if once is not None:
        IdempotencyKey.objects.filter(key=once.key).update(response=as_json(response))
