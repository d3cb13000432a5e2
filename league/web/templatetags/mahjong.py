"""Template tags of the table screens. The words of events, wins and rounds are computed in
``league.games.words`` and only registered here; the filters below format numbers and the audit log."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import template
from django.utils.html import format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from core.audit import value_word
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


_PREVIEW_SEAT = ('<li><span class="pv-name" title="{0}">{0}</span><span class="num pv-delta{1}" data-delta="{2}">{3}'
                 '</span><span class="num pv-after muted" title="{4}">{5}</span></li>')


@register.simple_tag
def preview_seats(seats: Sequence[dict[str, Any]]):
    """The preview's columns, one ``<li>`` a seat: the name, the payment (``plus``/``minus``) and the score after.
    Written here, not by a loop of the template: the host's phone asks for a preview at each change of the form."""
    after = _("After")
    return format_html_join("\n", _PREVIEW_SEAT, (
        (p["name"], " plus" if p["delta"] > 0 else " minus" if p["delta"] < 0 else "", p["delta"], signed(p["delta"]),
         after, thousands(p["score"])) for p in seats))


@register.filter
def csv_of(rows: Sequence[dict[str, Any]], key: str) -> str:
    """``rows``' ``key`` values joined by commas (a preview's ``data-deltas``)."""
    return ",".join(str(row[key]) for row in rows)


@register.filter
def index(seq: Sequence[Any] | None, i: int) -> Any:
    try:
        return seq[int(i)]  # type: ignore[index]
    except (TypeError, IndexError, ValueError, KeyError):
        return None


@register.filter
def in_language(texts: Any, lang: str) -> str:
    """A stored text in every language (``{"en": …, "ko": …, "ja": …}``) in the page's: ``lang`` as Django
    names it ("zh-hans"), else its base language; "" when the texts do not have it."""
    if not isinstance(texts, dict) or not lang:
        return ""
    return texts.get(lang) or texts.get(lang.split("-")[0]) or ""


