"""Calculators that need no game: han/fu to payments, and a full hand to yaku and points.

Both go straight to ``scoring``: the API keeps no copy of the rules.
"""
from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import payments
from scoring.errors import ScoringError

from .errors import ScoringErrorsAs400
from .fields import RulesetSpecField

# ---------------------------------------------------------------------------------------
# han/fu -> payments


class PaymentQuerySerializer(serializers.Serializer):
    ruleset = RulesetSpecField(
        required=False,
        default="tenhou",
        help_text='A preset key (e.g. "juki-agit-2026") or {"base": key, "overrides": {...}}.',
    )
    ruleset_id = serializers.IntegerField(
        required=False, min_value=1, help_text="A club ruleset (id) instead of `ruleset`."
    )
    han = serializers.IntegerField(required=False, min_value=0, max_value=200, default=0)
    fu = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=200, default=None)
    yakuman = serializers.IntegerField(required=False, min_value=0, max_value=12, default=0)
    dealer = serializers.BooleanField(default=False)
    tsumo = serializers.BooleanField(default=False)

    def validate(self, attrs):
        if not attrs.get("yakuman") and not attrs.get("han"):
            raise serializers.ValidationError({"han": ["Give han (with fu below 5 han) or a yakuman multiple."]})
        attrs["ruleset_obj"] = resolve_ruleset(attrs)
        return attrs


class PaymentResultSerializer(serializers.Serializer):
    han = serializers.IntegerField()
    fu = serializers.IntegerField(allow_null=True)
    yakuman = serializers.IntegerField()
    limit = serializers.CharField(allow_null=True)
    base = serializers.IntegerField(help_text="Basic points (fu x 2^(han+2), or the limit's).")
    points = serializers.DictField(
        child=serializers.IntegerField(),
        help_text='{"ron": N}, {"dealer": A, "non_dealer": B} (non-dealer tsumo) or {"all": A} (dealer tsumo).',
    )
    ruleset = serializers.CharField()


def resolve_ruleset(attrs):
    """The scoring ruleset named by ``ruleset_id`` (a club ruleset) or ``ruleset`` (key or spec)."""
    from scoring.rules import resolve

    if attrs.get("ruleset_id"):
        from league.models import Ruleset

        row = Ruleset.objects.filter(pk=attrs["ruleset_id"]).first()
        if row is None:
            raise serializers.ValidationError({"ruleset_id": ["No such ruleset."]})
        try:
            return row.to_scoring()
        except ScoringError as exc:
            raise serializers.ValidationError({"ruleset_id": [exc.message]}) from None
    try:
        return resolve(attrs.get("ruleset", "tenhou"))
    except ScoringError as exc:
        raise serializers.ValidationError({"ruleset": [exc.message]}) from None


class PaymentsCalculatorView(ScoringErrorsAs400, APIView):
    """POST a han/fu (or yakuman) result: what it pays under a ruleset."""

    permission_classes = [AllowAny]

    @extend_schema(
        request=PaymentQuerySerializer,
        responses={200: PaymentResultSerializer},
        summary="Payments of a han/fu or yakuman result",
        examples=[
            OpenApiExample("3 han 30 fu non-dealer ron", value={"ruleset": "tenhou", "han": 3, "fu": 30},
                           request_only=True),
            OpenApiExample("Dealer tsumo mangan", value={"ruleset": "juki-agit-2026", "han": 5, "dealer": True,
                                                         "tsumo": True}, request_only=True),
            OpenApiExample("3 han 30 fu non-dealer ron (answer)", response_only=True, value={
                "han": 3, "fu": 30, "yakuman": 0, "limit": None, "base": 960, "points": {"ron": 3900},
                "ruleset": "tenhou"}),
        ],
        tags=["calculators"],
    )
    def post(self, request):
        query = PaymentQuerySerializer(data=request.data)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        ruleset = data["ruleset_obj"]
        value = payments.hand_value(data["han"], data["fu"], ruleset, yakuman=data["yakuman"])
        points = payments.win_points(value, dealer=data["dealer"], tsumo=data["tsumo"], ruleset=ruleset)
        return Response(
            PaymentResultSerializer(
                {
                    "han": value.han,
                    "fu": value.fu,
                    "yakuman": value.yakuman,
                    "limit": value.limit.value if value.limit else None,
                    "base": value.base,
                    "points": points,
                    "ruleset": ruleset.key,
                }
            ).data
        )


# ---------------------------------------------------------------------------------------
# full hand -> yaku, han, fu, points


class HandQuerySerializer(serializers.Serializer):
    ruleset = RulesetSpecField(required=False, default="tenhou")
    ruleset_id = serializers.IntegerField(required=False, min_value=1)
    hand = serializers.JSONField(
        help_text=(
            "The hand: `tiles` (concealed tiles INCLUDING the winning tile, e.g. \"234m456p789s23455s\": digits then "
            "suit m/p/s/z, 1z-4z winds E S W N, 5z-7z white green red, 0 = red five), `win` (the winning tile), "
            "`seat_wind` and `round_wind` (E, S, W, N; required here), `tsumo` (default false), "
            "`melds` ([{\"kind\": chi|pon|daiminkan|shouminkan|ankan, \"tiles\": \"777z\"}]), `dora`/`ura` "
            "(indicator tiles, e.g. [\"4m\"]), flags (default false): riichi, double_riichi, ippatsu, rinshan, "
            "chankan, haitei, houtei, tenhou, chiihou, renhou; `flowers` (0)."
        )
    )

    def validate_hand(self, value):
        if not isinstance(value, dict):
            raise serializers.ValidationError("A hand is a JSON object (tiles, melds, win, flags).")
        return value

    def validate(self, attrs):
        attrs["ruleset_obj"] = resolve_ruleset(attrs)
        return attrs


class YakuSerializer(serializers.Serializer):
    id = serializers.CharField()
    han = serializers.IntegerField()


class HandResultSerializer(serializers.Serializer):
    yaku = YakuSerializer(many=True)
    han = serializers.IntegerField()
    fu = serializers.IntegerField(allow_null=True)
    yakuman = serializers.IntegerField()
    limit = serializers.CharField(allow_null=True)
    points = serializers.DictField(child=serializers.IntegerField())


class HandCalculatorView(ScoringErrorsAs400, APIView):
    """POST a full hand under a ruleset: yaku, han, fu and points (the contract's shape)."""

    permission_classes = [AllowAny]

    @extend_schema(
        request=HandQuerySerializer,
        responses={200: HandResultSerializer},
        summary="Score a full hand",
        examples=[
            OpenApiExample(
                "Riichi pinfu ron",
                request_only=True,
                value={
                    "ruleset": "tenhou",
                    "hand": {"tiles": "234m456p789s23455s", "win": "2s", "tsumo": False, "riichi": True,
                             "seat_wind": "S", "round_wind": "E"},
                },
            ),
            OpenApiExample(
                "Riichi pinfu ron (answer)",
                response_only=True,
                value={"yaku": [{"id": "riichi", "han": 1}, {"id": "pinfu", "han": 1}], "han": 2, "fu": 30,
                       "yakuman": 0, "limit": None, "points": {"ron": 2000}},
            ),
        ],
        tags=["calculators"],
    )
    def post(self, request):
        query = HandQuerySerializer(data=request.data)
        query.is_valid(raise_exception=True)
        from scoring.hand import cli_result

        data = query.validated_data
        return Response(cli_result(data["hand"], data["ruleset_obj"]))
