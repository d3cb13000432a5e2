"""Thin serializers: shapes for reading, and validated input for the services."""
from __future__ import annotations

from django.db.models import Q
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import NotFound

from club.models import Club, ClubRole, Member
from club.selectors import clubs_for_user
from league.api.fields import EventField, NicknameMapField
from league.models import Game, HandRecord, ImportBatch, Penalty, PenaltyKind, Ruleset, Season

MAX_JSON_TEXT = 100_000


# --- read shapes ---------------------------------------------------------------------------------
class InUsersClubs(serializers.PrimaryKeyRelatedField):
    """The id of a season, game or member of one of the user's clubs: another club's id answers
    exactly as an id that does not exist, so ids are not probed (issue 22, item 9). For the object
    a request acts on (``not_found=True``: the season, the game) that answer is 404, as in the
    address (docs/api.md); for a member it is the field's 400 ``Invalid pk``, as it always was."""

    def __init__(self, *args, not_found: bool = False, **kwargs) -> None:
        self.not_found = not_found
        super().__init__(*args, **kwargs)

    def to_internal_value(self, data):
        try:
            return super().to_internal_value(data)
        except serializers.ValidationError as exc:
            if self.not_found and any(getattr(d, "code", None) == "does_not_exist" for d in exc.detail):
                raise NotFound() from None
            raise

    def get_queryset(self):
        queryset = super().get_queryset()
        request = self.context.get("request")
        user = getattr(request, "user", None)
        if user is None or user.is_superuser:  # no request: a service or a test reading the serializer
            return queryset
        return queryset.filter(club__in=clubs_for_user(user=user)) if user.is_authenticated else queryset.none()


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name", "slug", "public_standings"]


class MemberSerializer(serializers.ModelSerializer):
    roles = serializers.SerializerMethodField()

    class Meta:
        model = Member
        fields = ["id", "club", "display_name", "active", "roles"]

    def get_roles(self, obj) -> list[str]:
        return sorted(r.role for r in obj.roles.all())


class RulesetSerializer(serializers.ModelSerializer):
    spec = serializers.SerializerMethodField()

    class Meta:
        model = Ruleset
        fields = ["id", "club", "key", "name", "base", "overrides", "version", "frozen", "spec"]

    def get_spec(self, obj) -> dict:
        return obj.spec()


class RulesetDeriveSerializer(serializers.Serializer):
    club = serializers.PrimaryKeyRelatedField(
        queryset=Club.objects.all(), required=False,
        help_text="The club the variant belongs to (default: the ruleset's).",
    )
    overrides = serializers.DictField(help_text="Rule options to change, e.g. {\"kiriage\": true}.")
    name = serializers.CharField(required=False, max_length=120)
    version = serializers.CharField(required=False, max_length=32)

    def validate_overrides(self, value):
        if len(value) > 100:
            raise serializers.ValidationError("Too many overrides.")
        return value


class RulesetCreateSerializer(serializers.Serializer):
    club = serializers.PrimaryKeyRelatedField(queryset=Club.objects.all(), help_text="The club the ruleset belongs to.")
    base = serializers.CharField(
        max_length=60,
        help_text="A preset key: tenhou, juki-agit-2026, asi-shirai, mahjong-soul, m-league, wrc-2025, ema-2025, ... "
        "(a wrong key answers with the list). Tenhou imports need `tenhou`.",
    )
    key = serializers.SlugField(max_length=60, required=False, help_text="Default: the base key.")
    name = serializers.CharField(max_length=120, required=False, help_text="Default: the key.")
    overrides = serializers.DictField(
        required=False, default=dict, help_text="Rule options to change, e.g. {\"kiriage\": true}."
    )
    version = serializers.CharField(max_length=32, required=False, default="1")

    def validate_overrides(self, value):
        if len(value) > 100:
            raise serializers.ValidationError("Too many overrides.")
        return value

    def validate(self, attrs):
        from scoring.rules import PRESETS

        if attrs["base"] not in PRESETS:
            raise serializers.ValidationError(
                {"base": [f"Unknown preset {attrs['base']!r}; known presets: {', '.join(sorted(PRESETS))}."]}
            )
        from scoring.errors import ScoringError

        try:
            Ruleset(base=attrs["base"], overrides=attrs.get("overrides") or {}).to_scoring()
        except ScoringError as exc:
            raise serializers.ValidationError({"overrides": [exc.message]}) from None
        attrs.setdefault("key", attrs["base"])
        attrs.setdefault("name", attrs["key"])
        if Ruleset.objects.filter(club=attrs["club"], key=attrs["key"], version=attrs["version"]).exists():
            raise serializers.ValidationError(
                {"key": ["The club has that key and version already: use it, or derive a new version."]}
            )
        return attrs


