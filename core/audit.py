"""The audit trail and its one writer: every write of club, league or event data leaves one entry (who, when,
before, after, why), written by :func:`audit` and nothing else (a season file's restored log by
:func:`restore_history`). ``tests/core/test_floor.py`` fails on any other module that writes an entry."""
from __future__ import annotations

import contextlib
import contextvars
import datetime
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.forms.models import model_to_dict

from core.jsonvalues import as_json
from core.models import AuditEntry


def snapshot(obj) -> dict[str, Any]:
    """A model instance's fields, for an entry's ``before`` / ``after``."""
    data = model_to_dict(obj)
    data["id"] = obj.pk
    return as_json(data)


_ACTING_AS: contextvars.ContextVar[str] = contextvars.ContextVar("audit_acting_as", default="")


@contextlib.contextmanager
def acting_as(note: str) -> Iterator[None]:
    """Inside the block every entry written by the system (``by=None``) says who acted in its reason: a write
    made with a table code (issue 42) is "테이블 코드 (3번 테이블) · 기기 7f3a", not the system's."""
    token = _ACTING_AS.set(note)
    try:
        yield
    finally:
        _ACTING_AS.reset(token)


def audit(
    *, club, by, action: str, object_type: str, object_id: Any,
    before: Any = None, after: Any = None, reason: str = "", obj=None,
) -> AuditEntry:
    """Write one entry; ``by=None`` (or an anonymous user) is the system (or whom :func:`acting_as` names)."""
    acting = _ACTING_AS.get()
    if acting and not (by is not None and getattr(by, "is_authenticated", False)):
        reason = f"{acting} · {reason}" if reason else acting
    return AuditEntry.objects.create(
        club=club,
        actor=by if by is not None and getattr(by, "is_authenticated", False) else None,
        action=action,
        object_type=object_type,
        object_id=str(object_id),
        before=as_json(before) if before is not None else None,
        after=as_json(after) if after is not None else None,
        reason=reason or "",
    )


def audit_each(*, club, by, action: str, object_type: str, entries: Iterable[tuple[Any, Any]],
               reason: str = "") -> None:
    """:func:`audit` for many objects of one kind at once (``entries``: ``(object_id, after)``), one INSERT: a
    whole imported game's hands."""
    acting = _ACTING_AS.get()
    if acting and not (by is not None and getattr(by, "is_authenticated", False)):
        reason = f"{acting} · {reason}" if reason else acting
    actor = by if by is not None and getattr(by, "is_authenticated", False) else None
    AuditEntry.objects.bulk_create(
        AuditEntry(club=club, actor=actor, action=action, object_type=object_type, object_id=str(object_id),
                   after=as_json(after) if after is not None else None, reason=reason or "")
        for object_id, after in entries)


@dataclass(frozen=True)
class PastEntry:
    """An entry of a log read back from an export (a season file): written as it was, at its own time."""

    actor: Any
    at: datetime.datetime
    action: str
    object_type: str
    object_id: Any
    before: Any = None
    after: Any = None
    reason: str = ""


def restore_history(*, club, entries: Iterable[PastEntry]) -> list[AuditEntry]:
    """Write a restored log (a season file's ``audit``) in one statement, each entry at its own time."""
    return AuditEntry.objects.bulk_create([
        AuditEntry(club=club, actor=e.actor if getattr(e.actor, "is_authenticated", False) else None, at=e.at,
                   action=e.action, object_type=e.object_type, object_id=str(e.object_id),
                   before=as_json(e.before) if e.before is not None else None,
                   after=as_json(e.after) if e.after is not None else None, reason=e.reason or "")
        for e in entries
    ])


def forget_since(*, club, after_id: int, object_types: Iterable[str]) -> int:
    """Take back the entries written after ``after_id`` about ``object_types`` (a restore replaces what it
    wrote while replaying with the exported log). Returns how many went."""
    deleted, _ = AuditEntry.objects.filter(club=club, pk__gt=after_id, object_type__in=list(object_types)).delete()
    return deleted


_VALUE_WORDS: dict[str, dict[str, Any]] = {}


def register_value_words(field: str, choices) -> None:
    """Name a stored field's codes in the log (``choices``: a ``TextChoices`` class). A higher layer (events)
    registers its own codes from its ``AppConfig.ready``, so the log reads "진행 중 → 종료", not "running"."""
    _VALUE_WORDS.setdefault(field, {}).update(dict(choices.choices))


def value_word(field: str, value: Any) -> Any:
    """The registered word of a stored code (lazy), or None."""
    return _VALUE_WORDS.get(field, {}).get(value) if isinstance(value, str) else None
