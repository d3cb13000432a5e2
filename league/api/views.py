"""Viewsets: reads filtered to what the user may see, writes through ``league.services``.

Permissions follow ``league.permissions`` (the screens' matrix): a view checks the action
for the object's club before calling the service, and the service checks again.
"""
from __future__ import annotations

from django.db import transaction
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from club.models import Club, Member
from club.selectors import clubs_for_user
from league.games import services as game_services
from league.once import AlreadyDone
from league.once import Once
from league.once import once_remember
from league.referee import services as referee_services
from league.seasons import services as season_services
from league import permissions
from league.models import Game, HandRecord, ImportBatch, Penalty, Ruleset, Season
from league.permissions import Action
from league.transfer.tenhou6 import batch_submit

from . import filters
from . import serializers as s
from .errors import ScoringErrorsAs400
from .parsers import SafeJSONParser


def _plain(data):
    """The request body as plain JSON (a form body as lists), for the idempotency fingerprint."""
    if hasattr(data, "getlist"):
        return {k: data.getlist(k) for k in sorted(data.keys())}
    return data


def idempotent(request, write, serialize) -> Response:
    """Run ``write(once)`` (→ ``(obj, created)``) honouring the ``Idempotency-Key`` header.

    The first request answers 201 (or 200 when the object was already there) and its answer
    is kept with the key; the same key and body again answers 200 with that first answer,
    writing nothing (``Idempotent-Replayed: true``); the same key with another body is 422.
    """
    once = Once.api(request.user, request.headers.get("Idempotency-Key"),
                             {"method": request.method, "path": request.path, "body": _plain(request.data)})
    try:
        with transaction.atomic():
            obj, created = write(once)
            body = serialize(obj)
            once_remember(once=once, response=body)
    except AlreadyDone as done:
        body = done.record.response
        if body is None:
            obj = done.result
            body = serialize(obj) if obj is not None else {"detail": "Already done."}
        return Response(body, status=status.HTTP_200_OK, headers={"Idempotent-Replayed": "true"})
    return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


def require(user, action: Action, *, club, game=None) -> None:
    """403 for a member without the right; 404 for another club's data (its ids are not probed)."""
    if not permissions.can(user, action, club=club, game=game):
        if getattr(user, "is_authenticated", False) and not permissions.can(user, Action.VIEW_CLUB, club=club):
            raise NotFound()
        raise PermissionDenied(f"You may not {action.value.replace('_', ' ')} here.")


class BaseViewSet(ScoringErrorsAs400, viewsets.GenericViewSet):
    # Token first: a script without (or with a bad) token gets 401 and a WWW-Authenticate header.
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsAuthenticatedOrReadOnly]


@extend_schema_view(list=extend_schema(summary="Clubs you belong to (anonymous: clubs with public standings)"))
class ClubViewSet(BaseViewSet, mixins.ListModelMixin, mixins.RetrieveModelMixin):
    serializer_class = s.ClubSerializer
    queryset = Club.objects.none()

    def get_queryset(self):
        return clubs_for_user(user=self.request.user).order_by("name", "pk")


class MemberViewSet(BaseViewSet, mixins.ListModelMixin, mixins.RetrieveModelMixin):
    serializer_class = s.MemberSerializer
    filterset_class = filters.MemberFilter
    queryset = Member.objects.none()

    def get_queryset(self):
        return (
            Member.objects.filter(s.visible_q(self.request.user)).distinct()
            .prefetch_related("roles").order_by("club", "display_name", "pk")
        )


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

    @extend_schema(request=s.RulesetDeriveSerializer, responses={201: s.RulesetSerializer}, summary="Derive a club variant")
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def derive(self, request, pk=None):
        base = self.get_object()
        data = s.RulesetDeriveSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club = data.validated_data.get("club") or base.club
        if club is None:
            return Response({"club": ["Say which club the variant is for."]}, status=status.HTTP_400_BAD_REQUEST)
        if base.club_id not in (None, club.pk):
            return Response({"club": ["That ruleset belongs to another club."]}, status=status.HTTP_400_BAD_REQUEST)
        require(request.user, Action.MANAGE_LEAGUE, club=club)
        kwargs = {k: data.validated_data[k] for k in ("name", "version") if k in data.validated_data}
        if kwargs.get("version") and Ruleset.objects.filter(club=club, key=base.key, version=kwargs["version"]).exists():
            return Response({"version": ["That version exists already."]}, status=status.HTTP_400_BAD_REQUEST)
        derived = season_services.ruleset_derive(
            ruleset=base, overrides=data.validated_data["overrides"], by=request.user, club=club, **kwargs
        )
        return Response(s.RulesetSerializer(derived).data, status=status.HTTP_201_CREATED)