class SeasonSerializer(serializers.ModelSerializer):
    class Meta:
        model = Season
        fields = [
            "id", "club", "name", "ruleset", "starts_on", "ends_on", "rating_method", "rating_params",
            "min_games", "best_n",
        ]


class SeasonCreateSerializer(serializers.Serializer):
    club = serializers.PrimaryKeyRelatedField(queryset=Club.objects.all())
    name = serializers.CharField(max_length=120)
    ruleset = serializers.PrimaryKeyRelatedField(queryset=Ruleset.objects.all())
    starts_on = serializers.DateField(required=False)
    ends_on = serializers.DateField(required=False, allow_null=True)
    rating_method = serializers.ChoiceField(choices=Season.RatingMethod.choices, default=Season.RatingMethod.TOTAL)
    rating_params = serializers.DictField(required=False, default=dict)
    min_games = serializers.IntegerField(min_value=0, max_value=100_000, default=0)
    best_n = serializers.IntegerField(min_value=1, max_value=100_000, required=False, allow_null=True)

    def validate(self, attrs):
        if Season.objects.filter(club=attrs["club"], name=attrs["name"]).exists():
            raise serializers.ValidationError({"name": ["The club already has a season of that name."]})
        if attrs.get("starts_on") and attrs.get("ends_on") and attrs["ends_on"] < attrs["starts_on"]:
            raise serializers.ValidationError({"ends_on": ["A season ends on or after its start."]})
        return attrs


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    member = serializers.IntegerField(source="member_id")
    display_name = serializers.CharField(source="member.display_name")


class GameSerializer(serializers.ModelSerializer):
    seats = serializers.SerializerMethodField()
    ruleset = serializers.IntegerField(source="effective_ruleset.pk", read_only=True)

    class Meta:
        model = Game
        fields = [
            "id", "club", "season", "ruleset", "table_label", "status", "started_at", "finished_at", "source",
            "external_id", "cancel_reason", "final_scores", "final_points", "final_ranks", "ended_by", "seats",
        ]

    def get_seats(self, obj) -> list[dict]:
        seats = sorted(obj.seat_set.all(), key=lambda s: s.seat)
        return [{"seat": s.seat, "member": s.member_id, "display_name": s.member.display_name} for s in seats]


class GameCreateSerializer(serializers.Serializer):
    season = InUsersClubs(queryset=Season.objects.select_related("club", "ruleset"), not_found=True)
    members = serializers.ListField(
        child=serializers.IntegerField(min_value=1), min_length=3, max_length=4,
        help_text="Member ids in seat order: 0 = East at East 1 (first dealer).",
    )
    table_label = serializers.CharField(max_length=40, required=False, default="", allow_blank=True)
    random_seats = serializers.BooleanField(default=False)

    def validate(self, attrs):
        season = attrs["season"]
        ids = attrs["members"]
        found = {m.pk: m for m in Member.objects.filter(pk__in=ids, club=season.club)}
        missing = [i for i in ids if i not in found]
        if missing:
            raise serializers.ValidationError({"members": [f"Not members of this club: {missing}."]})
        attrs["member_objs"] = [found[i] for i in ids]
        return attrs


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=2000)


class HandRecordSerializer(serializers.ModelSerializer):
    class Meta:
        model = HandRecord
        fields = ["id", "game", "position", "event", "entered_by", "entered_at", "updated_at"]
        extra_kwargs = {"event": {"help_text": "The stored event (see HandCreate.event)."},
                        "position": {"help_text": "0-based index of the event in the game."}}


def _check_event(value):
    if not isinstance(value, dict):
        raise serializers.ValidationError("An event is a JSON object with a kind (ron, tsumo, draw...).")
    if len(repr(value)) > MAX_JSON_TEXT:
        raise serializers.ValidationError("The event is too large.")
    return value


class HandCreateSerializer(serializers.Serializer):
    game = InUsersClubs(queryset=Game.objects.select_related("club", "season"), not_found=True)
    position = serializers.IntegerField(
        min_value=0, max_value=10_000, required=False,
        help_text="0-based index of the event; the same event again at a taken position is idempotent. "
        "Default: the next position.",
    )
    event = EventField()

    def validate_event(self, value):
        return _check_event(value)


