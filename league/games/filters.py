"""The club's game list: which games a page shows (season, status, a member by id or by name).

A page is ``GAMES_PER_PAGE`` games, newest first; the filters are django-filter's, validated by its form
(a wrong value is a 400 with a message, never a 500 and never a silently unfiltered list).
"""
from __future__ import annotations

import django_filters
from django.db.models import Exists, OuterRef, QuerySet
from django.utils.translation import gettext_lazy as _

from club.models import Club
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

    def filter_member(self, queryset: QuerySet[Game], name: str, value: int) -> QuerySet[Game]:  # noqa: ARG002
        # EXISTS, not a join: no DISTINCT over the page, and the count stays one plain query.
        return queryset.filter(Exists(GameSeat.objects.filter(game=OuterRef("pk"), member_id=value)))

    def filter_player(self, queryset: QuerySet[Game], name: str, value: str) -> QuerySet[Game]:  # noqa: ARG002
        value = value.strip()
        if not value:
            return queryset
        return queryset.filter(Exists(GameSeat.objects.filter(
            game=OuterRef("pk"), member__display_name__icontains=value)))
