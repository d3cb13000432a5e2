"""django-filter filter sets for the list endpoints."""
from __future__ import annotations

import django_filters

from club.models import Member
from league.models import Game, HandRecord, ImportBatch, Penalty, Ruleset, Season


class MemberFilter(django_filters.FilterSet):
    display_name = django_filters.CharFilter(lookup_expr="icontains")

    class Meta:
        model = Member
        fields = ["club", "active", "display_name"]


class RulesetFilter(django_filters.FilterSet):
    class Meta:
        model = Ruleset
        fields = ["club", "key", "base", "frozen"]


class SeasonFilter(django_filters.FilterSet):
    class Meta:
        model = Season
        fields = ["club", "rating_method"]


class GameFilter(django_filters.FilterSet):
    member = django_filters.NumberFilter(field_name="seat_set__member", distinct=True, label="member id")
    started_after = django_filters.IsoDateTimeFilter(field_name="started_at", lookup_expr="gte")
    started_before = django_filters.IsoDateTimeFilter(field_name="started_at", lookup_expr="lte")

    class Meta:
        model = Game
        fields = ["club", "season", "status", "source", "member", "started_after", "started_before"]


class HandRecordFilter(django_filters.FilterSet):
    class Meta:
        model = HandRecord
        fields = ["game"]


class PenaltyFilter(django_filters.FilterSet):
    active = django_filters.BooleanFilter(field_name="cancelled_at", lookup_expr="isnull", label="not cancelled")

    class Meta:
        model = Penalty
        fields = ["season", "game", "member", "type", "active"]


class ImportBatchFilter(django_filters.FilterSet):
    class Meta:
        model = ImportBatch
        fields = ["season", "status"]
