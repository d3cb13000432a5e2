"""Penalties: reads, and writes through ``league.referee.services``."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins
from rest_framework.decorators import action
from rest_framework.response import Response

from league.models import Penalty, Season
from league.permissions import Action
from league.referee import services as referee_services

from . import filters
from . import serializers as s
from .access import BaseViewSet, idempotent, require


class PenaltyViewSet(BaseViewSet, mixins.ListModelMixin, mixins.RetrieveModelMixin):
    serializer_class = s.PenaltySerializer
    filterset_class = filters.PenaltyFilter
    queryset = Penalty.objects.none()

    def get_queryset(self):
        visible = Season.objects.filter(s.visible_q(self.request.user)).values("pk")
        return Penalty.objects.filter(season__in=visible).select_related("season__club").order_by("-given_at", "-id")

    @extend_schema(request=s.PenaltyCreateSerializer, responses={201: s.PenaltySerializer}, summary="Give a penalty")
    def create(self, request):
        data = s.PenaltyCreateSerializer(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        attrs = dict(data.validated_data)
        game = attrs.get("game")
        season = game.season if game else attrs["season"]
        require(request.user, Action.GIVE_PENALTY, club=season.club, game=game)

        def write(once):
            return referee_services.penalty_give(
                member=attrs["member"], type=attrs["type"], reason=attrs["reason"], by=request.user, game=game,
                season=season, points=attrs.get("points"), amount=attrs.get("amount"),
                beneficiary=attrs.get("beneficiary"), riichi=attrs.get("riichi") or (), once=once,
            ), True

        return idempotent(request, write, lambda penalty: s.PenaltySerializer(penalty).data)

    @extend_schema(request=s.ReasonSerializer, responses={200: s.PenaltySerializer}, summary="Cancel a penalty")
    @action(detail=True, methods=["post"])
    def cancel(self, request, pk=None):
        penalty = self.get_object()
        require(request.user, Action.GIVE_PENALTY, club=penalty.season.club, game=penalty.game)
        data = s.ReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        penalty = referee_services.penalty_cancel(
            penalty=penalty, by=request.user, reason=data.validated_data["reason"]
        )
        return Response(s.PenaltySerializer(penalty).data)