AUDIT_OBJECTS = {
    "ruleset": pgettext_lazy("audit object", "ruleset"),
    "season": pgettext_lazy("audit object", "season"),
    "game": pgettext_lazy("audit object", "game"),
    "hand": pgettext_lazy("audit object", "hand"),
    "penalty": pgettext_lazy("audit object", "penalty"),
    "club": pgettext_lazy("audit object", "club"),
    "member": pgettext_lazy("audit object", "member"),
    "club_night": pgettext_lazy("audit object", "club night"),
    "check_in": pgettext_lazy("audit object", "check-in"),
    "night_round": pgettext_lazy("audit object", "night round"),
    "night_table": pgettext_lazy("audit object", "night table"),
    "tournament": pgettext_lazy("audit object", "tournament"),
    "entrant": pgettext_lazy("audit object", "tournament entrant"),
    "tournament_round": pgettext_lazy("audit object", "tournament round"),
    "tournament_table": pgettext_lazy("audit object", "tournament table"),
    "invite": pgettext_lazy("audit object", "invite"),
    "request": pgettext_lazy("audit object", "request to join"),
    "whatif": pgettext_lazy("audit object", "what-if run"),
    "season_file": pgettext_lazy("audit object", "season file"),
    "notify_channel": pgettext_lazy("audit object", "notification channel"),
    "referee_call": pgettext_lazy("audit object", "referee call"),
    "team_league": pgettext_lazy("audit object", "team league"),
    "team": pgettext_lazy("audit object", "team"),
    "team_roster": pgettext_lazy("audit object", "team roster"),
    "team_stage": pgettext_lazy("audit object", "team league stage"),
    "team_schedule": pgettext_lazy("audit object", "team league schedule"),
    "team_match_day": pgettext_lazy("audit object", "match day"),
    "team_fixture": pgettext_lazy("audit object", "team league table"),
    "team_slot": pgettext_lazy("audit object", "line-up"),
}
AUDIT_FIELDS = {
    "title": pgettext_lazy("audit field", "title"),
    "name": pgettext_lazy("audit field", "name"),
    "display_name": pgettext_lazy("audit field", "name"),
    "names": pgettext_lazy("audit field", "players"),
    "date": pgettext_lazy("audit field", "date"),
    "round_minutes": pgettext_lazy("audit field", "minutes a round"),
    "end_rule": pgettext_lazy("audit field", "when time is up"),
    "status": pgettext_lazy("audit field", "status"),
    "present": pgettext_lazy("audit field", "present"),
    "checked_in": pgettext_lazy("audit field", "checked in"),
    "number": pgettext_lazy("audit field", "round"),
    "round": pgettext_lazy("audit field", "round"),
    "stage": pgettext_lazy("audit field", "stage"),
    "method": pgettext_lazy("audit field", "seating"),
    "seating": pgettext_lazy("audit field", "seating"),
    "tables": pgettext_lazy("audit field", "tables"),
    "table": pgettext_lazy("audit field", "table"),
    "players": pgettext_lazy("audit field", "players"),
    "sitting_out": pgettext_lazy("audit field", "sitting out"),
    "still_playing": pgettext_lazy("audit field", "still playing"),
    "extra_minutes": pgettext_lazy("audit field", "extra minutes"),
    "seat": pgettext_lazy("audit field", "seat"),
    "rounds": pgettext_lazy("audit field", "rounds"),
    "player_cap": pgettext_lazy("audit field", "player cap"),
    "team_size": pgettext_lazy("audit field", "team size"),
    "team": pgettext_lazy("audit field", "team"),
    "guest": pgettext_lazy("audit field", "guest"),
    "cut_after": pgettext_lazy("audit field", "cut after round"),
    "after_round": pgettext_lazy("audit field", "cut after round"),
    "cut_to": pgettext_lazy("audit field", "finalists"),
    "carry": pgettext_lazy("audit field", "points carried"),
    "entry": pgettext_lazy("audit field", "entry"),
    "scores": pgettext_lazy("audit field", "scores"),
    "sticks": pgettext_lazy("audit field", "riichi sticks"),
    "points": pgettext_lazy("audit field", "points"),
    "ranks": pgettext_lazy("audit field", "places"),
    "reason": pgettext_lazy("audit field", "reason"),
    "active": pgettext_lazy("audit field", "active"),
    "public_results": pgettext_lazy("audit field", "results public"),
    "language": pgettext_lazy("audit field", "language"),
    "kind": pgettext_lazy("audit field", "service"),
    "label": pgettext_lazy("audit field", "name"),
    "secret": pgettext_lazy("audit field", "secret"),
    "events": pgettext_lazy("audit field", "notifications"),
    "chat_id": pgettext_lazy("audit field", "chat"),
    "acknowledged": pgettext_lazy("audit field", "acknowledged"),
    "note": pgettext_lazy("audit field", "note"),
    "merged_into": pgettext_lazy("audit field", "merged into"),
    "roles": pgettext_lazy("audit field", "roles"),
    "hosts": pgettext_lazy("audit field", "hosts"),
    "source": pgettext_lazy("audit field", "source"),
    # a merge (club.services.member_merge_record): the duplicate, the member kept, and what moved over
    "target": pgettext_lazy("audit field", "member kept"),
    "moved": pgettext_lazy("audit field", "moved over"),
    "seats": pgettext_lazy("audit field", "seats"),
    "penalties": pgettext_lazy("audit field", "penalties"),
    "rulings_received": pgettext_lazy("audit field", "rulings received"),
    # one person, many clubs (issue 36): a membership's person, a visitor's record, a person's names and ids
    "person": pgettext_lazy("audit field", "person"),
    "visitor": pgettext_lazy("audit field", "visitor"),
    "latin_name": pgettext_lazy("audit field", "name in Latin letters"),
    "aliases": pgettext_lazy("audit field", "other names"),
    "federation_id": pgettext_lazy("audit field", "federation ID"),
    "ema_id": pgettext_lazy("audit field", "EMA ID"),
    "findable": pgettext_lazy("audit field", "findable by other clubs"),
    "visitors_ranked": pgettext_lazy("audit field", "visitors ranked"),
    # the team league's (issue 37)
    "format": pgettext_lazy("audit field", "format"),
    "stages": pgettext_lazy("audit field", "stages"),
    "advancing": pgettext_lazy("audit field", "teams advancing"),
    "games_per_team": pgettext_lazy("audit field", "games per team"),
    "player_min_games": pgettext_lazy("audit field", "player's fewest games"),
    "player_max_games": pgettext_lazy("audit field", "player's most games"),
    "tables_per_day": pgettext_lazy("audit field", "tables per match day"),
    "opened": pgettext_lazy("audit field", "opened"),
    "teams": pgettext_lazy("audit field", "teams"),
    "league": pgettext_lazy("audit field", "team league"),
    "member": pgettext_lazy("audit field", "player"),
    "role": pgettext_lazy("audit field", "role"),
    "joined_on": pgettext_lazy("audit field", "joined on"),
    "left_on": pgettext_lazy("audit field", "left on"),
    "captain": pgettext_lazy("audit field", "captain"),
    "starts_at": pgettext_lazy("audit field", "starts at"),
    "venue": pgettext_lazy("audit field", "venue"),
    "match_day": pgettext_lazy("audit field", "match day"),
    "match_days": pgettext_lazy("audit field", "match days"),
    "fixtures": pgettext_lazy("audit field", "tables"),
    "order": pgettext_lazy("audit field", "game of the day"),
    "meetings": pgettext_lazy("audit field", "fewest and most meetings of two teams"),
    "seed": pgettext_lazy("audit field", "draw number"),
    "game": pgettext_lazy("audit field", "game"),
    "forfeit": pgettext_lazy("audit field", "forfeit"),
    "lineups_closed": pgettext_lazy("audit field", "line-ups closed"),
    "filled_from_roster": pgettext_lazy("audit field", "picked from the roster"),
}
"""The stored fields in words; a field not named here shows as stored (the Korean-page walk test finds it)."""
AUDIT_REASONS = {
    "back": pgettext_lazy("audit reason", "came back"),
    "left": pgettext_lazy("audit reason", "left"),
    "left mid-game": pgettext_lazy("audit reason", "left mid-game"),
    "withdrawn": pgettext_lazy("audit reason", "withdrew"),
    "cut": pgettext_lazy("audit reason", "the cut"),
    "registered again": pgettext_lazy("audit reason", "signed up again"),
    "added to the round in play": pgettext_lazy("audit reason", "added to the round in play"),
    "time": pgettext_lazy("audit reason", "time end"),
    "referee": pgettext_lazy("audit reason", "referee's end"),
}
"""Reasons the services write in code words (the ones a person types show as typed)."""
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
    return str(AUDIT_REASONS.get(entry.reason, entry.reason))


