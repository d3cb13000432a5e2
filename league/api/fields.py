"""Serializer fields shared by the API."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.validation import BadInput, check_value


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "description": "A preset key, e.g. tenhou, juki-agit-2026."},
            {
                "type": "object",
                "properties": {
                    "base": {"type": "string"},
                    "overrides": {"type": "object", "additionalProperties": True},
                },
                "required": ["base"],
            },
        ]
    }
)
class RulesetSpecField(serializers.JSONField):
    """A ruleset as the game record names it: a preset key or ``{"base", "overrides"}``."""

    def to_internal_value(self, data):
        data = super().to_internal_value(data)
        if isinstance(data, str):
            if not data or len(data) > 64:
                raise serializers.ValidationError("A ruleset key is 1 to 64 characters.")
            return data
        if isinstance(data, dict) and isinstance(data.get("base"), str):
            overrides = data.get("overrides", {})
            if overrides is None:
                overrides = {}
            if not isinstance(overrides, dict):
                raise serializers.ValidationError('"overrides" must be an object of rule options.')
            return {"base": data["base"], "overrides": overrides}
        raise serializers.ValidationError('A ruleset is a preset key or {"base": key, "overrides": {...}}.')


@extend_schema_field({"type": "object", "additionalProperties": {"type": "string"}})
class NicknameMapField(serializers.JSONField):
    """Online nickname -> member (id or display name). A JSON object; in a multipart form, its JSON text."""

    def to_internal_value(self, data):
        data = super().to_internal_value(data)
        if not isinstance(data, dict):
            raise serializers.ValidationError("The mapping is an object: nickname -> member id or display name.")
        if len(data) > 1000:
            raise serializers.ValidationError("Too many nicknames.")
        out = {}
        for nick, member in data.items():
            if isinstance(member, bool) or not isinstance(member, (str, int)) or not str(member).strip():
                raise serializers.ValidationError(f"Map {nick!r} to a member id or display name.")
            out[str(nick)] = str(member)[:60]
        try:
            check_value(out)
        except BadInput as exc:
            raise serializers.ValidationError(f"A nickname or member {exc.message}.") from None
        return out


_SEAT = {"type": "integer", "minimum": 0, "maximum": 3}
_SEATS = {"type": "array", "items": _SEAT}
_WIN_PROPS = {
    "winner": {**_SEAT, "description": "Seat of the winner (0 = East at East 1, 1 South, 2 West, 3 North)."},
    "han": {"type": "integer", "minimum": 1, "description": "Han (13+ without `yakuman` = kazoe per ruleset)."},
    "fu": {"type": "integer", "enum": [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110],
           "description": "Fu; needed below mangan."},
    "yakuman": {"type": "integer", "minimum": 1,
                "description": "Yakuman multiple (1 single, 2 double...), instead of han/fu."},
    "hand": {"type": "object", "additionalProperties": True,
             "description": "A full HAND to score instead of han/fu (see POST /api/calc/hand/); "
                            "winds and tsumo come from the game."},
    "pao": {**_SEAT, "description": "Seat of the player liable (pao)."},
    "dora": {"type": "integer", "minimum": 0, "description": "How many of `han` are dora/ura/red fives."},
}
EVENT_SCHEMA = {
    "type": "object",
    "description": (
        "One event of the game record, in the order it happened (round, dealer, honba and sticks are never "
        "written: they follow from the events before). Seats are indexes 0-3 of the game's `seats` "
        "(0 = East at East 1). Kinds and their fields:\n\n"
        "- `ron`: `loser`, `wins` (list of WIN: 1 for a single ron, 2-3 for a multiple ron), `riichi`\n"
        "- `tsumo`: the fields of one WIN at top level (`winner`, `han`+`fu` or `yakuman` or `hand`, "
        "optional `pao`, `dora`), `riichi`\n"
        "- `draw` (exhaustive draw): `tenpai` (seats tenpai, any order; every riichi player must be in it), `riichi`\n"
        "- `nagashi`: `players` (who made nagashi mangan), `tenpai`, `riichi`\n"
        "- `abort` (abortive draw, where the ruleset has them): `reason` one of four_winds, four_riichi, "
        "four_kans, nine_terminals, triple_ron; `riichi`\n"
        "- `chombo`: `offender`, optional `deliberate`\n"
        "- `penalty`: `player`, `type` one of penalty_point, yellow_card, agari_forbidden, verbal_warning "
        "(easier: POST /api/penalties/ with the game)\n"
        "- `stop`: the all-last dealer ends the game (agari-yame, where optional)\n"
        "- `end` (read only: written by the games service): `reason` time or referee, optional `note`\n"
        "- `result` (read only: a tournament table's scores entered as a whole): `scores`, optional `sticks`\n\n"
        "WIN: `{\"winner\": 2, \"han\": 3, \"fu\": 30}` or `{\"winner\": 2, \"yakuman\": 1}` or "
        "`{\"winner\": 2, \"hand\": HAND}`. `riichi`: seats whose riichi stick was placed during this hand "
        "(may be omitted when none). Optional on any event: `note` (free text). Any other field is refused."
    ),
    "properties": {
        "kind": {"type": "string", "enum": ["ron", "tsumo", "draw", "nagashi", "abort", "chombo", "penalty", "stop",
                                            "end", "result"]},
        "loser": {**_SEAT, "description": "ron: the seat that dealt in."},
        "wins": {"type": "array", "minItems": 1, "maxItems": 3, "description": "ron: one WIN per winner.",
                 "items": {"type": "object", "properties": _WIN_PROPS, "required": ["winner"]}},
        **_WIN_PROPS,
        "riichi": {**_SEATS, "description": "Seats whose riichi stick was placed during this hand."},
        "tenpai": {**_SEATS, "description": "draw, nagashi: seats tenpai at the end."},
        "players": {**_SEATS, "description": "nagashi: seats with nagashi mangan."},
        "reason": {"type": "string", "enum": ["four_winds", "four_riichi", "four_kans", "nine_terminals", "triple_ron",
                                              "time", "referee"],
                   "description": "abort: which abortive draw; end: time or referee."},
        "scores": {"type": "array", "items": {"type": "integer"}, "description": "result: each seat's final score."},
        "sticks": {"type": "integer", "minimum": 0, "description": "result: riichi sticks left on the table."},
        "offender": {**_SEAT, "description": "chombo: the offender's seat."},
        "deliberate": {"type": "boolean", "description": "chombo: deliberate (ASI)."},
        "player": {**_SEAT, "description": "penalty: the penalised seat."},
        "type": {"type": "string", "enum": ["penalty_point", "yellow_card", "agari_forbidden", "verbal_warning"],
                 "description": "penalty: its type."},
        "note": {"type": "string", "description": "Free text, ignored by the scoring."},
    },
    "required": ["kind"],
    "example": {"kind": "ron", "loser": 2, "wins": [{"winner": 0, "han": 3, "fu": 30}], "riichi": [0]},
}


@extend_schema_field(EVENT_SCHEMA)
class EventField(serializers.JSONField):
    """One game-record event (documented by ``EVENT_SCHEMA``)."""
