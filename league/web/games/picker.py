"""The game-start form's member picker: a short list, never the whole club (issue 29, item 2).

Each seat offers the members checked in at an open club night first, then the players of the club's
latest games, then (when the host typed part of a name) the members whose name has it — at most
``PICKER_LIMIT`` of them, in one query whatever the size of the club. The member already chosen for a
seat is always offered (a form sent back with an error keeps its seats).

Who is checked in is the events layer's to say (league never imports events): it registers a
function giving the member ids of a club's open nights (``register_present``, events/apps.py).
"""
from __future__ import annotations

import enum
from collections.abc import Callable, Collection
from dataclasses import dataclass

from django import forms
from django.db.models import Case, IntegerField, Q, QuerySet, Value, When
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from club.models import Club, Member
from league.models import Game, GameSeat

PICKER_LIMIT = 40
"""Members a seat's list offers at most (before the ones already chosen)."""
RECENT_GAMES = 30
"""The club's latest games whose players count as recent."""


class Group(enum.IntEnum):
    CHECKED_IN = 1
    RECENT = 2
    FOUND = 3


@dataclass(frozen=True, slots=True)
class Choice:
    pk: int
    name: str
    group: Group
    chosen: bool = False


_present: list[Callable[[Club], QuerySet]] = []


def register_present(source: Callable[[Club], QuerySet]) -> None:
    """``source(club)``: a ``values("member_id")`` queryset of the members present tonight."""
    if source not in _present:
        _present.append(source)


def _checked_in(club: Club) -> Q:
    q = Q(pk__in=[])
    for source in _present:
        q |= Q(pk__in=source(club))
    return q


def _recent(club: Club) -> Q:
    latest = Game.objects.filter(club=club).order_by("-started_at", "-id").values("pk")[:RECENT_GAMES]
    return Q(pk__in=GameSeat.objects.filter(game__in=latest).values("member_id"))


def member_choices(*, club: Club, query: str = "", chosen: Collection[int] = (),
                   limit: int | None = None) -> list[Choice]:
    """The members a seat offers, in one query: chosen, checked in, recent; with ``query``, those whose
    name holds it (checked-in and recent ones first). Active members of the club only."""
    query, limit = query.strip(), PICKER_LIMIT if limit is None else limit
    chosen = [pk for pk in chosen if pk]
    checked_in, recent = _checked_in(club), _recent(club)
    group = Case(
        When(checked_in, then=Value(Group.CHECKED_IN)),
        When(recent, then=Value(Group.RECENT)),
        default=Value(Group.FOUND), output_field=IntegerField(),
    )
    first = Case(When(Q(pk__in=chosen), then=Value(0)), default=Value(1), output_field=IntegerField())
    wanted = Q(display_name__icontains=query) if query else checked_in | recent
    rows = (Member.objects.filter(club=club, active=True).filter(wanted | Q(pk__in=chosen))
            .annotate(group=group, first=first).order_by("first", "group", "display_name", "pk")
            .values_list("pk", "display_name", "group", "first")[: limit + len(chosen)])
    return [Choice(pk, name, Group(g), first == 0) for pk, name, g, first in rows]


def chosen_ids(values: Collection[object]) -> list[int]:
    """The member ids a form holds (its data or initial), ignoring what is not an id."""
    ids = []
    for value in values:
        text = str(getattr(value, "pk", value) or "")
        if text.isascii() and text.isdigit() and len(text) <= 18:
            ids.append(int(text))
    return ids


GROUP_LABELS = {
    Group.CHECKED_IN: _("Checked in tonight"),
    Group.RECENT: _("Played lately"),
    Group.FOUND: _("Name matches"),
}


def seat_choices(*, club: Club, chosen: dict[int, int | None], queries: dict[int, str],
                 seats: int = 4) -> dict[int, list]:
    """Each seat's select choices: one query for the seats without a search, one more per seat with one.
    A seat lists its own chosen member on top; another seat's only when it is checked in or recent."""
    ids = [pk for pk in chosen.values() if pk]
    shared: list[Choice] | None = None
    lists = {}
    for seat in range(seats):
        query, mine = (queries.get(seat) or "").strip(), chosen.get(seat)
        if query:
            found = member_choices(club=club, query=query, chosen=[mine] if mine else [])
        else:
            if shared is None:
                shared = member_choices(club=club, chosen=ids)
            found = [c for c in shared if c.pk == mine or c.group is not Group.FOUND]
        lists[seat] = widget_choices(found, selected=mine)
    return lists


def widget_choices(choices: list[Choice], *, selected: int | None, empty: str = "—") -> list:
    """A select's choices: the seat's chosen member on top, then one group each for checked in, recent, found."""
    top = [("", empty), *((c.pk, c.name) for c in choices if c.pk == selected)]
    groups = [(GROUP_LABELS[g], [(c.pk, c.name) for c in choices if c.group is g and c.pk != selected])
              for g in Group]
    return top + [(label, items) for label, items in groups if items]


class SeatSelect(forms.Select):
    """A seat's ``<select>``, its options written here: the same markup as Django's select template (``tests/
    league/test_member_picker.py`` compares them), without rendering its option template once per member
    (four seats × ~40 options were half of the game-start form's time)."""

    def render(self, name, value, attrs=None, renderer=None) -> SafeString:  # Widget.render's signature
        chosen = set(self.format_value(value))
        shown = "".join(f" {k}" if v is True else f' {k}="{escape(v)}"'
                        for k, v in self.build_attrs(self.attrs, attrs).items() if v is not False)
        lines = [f'<select name="{escape(name)}"{shown}>']

        def option(key: object, label: object) -> str:
            key = "" if key is None else str(key)
            return f'  <option value="{escape(key)}"{" selected" if key in chosen else ""}>{escape(label)}</option>'

        for key, label in self.choices:
            if isinstance(label, list | tuple):
                lines.append(f'  <optgroup label="{escape(key)}">')
                lines.extend(option(k, v) for k, v in label)
                lines.append("  </optgroup>")
            else:
                lines.append(option(key, label))
        lines.append("</select>")
        return mark_safe("\n".join(lines))  # every value and label escaped above
