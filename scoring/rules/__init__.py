"""Rulesets as typed, immutable data: :mod:`.ruleset` (the :class:`Ruleset` and its enums,
one docstring per option) and :mod:`.presets` (the club and public presets, ``preset(key)``,
``resolve(spec)``). Everything is importable from here: ``from scoring.rules import Ruleset,
preset``.
"""

from scoring.penalties import PenaltyType
from scoring.rules.presets import *  # noqa: F403 - the preset constants
from scoring.rules.presets import PRESETS, preset, resolve
from scoring.rules.ruleset import (
    LOCAL_YAKUMAN,
    STANDARD_DOUBLE_YAKUMAN,
    Abort,
    ChomboStyle,
    ClosedKanRob,
    Deposits,
    GameLength,
    Kazoe,
    LeftoverSticks,
    Nagashi,
    Pao,
    PaoSplit,
    Renchan,
    Renhou,
    Rounding,
    Ruleset,
    TieRule,
    Yame,
)

__all__ = [
    "Abort",
    "ChomboStyle",
    "ClosedKanRob",
    "Deposits",
    "GameLength",
    "Kazoe",
    "LOCAL_YAKUMAN",
    "LeftoverSticks",
    "Nagashi",
    "PRESETS",
    "Pao",
    "PaoSplit",
    "PenaltyType",
    "Renchan",
    "Renhou",
    "Rounding",
    "Ruleset",
    "STANDARD_DOUBLE_YAKUMAN",
    "TieRule",
    "Yame",
    "preset",
    "resolve",
]