AUDIT_ID_FIELDS = frozenset({"id", "club", "season", "ruleset", "game", "member", "beneficiary", "hand_record",
                             "created_by", "given_by", "cancelled_by", "entered_by", "actor", "sanma_season",
                             "sanma_ruleset", "night", "tournament", "games", "finalists", "guest_of_tournament",
                             "user", "merged_into"})
"""Stored fields that are internal ids: the log names the objects in words instead."""


@register.filter
def audit_changes(entry: Any) -> tuple[tuple[str, str, str], ...]:
    """What an audit entry changed, field by field, in words: (field, before, after).

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
        rows.append((str(AUDIT_FIELDS.get(key, key)), _in_words(key, old), _in_words(key, new)))
    return tuple(rows)


_MISSING = object()


def _in_words(key: str, value: Any) -> str:
    """A stored value as a person reads it: codes in words, no quotes, brackets or null; scores with commas."""
    if value is _MISSING:
        return ""
    if value is None or value == [] or value == "":
        return "—"
    if isinstance(value, bool):
        return str(pgettext_lazy("audit value", "yes") if value else pgettext_lazy("audit value", "no"))
    if isinstance(value, int):
        return f"{value:,}" if abs(value) >= 10000 else str(value)
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list):
        nested = any(isinstance(v, list) for v in value)
        return (" / " if nested else ", ").join(_in_words(key, v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{AUDIT_FIELDS.get(k, k)} {_in_words(k, v)}" for k, v in value.items()
                         if k not in AUDIT_ID_FIELDS)
    word = value_word(key, value)
    if word is not None:
        return str(word)
    moment = _stored_time(value)
    if moment is not None:
        return moment
    return str(value)


@register.filter
def local_date(value: Any) -> str:
    """A stored ISO date-time (UTC) as the club's local date, "2026-12-02"; "" if it is not one."""
    moment = _stored_time(value)
    return moment[:10] if moment else ""


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
