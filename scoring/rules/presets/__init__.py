"""The preset rulesets by key, and resolving the ruleset a game record names.

Club presets follow ../shared/rules (digests of the Korean sources): :mod:`.asi`,
:mod:`.juki`; public ones (:mod:`.public`) are documented, with what we were unsure of,
in docs/rulesets.md.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any

from scoring import messages as M
from scoring.errors import ScoringError
from scoring.rules.presets.asi import ASI_SHIRAI
from scoring.rules.presets.juki import (
    JUKI_AGIT_2023_11,
    JUKI_AGIT_2024_12,
    JUKI_AGIT_2025_01,
    JUKI_AGIT_2025_12,
    JUKI_AGIT_2026,
    JUKI_AGIT_SANMA_2023_11,
    JUKI_AGIT_SANMA_2024_12,
    JUKI_AGIT_SANMA_2025_01,
    JUKI_AGIT_SANMA_2025_12,
    JUKI_AGIT_SANMA_2026,
)
from scoring.rules.presets.public import (
    EMA_2025,
    M_LEAGUE,
    MAHJONG_SOUL,
    MAHJONG_SOUL_EAST,
    MAHJONG_SOUL_SANMA,
    MAHJONG_SOUL_SANMA_EAST,
    TENHOU,
    TENHOU_SANMA,
    TENHOU_SANMA_EAST,
    WRC_2025,
)
from scoring.rules.ruleset import Ruleset

PRESETS: Mapping[str, Ruleset] = types.MappingProxyType(
    {
        r.key: r
        for r in (
            ASI_SHIRAI,
            JUKI_AGIT_2026,
            JUKI_AGIT_SANMA_2026,
            JUKI_AGIT_2025_12,
            JUKI_AGIT_2025_01,
            JUKI_AGIT_2024_12,
            JUKI_AGIT_2023_11,
            JUKI_AGIT_SANMA_2025_12,
            JUKI_AGIT_SANMA_2025_01,
            JUKI_AGIT_SANMA_2024_12,
            JUKI_AGIT_SANMA_2023_11,
            TENHOU,
            TENHOU_SANMA,
            TENHOU_SANMA_EAST,
            MAHJONG_SOUL,
            MAHJONG_SOUL_EAST,
            MAHJONG_SOUL_SANMA,
            MAHJONG_SOUL_SANMA_EAST,
            M_LEAGUE,
            WRC_2025,
            EMA_2025,
        )
    }
)


def preset(key: str) -> Ruleset:
    """The preset named ``key``."""
    try:
        return PRESETS[key]
    except (KeyError, TypeError):
        raise ScoringError(M.UNKNOWN_RULESET, key=key, known=", ".join(PRESETS)) from None


def resolve(spec: str | Mapping[str, Any] | Ruleset) -> Ruleset:
    """The ruleset a game record names: a preset key, or ``{"base": key, "overrides": {...}}``."""
    if isinstance(spec, Ruleset):
        return spec
    if isinstance(spec, str):
        return preset(spec)
    if isinstance(spec, Mapping):
        if "base" not in spec:
            raise ScoringError(M.RULESET_NEEDS_BASE)
        overrides = spec.get("overrides") or {}
        if not isinstance(overrides, Mapping):
            raise ScoringError(M.RULESET_OVERRIDES_OBJECT)
        return preset(spec["base"]).derive(**dict(overrides))
    raise ScoringError(M.RULESET_SPEC)



__all__ = [
    "ASI_SHIRAI", "EMA_2025", "JUKI_AGIT_2023_11", "JUKI_AGIT_2024_12", "JUKI_AGIT_2025_01", "JUKI_AGIT_2025_12",
    "JUKI_AGIT_2026", "JUKI_AGIT_SANMA_2023_11", "JUKI_AGIT_SANMA_2024_12", "JUKI_AGIT_SANMA_2025_01",
    "JUKI_AGIT_SANMA_2025_12", "JUKI_AGIT_SANMA_2026", "MAHJONG_SOUL", "MAHJONG_SOUL_EAST", "MAHJONG_SOUL_SANMA",
    "MAHJONG_SOUL_SANMA_EAST", "M_LEAGUE", "PRESETS", "TENHOU", "TENHOU_SANMA", "TENHOU_SANMA_EAST", "WRC_2025",
    "preset", "resolve",
]
