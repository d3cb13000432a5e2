"""Rulesets and seasons: reads, and writes through ``league.seasons.services``."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import mixins, status
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from league.models import Ruleset, Season
from league.permissions import Action
from league.seasons import services as season_services

from . import filters
from . import serializers as s
from .access import BaseViewSet, require
from .imports import SeasonFileActions
from .standings import SeasonStandingsActions


class RulesetViewSet(BaseViewSet, mixins.ListModelMixin, mixins.RetrieveModelMixin):
    """Presets shared by every club (club empty) and the clubs' own variants."""

    serializer_class = s.RulesetSerializer
    filterset_class = filters.RulesetFilter
    queryset = Ruleset.objects.none()

    def get_queryset(self):
        from django.db.models import Q

        user = self.request.user
        mine = Q(club__isnull=True)
        if user.is_authenticated:
            mine |= Q(pk__in=Ruleset.objects.filter(s.visible_q(user)).values("pk"))
        return Ruleset.objects.filter(mine).order_by("key", "version", "pk")

    @extend_schema(
        request=s.RulesetCreateSerializer, responses={201: s.RulesetSerializer},
        summary="Add a preset (or a variant of one) to a club",
        description="Admins. A season needs one of its club's rulesets (or a shared one); for Tenhou imports "
        "add `{\"club\": 1, \"base\": \"tenhou\"}` and make a season with it.",
        examples=[OpenApiExample("Tenhou rules for imports", value={"club": 1, "base": "tenhou"}, request_only=True)],
    )
    def create(self, request):
        data = s.RulesetCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        attrs = dict(data.validated_data)
        require(request.user, Action.MANAGE_LEAGUE, club=attrs["club"])
        ruleset = season_services.ruleset_create(by=request.user, **attrs)
        return Response(s.RulesetSerializer(ruleset).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=s.RulesetDeriveSerializer, responses={201: s.RulesetSerializer}, summary="Derive a club variant"
    )
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def derive(self, request, pk=None):
        base = self.get_object()
        data = s.RulesetDeriveSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club = data.validated_data.get("club") or base.club
        if club is None:
            raise ValidationError({"club": ["Say which club the variant is for."]})
        if base.club_id not in (None, club.pk):
            raise ValidationError({"club": ["That ruleset belongs to another club."]})
        require(request.user, Action.MANAGE_LEAGUE, club=club)
        kwargs = {k: data.validated_data[k] for k in ("name", "version") if k in data.validated_data}
        if kwargs.get("version") and Ruleset.objects.filter(
            club=club, key=base.key, version=kwargs["version"]
        ).exists():
            raise ValidationError({"version": ["That version exists already."]})
        derived = season_services.ruleset_derive(
            ruleset=base, overrides=data.validated_data["overrides"], by=request.user, club=club, **kwargs
        )
        return Response(s.RulesetSerializer(derived).data, status=status.HTTP_201_CREATED)


class SeasonViewSet(SeasonStandingsActions, SeasonFileActions, BaseViewSet, mixins.ListModelMixin,
                    mixins.RetrieveModelMixin):
    """Seasons; their standings and ratings (``api.standings``) and files (``api.imports``) are actions here."""

    serializer_class = s.SeasonSerializer
    filterset_class = filters.SeasonFilter
    queryset = Season.objects.none()

    def get_queryset(self):
        user = self.request.user
        from django.db.models import Q

        q = Q(club__public_standings=True)
        if user.is_authenticated:
            q |= Q(pk__in=Season.objects.filter(s.visible_q(user)).values("pk"))
        return Season.objects.filter(q).select_related("club").order_by("-starts_on", "name", "pk")

    @extend_schema(request=s.SeasonCreateSerializer, responses={201: s.SeasonSerializer})
    def create(self, request):
        data = s.SeasonCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        attrs = dict(data.validated_data)
        require(request.user, Action.MANAGE_LEAGUE, club=attrs["club"])
        season = season_services.season_create(by=request.user, **attrs)
        return Response(s.SeasonSerializer(season).data, status=status.HTTP_201_CREATED)

    def _season_for(self, action_: Action) -> Season:
        season = self.get_object()
        require(self.request.user, action_, club=season.club)
        return season
