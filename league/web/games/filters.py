"""The club's game list: which games a page shows (season, status, a member by id or by name).

A page is ``GAMES_PER_PAGE`` games, newest first; the filters are django-filter's, validated by its form
(a wrong value is a 400 with a message, never a 500 and never a silently unfiltered list).
"""
from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

import django_filters
from django.db.models import Exists, OuterRef, QuerySet
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from club.models import Club, Member
from league.games.words import ended_by_phrase
from league.models import Game, GameSeat, Season

GAMES_PER_PAGE = 50
"""Games the club's game list shows at once (newest first); older ones are on the next pages."""


class GameListFilter(django_filters.FilterSet):
    season = django_filters.ModelChoiceFilter(queryset=Season.objects.none(), label=_("Season"),
                                              empty_label=_("All seasons"))
    status = django_filters.ChoiceFilter(choices=Game.Status.choices, label=_("Status"), empty_label=_("All"))
    member = django_filters.NumberFilter(method="filter_member", label=_("Player"), min_value=1,
                                         max_value=2**62)
    player = django_filters.CharFilter(method="filter_player", label=_("Player"), max_length=60)

    class Meta:
        model = Game
        fields = ["season", "status"]

    def __init__(self, *args, club: Club, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.filters["season"].queryset = club.seasons.all()

    def filter_member(self, queryset: QuerySet[Game], name: str, value: int) -> QuerySet[Game]:
        # EXISTS, not a join: no DISTINCT over the page, and the count stays one plain query.
        return queryset.filter(Exists(GameSeat.objects.filter(game=OuterRef("pk"), member_id=value)))

    def filter_player(self, queryset: QuerySet[Game], name: str, value: str) -> QuerySet[Game]:
        value = value.strip()
        if not value:
            return queryset
        # The seats of the members whose name holds it (found once, by the seats' member index), not a
        # name test for every seat of every game.
        return queryset.filter(pk__in=GameSeat.objects.filter(
            member__in=Member.objects.filter(club=self.club, display_name__icontains=value)).values("game_id"))


def club_games(*, club: Club) -> QuerySet[Game]:
    """The list's games, newest first, with only the columns a row shows."""
    return (Game.objects.filter(club=club).only("id", "started_at", "table_label", "status", "final_points", "ended_by")
            .order_by("-started_at", "-id"))


@dataclass(frozen=True, slots=True)
class GameRow:
    pk: int
    started_at: datetime.datetime
    label: str
    url: str
    players: SafeString
    status: str
    ended_by: str = ""


def _signed(value: object) -> str:
    try:
        x = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return ""
    return f"{'+' if x > 0 else '−' if x < 0 else ''}{abs(x):.1f}"


def game_rows(games: Sequence[Game]) -> list[GameRow]:
    """A page's rows: the players' names (and points, once finished) read in one query for the page, each
    row's cells put together here rather than in the template (50 rows × 4 seats of template work)."""
    seated: dict[int, list[tuple[int, str]]] = {}
    for game_id, seat, name in (GameSeat.objects.filter(game_id__in=[g.pk for g in games])
                                .order_by("game_id", "seat").values_list("game_id", "seat", "member__display_name")):
        seated.setdefault(game_id, []).append((seat, name))
    marker = 2**31 - 1
    table_url, detail_url = (reverse(name, args=[marker]) for name in ("league:game_table", "league:game_detail"))
    statuses = dict(Game.Status.choices)
    rows = []
    for g in games:
        points = g.final_points or []
        seats = seated.get(g.pk, [])
        cells = [f'<span class="nowrap">{escape(name)}'
                 f'{f""" <span class="num">{_signed(points[seat])}</span>""" if seat < len(points) else ""}'
                 f'{"," if i < len(seats) - 1 else ""}</span>' for i, (seat, name) in enumerate(seats)]
        url = (table_url if g.status == Game.Status.IN_PROGRESS else detail_url).replace(str(marker), str(g.pk))
        rows.append(GameRow(pk=g.pk, started_at=g.started_at, label=g.table_label or str(g.pk), url=url,
                            players=mark_safe(" ".join(cells)), status=str(statuses.get(g.status, g.status)),
                            ended_by=ended_by_phrase(g.ended_by)))
    return rows
