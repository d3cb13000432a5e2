"""A season's standings and ratings, read from the stored snapshot."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import action
from rest_framework.response import Response

from league.permissions import Action

from . import serializers as s


class SeasonStandingsActions:
    """``/seasons/<id>/standings/`` and ``/ratings/`` (mixed into ``SeasonViewSet``): the stored snapshot."""

    @extend_schema(responses={200: s.StandingsSerializer}, summary="Standings (the stored snapshot)")
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None):
        from league.standings.selectors import season_snapshot

        season = self._season_for(Action.VIEW_STANDINGS)
        snap = season_snapshot(season=season)
        body = {
            "season": season.pk,
            "computed_at": snap.computed_at if snap else None,
            "games_count": snap.games_count if snap else 0,
            "rows": snap.rows if snap else [],
        }
        return Response(s.StandingsSerializer(body).data)

    @extend_schema(responses={200: s.RatingsSerializer}, summary="Ratings (final and history per member)")
    @action(detail=True, methods=["get"])
    def ratings(self, request, pk=None):
        from league.standings.selectors import rating_histories, season_snapshot

        season = self._season_for(Action.VIEW_STANDINGS)
        snap = season_snapshot(season=season, with_history=True)
        doc = (snap.ratings if snap else None) or {}
        body = {
            "season": season.pk,
            # The season's own name for it (p_rating, tenhou_r ...), as seasons are written.
            "method": season.rating_method,
            "params": doc.get("params") or {},
            "final": doc.get("final") or {},
            "history": rating_histories(snapshot=snap),
        }
        return Response(s.RatingsSerializer(body).data)