class SeasonViewSet(BaseViewSet, mixins.ListModelMixin, mixins.RetrieveModelMixin):
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
        from league.standings.selectors import season_snapshot

        season = self._season_for(Action.VIEW_STANDINGS)
        snap = season_snapshot(season=season, with_history=True)
        doc = (snap.ratings if snap else None) or {}
        body = {
            "season": season.pk,
            # The season's own name for it (p_rating, tenhou_r ...), as seasons are written.
            "method": season.rating_method,
            "params": doc.get("params") or {},
            "final": doc.get("final") or {},
            "history": doc.get("history") or {},
        }
        return Response(s.RatingsSerializer(body).data)

    @extend_schema(responses={200: OpenApiResponse(description="The season export document (JSON).")},
                   summary="Export the season (games as game records, members, rulesets, penalties)")
    @action(detail=True, methods=["get"])
    def export(self, request, pk=None):
        from league.transfer.season_file import export_season

        season = self._season_for(Action.MANAGE_LEAGUE)
        return Response(export_season(season))

    @extend_schema(responses={(200, "text/csv"): OpenApiResponse(description="One row per game.")},
                   summary="Games as CSV")
    @action(detail=True, methods=["get"], url_path="csv/games")
    def games_csv(self, request, pk=None):
        from league.transfer.csv import games_csv_response

        return games_csv_response(self._season_for(Action.VIEW_CLUB))

    @extend_schema(responses={(200, "text/csv"): OpenApiResponse(description="One row per hand.")},
                   summary="Hands as CSV")
    @action(detail=True, methods=["get"], url_path="csv/hands")
    def hands_csv(self, request, pk=None):
        from league.transfer.csv import hands_csv_response

        return hands_csv_response(self._season_for(Action.VIEW_CLUB))


