"""Serializer fields shared by the API."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers


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
        return out