class HandEditSerializer(serializers.Serializer):
    event = EventField(help_text="The corrected event (the whole event, not a diff); later hands are replayed.")
    reason = serializers.CharField(max_length=2000, required=False, default="", allow_blank=True,
                                   help_text="Why, for the club's audit log.")

    def validate_event(self, value):
        return _check_event(value)


class PenaltySerializer(serializers.ModelSerializer):
    class Meta:
        model = Penalty
        fields = [
            "id", "season", "game", "member", "type", "points", "amount", "beneficiary", "hand_record", "reason",
            "given_by", "given_at", "cancelled_at", "cancelled_by", "cancel_reason",
        ]


class PenaltyCreateSerializer(serializers.Serializer):
    member = InUsersClubs(queryset=Member.objects.all())
    type = serializers.ChoiceField(choices=PenaltyKind.choices)
    reason = serializers.CharField(max_length=2000, required=False, default="", allow_blank=True)
    game = InUsersClubs(queryset=Game.objects.select_related("season"), required=False, allow_null=True,
                        not_found=True)
    season = InUsersClubs(queryset=Season.objects.all(), required=False, allow_null=True, not_found=True)
    points = serializers.DecimalField(max_digits=8, decimal_places=1, required=False, allow_null=True)
    amount = serializers.IntegerField(required=False, allow_null=True, min_value=-1_000_000, max_value=1_000_000)
    beneficiary = InUsersClubs(queryset=Member.objects.all(), required=False, allow_null=True)
    riichi = serializers.ListField(child=serializers.IntegerField(min_value=0, max_value=3), required=False,
                                   default=list, max_length=4)

    def validate(self, attrs):
        if not attrs.get("game") and not attrs.get("season"):
            raise serializers.ValidationError({"season": ["Give the game or the season of the penalty."]})
        season = attrs["game"].season if attrs.get("game") else attrs["season"]
        if attrs.get("season") and attrs["season"] != season:
            raise serializers.ValidationError({"season": ["The game is not in that season."]})
        for field in ("member", "beneficiary"):
            m = attrs.get(field)
            if m is not None and m.club_id != season.club_id:
                # Another club's member reads like an id that does not exist: ids are not probed.
                raise serializers.ValidationError({field: [f'Invalid pk "{m.pk}" - object does not exist.']})
        return attrs


# --- standings -----------------------------------------------------------------------------------
class StandingsRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    member_id = serializers.IntegerField()
    name = serializers.CharField()
    games = serializers.IntegerField()
    game_points = serializers.CharField()
    deductions = serializers.CharField()
    total = serializers.CharField()
    points_per_game = serializers.CharField(allow_null=True)
    average_rank = serializers.CharField(allow_null=True)
    rank_counts = serializers.ListField(child=serializers.IntegerField())
    rating = serializers.CharField(allow_null=True)
    rating_display = serializers.CharField(allow_null=True)
    qualified = serializers.BooleanField()
    wins = serializers.IntegerField(required=False)
    deal_ins = serializers.IntegerField(required=False)
    riichi = serializers.IntegerField(required=False)
    hands = serializers.IntegerField(required=False)
    yakuman = serializers.IntegerField(required=False)
    penalties = serializers.IntegerField(required=False)


class StandingsSerializer(serializers.Serializer):
    season = serializers.IntegerField()
    computed_at = serializers.DateTimeField(allow_null=True)
    games_count = serializers.IntegerField()
    rows = StandingsRowSerializer(many=True)


class RatingsSerializer(serializers.Serializer):
    season = serializers.IntegerField()
    method = serializers.ChoiceField(choices=Season.RatingMethod.choices, help_text="The season's rating method.")
    params = serializers.DictField(allow_null=True)
    final = serializers.DictField(child=serializers.CharField(), help_text="member id -> rating")
    history = serializers.DictField(
        child=serializers.ListField(child=serializers.ListField()), required=False,
        help_text="member id -> [[game id, rating after], ...]",
    )


# --- imports -------------------------------------------------------------------------------------
class ImportErrorSerializer(serializers.Serializer):
    file = serializers.CharField(help_text="The uploaded file's name, or logs[i] for a pasted log.")
    error = serializers.CharField(help_text="Why the log was not imported (nothing of it was written).")


class ImportResultSerializer(serializers.Serializer):
    file = serializers.CharField()
    status = serializers.ChoiceField(
        choices=["imported", "already_imported", "error"],
        help_text="imported: a new game; already_imported: the same log was in the season already (recognised by "
        "its digest, nothing written); error: see `error`.",
    )
    game = serializers.IntegerField(allow_null=True, help_text="The season's game for this log (GET /api/games/{id}/).")
    error = serializers.CharField(required=False)