class GameViewSet(BaseViewSet, mixins.ListModelMixin, mixins.RetrieveModelMixin):
    serializer_class = s.GameSerializer
    filterset_class = filters.GameFilter
    queryset = Game.objects.none()

    def get_queryset(self):
        return (
            Game.objects.filter(pk__in=Game.objects.filter(s.visible_q(self.request.user)).values("pk"))
            .select_related("club", "season", "ruleset", "season__ruleset")
            .prefetch_related("seat_set__member").order_by("-started_at", "-id")
        )

    @extend_schema(request=s.GameCreateSerializer, responses={201: s.GameSerializer}, summary="Start a game")
    def create(self, request):
        data = s.GameCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        season = data.validated_data["season"]
        require(request.user, Action.START_GAME, club=season.club)

        def write(once):
            return game_services.game_start(
                season=season, members=data.validated_data["member_objs"], by=request.user,
                table_label=data.validated_data["table_label"], random_seats=data.validated_data["random_seats"],
                once=once,
            ), True

        return idempotent(request, write, lambda game: s.GameSerializer(self.get_queryset().get(pk=game.pk)).data)

    @extend_schema(request=s.ReasonSerializer, responses={200: s.GameSerializer}, summary="Cancel a game")
    @action(detail=True, methods=["post"])
    def cancel(self, request, pk=None):
        game = self.get_object()
        require(request.user, Action.CANCEL_GAME, club=game.club, game=game)
        data = s.ReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game_services.game_cancel(game=game, by=request.user, reason=data.validated_data["reason"])
        return Response(s.GameSerializer(self.get_queryset().get(pk=game.pk)).data)

    @extend_schema(responses={200: OpenApiResponse(description="The game record (contract JSON).")},
                   summary="The game record")
    @action(detail=True, methods=["get"])
    def record(self, request, pk=None):
        from league.games.selectors import game_record

        return Response(game_record(self.get_object()))

    @extend_schema(responses={200: OpenApiResponse(description="Rows per hand and the final result (contract CLI output).")},
                   summary="The replay: scores after every hand and the final result")
    @action(detail=True, methods=["get"])
    def replay(self, request, pk=None):
        from league.games.selectors import game_replay

        return Response(game_replay(self.get_object()).to_json())

    @extend_schema(
        responses={
            200: OpenApiResponse(description="For the next hand, each player's rank and cheapest win (ron off each "
                                             "other player, tsumo) that makes them first: `python -m scoring needs`."),
            400: OpenApiResponse(description="A finished or cancelled game has no next hand: "
                                             '`{"error": {"hand": null, "message": "..."}}`.'),
        },
        summary="What each player needs to come first in the next hand",
        examples=[OpenApiExample("South 4", response_only=True, status_codes=["200"], value={
            "round": "S4", "honba": 0, "sticks": 0, "scores": [20000, 23000, 24000, 33000],
            "players": [{"seat": 2, "rank": 2, "to_first": {
                "ron": {"0": {"points": 12000, "hand": {"han": 6}}, "1": {"points": 12000, "hand": {"han": 6}},
                        "3": {"points": 4500, "hand": {"han": 2, "fu": 70}}},
                "tsumo": {"points": 8000, "hand": {"han": 5}}}}]})],
    )
    @action(detail=True, methods=["get"])
    def needs(self, request, pk=None):
        from league.games.needs import game_needs

        return Response(game_needs(self.get_object()).to_json())


