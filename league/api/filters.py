"""django-filter filter sets for the list endpoints."""
from __future__ import annotations

import datetime

import django_filters
from django import forms
from django_filters.fields import IsoDateTimeField

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


class RealOffsetDateTimeField(IsoDateTimeField):
    """An ISO 8601 time whose UTC offset exists (-12:00 to +14:00), as UTC.

    ``...-18:43`` parses in Python but PostgreSQL refuses it (a 500): it is a 400 here."""

    def to_python(self, value):
        parsed = super().to_python(value)
        if parsed is None or parsed.utcoffset() is None:
            return parsed
        offset = parsed.utcoffset()
        if not datetime.timedelta(hours=-12) <= offset <= datetime.timedelta(hours=14):
            raise forms.ValidationError(
                "The time zone offset must be between -12:00 and +14:00 (e.g. 2026-03-01T18:00:00+09:00).",
                code="invalid",
            )
        try:
            return parsed.astimezone(datetime.UTC)
        except OverflowError:
            raise forms.ValidationError("That date and time is out of range.", code="invalid") from None


class RealOffsetDateTimeFilter(django_filters.IsoDateTimeFilter):
    field_class = RealOffsetDateTimeField


class GameFilter(django_filters.FilterSet):
    member = django_filters.NumberFilter(field_name="seat_set__member", distinct=True, label="member id")
    started_after = RealOffsetDateTimeFilter(field_name="started_at", lookup_expr="gte")
    started_before = RealOffsetDateTimeFilter(field_name="started_at", lookup_expr="lte")

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