class ImportBatchSerializer(serializers.ModelSerializer):
    errors = ImportErrorSerializer(many=True, read_only=True)
    results = serializers.SerializerMethodField(
        help_text="One entry per log processed so far, in upload order (`done` of `total`)."
    )
    imported = serializers.SerializerMethodField(help_text="Logs that became new games.")
    already_imported = serializers.SerializerMethodField(help_text="Logs recognised as imported before (skipped).")
    failed = serializers.SerializerMethodField(help_text="Logs refused (see `errors`).")
    stalled = serializers.SerializerMethodField(
        help_text="Pending or running, and no log processed for 5 minutes (the broker or the worker was down); "
        "it is queued again automatically and resumes where it stopped."
    )

    class Meta:
        model = ImportBatch
        fields = [
            "id", "season", "status", "stalled", "total", "done", "imported", "already_imported", "failed", "errors",
            "results", "created_at", "finished_at",
        ]
        extra_kwargs = {
            "status": {"help_text": "pending, then running; done when every log was processed (some may have "
                                    "failed: see `errors`); failed when every log failed."},
            "done": {"help_text": "Logs processed so far (imported, recognised or refused)."},
        }

    def _results(self, obj) -> list[dict]:
        return list(obj.results or [])

    @extend_schema_field(ImportResultSerializer(many=True))
    def get_results(self, obj) -> list[dict]:
        return self._results(obj)

    def get_imported(self, obj) -> int:
        return sum(r["status"] == "imported" for r in self._results(obj))

    def get_already_imported(self, obj) -> int:
        return sum(r["status"] == "already_imported" for r in self._results(obj))

    def get_failed(self, obj) -> int:
        return sum(r["status"] == "error" for r in self._results(obj))

    def get_stalled(self, obj) -> bool:
        from league.transfer.tasks import batch_is_stalled

        return batch_is_stalled(obj)


class ImportCreateSerializer(serializers.Serializer):
    season = InUsersClubs(queryset=Season.objects.select_related("club"), not_found=True)
    logs = serializers.ListField(
        child=serializers.JSONField(), required=False, max_length=200,
        help_text="tenhou.net/6 logs as JSON objects (paste). Or upload files as multipart `files`.",
    )
    files = serializers.ListField(
        child=serializers.FileField(max_length=255, allow_empty_file=False), required=False, max_length=200,
        help_text="tenhou.net/6 JSON files (multipart upload).",
    )
    mapping = NicknameMapField(
        required=False, default=dict,
        help_text="Online nickname -> member id or display name (multipart: the JSON text).",
    )
    create_members = serializers.BooleanField(
        default=False, help_text="Create a member for an unmapped nickname (else the log is refused)."
    )

    def validate(self, attrs):
        from league.transfer.tenhou6 import NAME_LENGTH, LogError, read_log_bytes

        logs = []
        errors = []
        for i, log in enumerate(attrs.get("logs") or []):
            if not isinstance(log, dict):
                errors.append(f"logs[{i}]: a tenhou.net/6 log is a JSON object.")
            else:
                logs.append((f"logs[{i}]", log))
        for f in attrs.get("files") or []:
            if f.size > 5_000_000:
                errors.append(f"{f.name}: larger than 5 MB.")
                continue
            try:
                logs.append((f.name, read_log_bytes(f.read())))
            except LogError as exc:
                errors.append(f"{f.name}: {exc}")
        mapping = attrs.get("mapping") or {}
        for name, log in logs:
            names = log.get("name") if isinstance(log.get("name"), list) else []
            for nick in names:
                if isinstance(nick, str) and nick not in mapping and len(nick) > NAME_LENGTH:
                    errors.append(
                        f"{name}: the nickname {nick!r} is longer than {NAME_LENGTH} characters, the longest "
                        f"member name: map it to a member (mapping)."
                    )
        if errors:
            raise serializers.ValidationError({"logs": errors})
        if not logs:
            raise serializers.ValidationError({"logs": ["Give at least one log (logs or files)."]})
        attrs["named_logs"] = logs
        return attrs


def visible_q(user, prefix: str = "club") -> Q:
    """Rows of the clubs whose data ``user`` may see (VIEW_CLUB: active members; superusers all)."""
    if user is None or not user.is_authenticated:
        return Q(pk__in=[])
    if user.is_superuser:
        return Q()
    return Q(**{f"{prefix}__members__user": user, f"{prefix}__members__active": True,
                f"{prefix}__members__visitor": False})


__all__ = [name for name in dir() if name.endswith("Serializer")] + ["visible_q", "ClubRole"]
