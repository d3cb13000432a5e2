"""Template tags of the table screens. The words of events, wins and rounds are computed in
``league.games.words`` and only registered here; the filters below format numbers and the audit log."""
from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from league.games import words

register = template.Library()

register.simple_tag(words.round_name)
register.simple_tag(words.round_words)
register.simple_tag(words.replayed_value)
register.simple_tag(words.event_words)
register.simple_tag(words.ended_by_words)
register.simple_tag(words.ended_by_phrase)
register.simple_tag(words.seat_wind)
register.simple_tag(words.renchan_words)
register.simple_tag(words.dealer_min_han_words)


@register.filter
def signed(value: Any) -> str:
    """A score change with its sign and thousands separator: +3,900 / −1,000 / 0."""
    try:
        n = int(value)
    except (TypeError, ValueError):
        return ""
    if n == 0:
        return "0"
    return f"{'+' if n > 0 else '−'}{abs(n):,}"


@register.filter
def points(value: Any) -> str:
    """Season points with one decimal and a sign: +52.0 / −31.5."""
    try:
        x = float(value)
    except (TypeError, ValueError):
        return ""
    return f"{'+' if x > 0 else '−' if x < 0 else ''}{abs(x):.1f}"


@register.filter
def thousands(value: Any) -> str:
    """A score with thousands separators; negative with the same minus sign as score changes."""
    try:
        n = int(value)
    except (TypeError, ValueError):
        return ""
    return f"−{-n:,}" if n < 0 else f"{n:,}"


@register.filter
def index(seq: Sequence[Any] | None, i: int) -> Any:
    try:
        return seq[int(i)]  # type: ignore[index]
    except (TypeError, IndexError, ValueError, KeyError):
        return None


AUDIT_OBJECTS = {
    "ruleset": pgettext_lazy("audit object", "ruleset"),
    "season": pgettext_lazy("audit object", "season"),
    "game": pgettext_lazy("audit object", "game"),
    "hand": pgettext_lazy("audit object", "hand"),
    "penalty": pgettext_lazy("audit object", "penalty"),
    "club": pgettext_lazy("audit object", "club"),
    "member": pgettext_lazy("audit object", "member"),
}
AUDIT_ACTIONS = {
    "create": pgettext_lazy("audit action", "created"),
    "edit": pgettext_lazy("audit action", "edited"),
    "delete": pgettext_lazy("audit action", "deleted"),
    "cancel": pgettext_lazy("audit action", "cancelled"),
    "undo": pgettext_lazy("audit action", "taken back (the table's undo of its last hand)"),
}
UNDO_REASON = "undo"
"""The reason ``services.hand_undo_last`` stores: the log says it in words (``audit_reason``)."""


@register.filter
def audit_object(object_type: str) -> str:
    """``"hand"`` -> "hand" / "국 기록"; an unknown type shows as stored."""
    return str(AUDIT_OBJECTS.get(object_type, object_type))


@register.filter
def audit_action(action: str) -> str:
    """``"cancel"`` -> "cancelled" / "취소"; an unknown action shows as stored."""
    return str(AUDIT_ACTIONS.get(action, action))


def _is_undo(entry: Any) -> bool:
    return entry.action == "delete" and entry.object_type == "hand" and entry.reason == UNDO_REASON


@register.simple_tag
def audit_what(entry: Any) -> str:
    """One audit entry in words, without internal ids: "hand edited" / "국 기록 수정"."""
    action = "undo" if _is_undo(entry) else entry.action
    # Translators: an audit log line, e.g. "hand edited"; Korean puts the action last too.
    return _("%(object)s %(action)s") % {"object": audit_object(entry.object_type), "action": audit_action(action)}


@register.simple_tag
def audit_reason(entry: Any) -> str:
    """The entry's reason as written, or in words where the system wrote it (the table's undo)."""
    if _is_undo(entry):
        return _("The table host took back the last hand (one tap).")
    return entry.reason


AUDIT_ID_FIELDS = frozenset({"id", "club", "season", "ruleset", "game", "member", "beneficiary", "hand_record",
                             "created_by", "given_by", "cancelled_by", "entered_by", "actor"})
"""Stored fields that are internal ids: the log names the objects in words instead."""


@register.filter
def audit_changes(entry: Any) -> tuple[tuple[str, str, str], ...]:
    """What an audit entry changed, field by field, as JSON text: (field, before, after).

    An edit lists only the fields that differ; a creation or deletion lists every field
    on the side it has (the other side empty).
    """
    before = entry.before if isinstance(entry.before, dict) else None
    after = entry.after if isinstance(entry.after, dict) else None
    if before is None and after is None:
        return ()
    keys = list(dict.fromkeys([*(before or {}), *(after or {})]))
    rows = []
    for key in keys:
        if key in AUDIT_ID_FIELDS:
            continue
        old = (before or {}).get(key, _MISSING)
        new = (after or {}).get(key, _MISSING)
        if before is not None and after is not None and old == new:
            continue
        rows.append((key, _as_json(old), _as_json(new)))
    return tuple(rows)


_MISSING = object()


def _as_json(value: Any) -> str:
    if value is _MISSING:
        return ""
    moment = _stored_time(value)
    if moment is not None:
        return moment
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)


def _stored_time(value: Any) -> str | None:
    """A stored ISO date-time (UTC) as the club's local time, "2026-12-01 17:49"; None if it is not one."""
    if not isinstance(value, str) or len(value) < 16 or value[4:5] != "-" or "T" not in value:
        return None
    import datetime

    from django.utils import timezone
    from django.utils.dateparse import parse_datetime

    try:
        moment = parse_datetime(value)
    except ValueError:
        return None
    if moment is None:
        return None
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, datetime.UTC)
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M")
