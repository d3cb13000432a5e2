"""Games and hands: reads, and writes through ``league.games.services``."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, status
from rest_framework.decorators import action
from rest_framework.response import Response

from league.games import services as game_services
from league.games.selectors import is_penalty_event
from league.models import Game, HandRecord
from league.permissions import Action
from league.referee import services as referee_services

from . import filters
from . import serializers as s
from .access import BaseViewSet, idempotent, require


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
        data = s.GameCreateSerializer(data=request.data, context={"request": request})
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

    @extend_schema(responses={200: OpenApiResponse(
                       description="Rows per hand and the final result (contract CLI output).")},
                   summary="The replay: scores after every hand and the final result")
    @action(detail=True, methods=["get"])
    def replay(self, request, pk=None):
        from league.games.selectors import game_replay

        return Response(game_replay(self.get_object()).to_json())

    @extend_schema(
        responses={
            200: OpenApiResponse(description="For the next hand, each player's rank and cheapest win (ron off each "
                                             "other player, tsumo) that makes them first (`to_first`); where it "
                                             "differs, the cheapest that ends the game with them first "
                                             "(`to_win_game`); with each unusual hand (above 40 fu) the `usual` one "
                                             "(at most 40 fu or a limit): `python -m scoring needs`."),
            400: OpenApiResponse(description="A finished or cancelled game has no next hand: "
                                             '`{"error": {"hand": null, "message": "..."}}`.'),
        },
        summary="What each player needs to come first in the next hand",
        examples=[OpenApiExample("South 4", response_only=True, status_codes=["200"], value={
            "round": "S4", "honba": 0, "sticks": 0, "scores": [20000, 23000, 24000, 33000],
            "players": [{"seat": 2, "rank": 2, "to_first": {
                "ron": {"0": {"points": 12000, "hand": {"han": 6}}, "1": {"points": 12000, "hand": {"han": 6}},
                        "3": {"points": 4500, "hand": {"han": 2, "fu": 70},
                              "usual": {"han": 3, "fu": 40, "points": 5200}}},
                "tsumo": {"points": 6400, "hand": {"han": 2, "fu": 100},
                          "usual": {"han": 4, "fu": 25, "points": 6400}}},
                "to_win_game": {
                "ron": {"0": {"points": 12000, "hand": {"han": 6}}, "1": {"points": 12000, "hand": {"han": 6}},
                        "3": {"points": 6400, "hand": {"han": 2, "fu": 100},
                              "usual": {"han": 4, "fu": 25, "points": 6400}}},
                "tsumo": {"points": 6400, "hand": {"han": 2, "fu": 100},
                          "usual": {"han": 4, "fu": 25, "points": 6400}}}}]})],
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
                "game": 42, "position": 3,
                "event": {"kind": "ron", "loser": 0, "wins": [{"winner": 2, "yakuman": 1}]}}),
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
        data = s.HandCreateSerializer(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        game = data.validated_data["game"]
        if not Game.objects.filter(s.visible_q(request.user), pk=game.pk).exists():
            require(request.user, Action.ENTER_HAND, club=game.club, game=game)
        require(request.user, Action.ENTER_HAND, club=game.club, game=game)
        position = data.validated_data.get("position")

        event = data.validated_data["event"]
        # A penalty (or a deliberate chombo) is the referee's: its service writes it, with its Penalty row.
        append = referee_services.penalty_hand if is_penalty_event(event) else game_services.hand_append

        def write(once):
            # Whether this request stored the hand is decided under the game's row lock.
            return append(game=game, position=position, event=event, by=request.user, once=once)

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
