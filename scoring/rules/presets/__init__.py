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


PRESET_LABELS_KO: Mapping[str, str] = types.MappingProxyType(
    {
        "asi-shirai": "A.S.I. 시라이 마장 (임시 룰, 날짜 없음)",
        "juki-agit-2026": "주키 아지트 2026 (2026.01.23~)",
        "juki-agit-sanma-2026": "주키 아지트 2026 3인 (2026.01.23~)",
        "juki-agit-2025-12": "주키 아지트 2026 프리시즌 (2025.12.02~2026.01.22)",
        "juki-agit-2025-01": "주키 아지트 2025 시즌 (2025.01.01~2025.12.01)",
        "juki-agit-2024-12": "주키 아지트 2025 프리시즌 (2024.12.01~2024.12.31)",
        "juki-agit-2023-11": "주키 아지트 2024 시즌 (2023.11.29~2024.11.30)",
        "juki-agit-sanma-2025-12": "주키 아지트 2026 프리시즌 3인 (2025.12.02~2026.01.22)",
        "juki-agit-sanma-2025-01": "주키 아지트 2025 시즌 3인 (2025.01.01~2025.12.01)",
        "juki-agit-sanma-2024-12": "주키 아지트 2025 프리시즌 3인 (2024.12.01~2024.12.31)",
        "juki-agit-sanma-2023-11": "주키 아지트 2024 시즌 3인 (2023.11.29~2024.11.30)",
        "tenhou": "텐호 반장전 (2022)",
        "tenhou-sanma": "텐호 3인 반장전 (2022)",
        "tenhou-sanma-east": "텐호 3인 동풍전 (2022)",
        "mahjong-soul": "작혼 단위전 반장전 (2025)",
        "mahjong-soul-east": "작혼 단위전 동풍전 (2025)",
        "mahjong-soul-sanma": "작혼 단위전 3인 반장전 (2025)",
        "mahjong-soul-sanma-east": "작혼 단위전 3인 동풍전 (2025)",
        "m-league": "M리그 (2024)",
        "wrc-2025": "세계 리치 선수권 WRC (2025)",
        "ema-2025": "유럽 마작 협회 EMA 경기 규정 (2025)",
    }
)
"""Each preset's name in Korean with the dates it is valid (club presets) or its version, for screens; the other
languages' are in :mod:`scoring.rules.texts` (``preset.<key>``)."""


def preset_label(key: str, lang: str | None) -> str:
    """The preset's name with its dates in ``lang`` (the page's language); an unknown key as it is."""
    if key not in PRESET_LABELS_KO:
        return key
    from scoring.rules.texts import text  # it reads PRESET_LABELS_KO: imported when asked for

    return text(f"preset.{key}", lang)


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
    "MAHJONG_SOUL_SANMA_EAST", "M_LEAGUE", "PRESETS", "PRESET_LABELS_KO", "TENHOU", "TENHOU_SANMA", "TENHOU_SANMA_EAST",
    "WRC_2025",
    "preset", "preset_label", "resolve",
]