class HandRecordViewSet(
    BaseViewSet, mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.DestroyModelMixin
):
    """Hand records: the same services as the table screen (validation, idempotency, audit)."""

    serializer_class = s.HandRecordSerializer
    filterset_class = filters.HandRecordFilter
    queryset = HandRecord.objects.none()
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_queryset(self):
        visible = Game.objects.filter(s.visible_q(self.request.user)).values("pk")
        return HandRecord.objects.filter(game__in=visible).select_related("game__club").order_by("game", "position")

    @extend_schema(
        request=s.HandCreateSerializer,
        responses={201: s.HandRecordSerializer, 200: s.HandRecordSerializer,
                   409: OpenApiResponse(description="Another event is stored at that position.")},
        summary="Record a hand (idempotent by position)",
        description="Players of the game, referees and admins. The event is checked against the rules at that "
        "point of the game; a refusal is a 400 `{\"error\": {\"hand\": i, \"message\"}, \"detail\"}` and "
        "nothing is written. Send `position` to make a retry safe: the same event again answers 200 with "
        "the stored record, another event there answers 409 with `existing`.",
        examples=[
            OpenApiExample("Ron with riichi", request_only=True, value={
                "game": 42, "position": 0,
                "event": {"kind": "ron", "loser": 2, "wins": [{"winner": 0, "han": 3, "fu": 30}], "riichi": [0]}}),
            OpenApiExample("Double ron", request_only=True, value={
                "game": 42, "position": 1, "event": {"kind": "ron", "loser": 3, "wins": [
                    {"winner": 0, "han": 2, "fu": 30}, {"winner": 1, "han": 1, "fu": 30}], "riichi": [1]}}),
            OpenApiExample("Tsumo", request_only=True, value={
                "game": 42, "position": 2, "event": {"kind": "tsumo", "winner": 1, "han": 2, "fu": 40}}),
            OpenApiExample("Yakuman ron", request_only=True, value={
                "game": 42, "position": 3, "event": {"kind": "ron", "loser": 0, "wins": [{"winner": 2, "yakuman": 1}]}}),
            OpenApiExample("Exhaustive draw", request_only=True, value={
                "game": 42, "position": 4, "event": {"kind": "draw", "tenpai": [0, 2], "riichi": [2]}}),
            OpenApiExample("Abortive draw", request_only=True, value={
                "game": 42, "position": 5, "event": {"kind": "abort", "reason": "nine_terminals"}}),
            OpenApiExample("Nagashi mangan", request_only=True, value={
                "game": 42, "position": 6, "event": {"kind": "nagashi", "players": [1], "tenpai": [1, 3]}}),
            OpenApiExample("Chombo", request_only=True, value={
                "game": 42, "position": 7, "event": {"kind": "chombo", "offender": 3}}),
        ],
    )
    def create(self, request):
        data = s.HandCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = data.validated_data["game"]
        if not Game.objects.filter(s.visible_q(request.user), pk=game.pk).exists():
            require(request.user, Action.ENTER_HAND, club=game.club, game=game)
        require(request.user, Action.ENTER_HAND, club=game.club, game=game)
        position = data.validated_data.get("position")

        def write(once):
            # Whether this request stored the hand is decided under the game's row lock.
            return game_services.hand_append(game=game, position=position, event=data.validated_data["event"],
                                        by=request.user, once=once)

        return idempotent(request, write, lambda hand: s.HandRecordSerializer(hand).data)

    @extend_schema(
        request=s.HandEditSerializer, responses={200: s.HandRecordSerializer}, summary="Edit a hand",
        description="Replace the stored event (send the whole event); the game is replayed from there, and a "
        "correction that makes a later hand impossible is refused (400, nothing written).",
        examples=[OpenApiExample("Was a tsumo", request_only=True, value={
            "event": {"kind": "tsumo", "winner": 0, "han": 3, "fu": 30}, "reason": "was tsumo"})],
    )
    def partial_update(self, request, pk=None):
        hand = self.get_object()
        require(request.user, Action.ENTER_HAND, club=hand.game.club, game=hand.game)
        data = s.HandEditSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        hand = game_services.hand_edit(hand=hand, event=data.validated_data["event"], by=request.user,
                                  reason=data.validated_data["reason"])
        return Response(s.HandRecordSerializer(hand).data)

    @extend_schema(
        summary="Delete a hand (later hands move up and are replayed)",
        parameters=[OpenApiParameter("reason", str, description="Why, for the club's audit log (optional).")],
        responses={204: None},
    )
    def destroy(self, request, pk=None):
        hand = self.get_object()
        require(request.user, Action.ENTER_HAND, club=hand.game.club, game=hand.game)
        game_services.hand_delete(hand=hand, by=request.user, reason=str(request.query_params.get("reason", ""))[:2000])
        return Response(status=status.HTTP_204_NO_CONTENT)


class PenaltyViewSet(BaseViewSet, mixins.ListModelMixin, mixins.RetrieveModelMixin):
    serializer_class = s.PenaltySerializer
    filterset_class = filters.PenaltyFilter
    queryset = Penalty.objects.none()

    def get_queryset(self):
        visible = Season.objects.filter(s.visible_q(self.request.user)).values("pk")
        return Penalty.objects.filter(season__in=visible).select_related("season__club").order_by("-given_at", "-id")

    @extend_schema(request=s.PenaltyCreateSerializer, responses={201: s.PenaltySerializer}, summary="Give a penalty")
    def create(self, request):
        data = s.PenaltyCreateSerializer(data=request.data)
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
        penalty = referee_services.penalty_cancel(penalty=penalty, by=request.user, reason=data.validated_data["reason"])
        return Response(s.PenaltySerializer(penalty).data)


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
        data = s.ImportCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        season = data.validated_data["season"]
        require(request.user, Action.MANAGE_LEAGUE, club=season.club)
        batch = batch_submit(
            season=season, logs=data.validated_data["named_logs"], mapping=data.validated_data["mapping"],
            create_members=data.validated_data["create_members"], by=request.user,
        )
        batch.refresh_from_db()
        return Response(s.ImportBatchSerializer(batch).data, status=status.HTTP_202_ACCEPTED)



