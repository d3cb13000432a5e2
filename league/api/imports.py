"""Tenhou imports (``league.transfer.tenhou6``) and a season's files (export, CSV)."""
from __future__ import annotations

from django.http import StreamingHttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, status
from rest_framework.decorators import action
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response

from league.error_codes import LeagueErrorCode
from league.models import ImportBatch, Season
from league.permissions import Action
from league.transfer.tenhou6 import batch_submit

from . import filters
from . import serializers as s
from .access import BaseViewSet, require
from .parsers import SafeJSONParser


class ImportBatchViewSet(BaseViewSet, mixins.ListModelMixin, mixins.RetrieveModelMixin):
    """Tenhou imports: POST logs (JSON) or files (multipart); GET the batch for progress."""

    serializer_class = s.ImportBatchSerializer
    filterset_class = filters.ImportBatchFilter
    queryset = ImportBatch.objects.none()
    parser_classes = [SafeJSONParser, MultiPartParser, FormParser]

    def get_queryset(self):
        visible = Season.objects.filter(s.visible_q(self.request.user)).values("pk")
        return ImportBatch.objects.filter(season__in=visible).order_by("-created_at", "-id")

    @extend_schema(
        request={"application/json": s.ImportCreateSerializer, "multipart/form-data": s.ImportCreateSerializer},
        responses={202: s.ImportBatchSerializer},
        summary="Import tenhou.net/6 logs into a season",
    )
    def create(self, request):
        data = s.ImportCreateSerializer(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        season = data.validated_data["season"]
        require(request.user, Action.MANAGE_LEAGUE, club=season.club)
        batch = batch_submit(
            season=season, logs=data.validated_data["named_logs"], mapping=data.validated_data["mapping"],
            create_members=data.validated_data["create_members"], by=request.user,
        )
        batch.refresh_from_db()
        return Response(s.ImportBatchSerializer(batch).data, status=status.HTTP_202_ACCEPTED)


def _built_in_worker(request, season: Season) -> Response | None:
    """A season over ``LEAGUE_EXPORT_SYNC_MAX_GAMES`` games is not streamed here (a sync web worker would be
    held past its timeout, and a few such requests stall the site): 409 naming the files page, where the
    worker builds the file and a download link follows (``league.transfer.exports``)."""
    from league.transfer.exports import builds_in_worker

    if not builds_in_worker(season):
        return None
    files = request.build_absolute_uri(reverse("league:season_files", args=[season.pk]))
    return Response({"detail": _("This season has too many games to export in one request: prepare the file on "
                                 "the season's files page, then download it there."),
                     "code": LeagueErrorCode.BUILD_IN_WORKER.value, "files": files},
                    status=status.HTTP_409_CONFLICT)


class SeasonFileActions:
    """``/seasons/<id>/export/`` and the CSV files (mixed into ``SeasonViewSet``); a season too large for
    one request answers 409 with the files page's address (``_built_in_worker``)."""

    @extend_schema(responses={200: OpenApiResponse(description="The season export document (JSON).")},
                   summary="Export the season (games as game records, members, rulesets, penalties)")
    @action(detail=True, methods=["get"])
    def export(self, request, pk=None):

        from league.transfer.season_file import export_season_chunks

        season = self._season_for(Action.MANAGE_LEAGUE)
        if (refused := _built_in_worker(request, season)) is not None:
            return refused
        # Streamed a chunk of games at a time (a season of 10,000 games within the worker's timeout,
        # in flat memory): the same bytes as the JSON answer before (compact, UTF-8).
        return StreamingHttpResponse(export_season_chunks(season), content_type="application/json")

    @extend_schema(responses={(200, "text/csv"): OpenApiResponse(description="One row per game.")},
                   summary="Games as CSV")
    @action(detail=True, methods=["get"], url_path="csv/games")
    def games_csv(self, request, pk=None):
        from league.transfer.csv import games_csv_chunks

        season = self._season_for(Action.VIEW_CLUB)
        refused = _built_in_worker(request, season)
        return refused if refused is not None else _csv_response(games_csv_chunks(season),
                                                                 f"season-{season.pk}-games.csv")

    @extend_schema(responses={(200, "text/csv"): OpenApiResponse(description="One row per hand.")},
                   summary="Hands as CSV")
    @action(detail=True, methods=["get"], url_path="csv/hands")
    def hands_csv(self, request, pk=None):
        from league.transfer.csv import hands_csv_chunks

        season = self._season_for(Action.VIEW_CLUB)
        refused = _built_in_worker(request, season)
        return refused if refused is not None else _csv_response(hands_csv_chunks(season),
                                                                 f"season-{season.pk}-hands.csv")


def _csv_response(chunks, filename: str) -> StreamingHttpResponse:
    response = StreamingHttpResponse(chunks, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
