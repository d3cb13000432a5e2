"""The audit trail and its one writer: every write of club, league or event data leaves one entry (who, when,
before, after, why), written by :func:`audit` and nothing else."""
from __future__ import annotations

from typing import Any

from django.forms.models import model_to_dict

from core.jsonvalues import as_json
from core.models import AuditEntry


def snapshot(obj) -> dict[str, Any]:
    """A model instance's fields, for an entry's ``before`` / ``after``."""
    data = model_to_dict(obj)
    data["id"] = obj.pk
    return as_json(data)


def audit(
    *, club, by, action: str, object_type: str, object_id: Any,
    before: Any = None, after: Any = None, reason: str = "", obj=None,
) -> AuditEntry:
    """Write one entry; ``by=None`` (or an anonymous user) is the system."""
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


_VALUE_WORDS: dict[str, dict[str, Any]] = {}


def register_value_words(field: str, choices) -> None:
    """Name a stored field's codes in the log (``choices``: a ``TextChoices`` class). A higher layer (events)
    registers its own codes from its ``AppConfig.ready``, so the log reads "진행 중 → 종료", not "running"."""
    _VALUE_WORDS.setdefault(field, {}).update(dict(choices.choices))


def value_word(field: str, value: Any) -> Any:
    """The registered word of a stored code (lazy), or None."""
    return _VALUE_WORDS.get(field, {}).get(value) if isinstance(value, str) else None
