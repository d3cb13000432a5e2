"""Our copy of the ``mahjong`` library's reading choice, on our fu rules.

Since the port of the search (:mod:`scoring.hand.readings`), ``evaluate`` no longer calls this:
it is the library path of ``evaluate_with_library``, the reference the port is checked against
(``tests/scoring/hand/test_readings_engine.py``, and ``bench/hand_eval.py`` before it times).

Why a copy. ``HandCalculator.estimate_hand_value`` finds every reading of a hand (each
decomposition, and for each the group the winning tile completed), scores each one and keeps
the best (points, then yakuman, han, fu). Its fu are not ours in three places:

* A.S.I. pays no tsumo fu on a rinshan kaihou (``Ruleset.rinshan_tsumo_fu``);
* a pair that is both seat and round wind is worth ``Ruleset.double_wind_pair_fu`` (Juki
  before 2024-12: 2), where the library gives 4;
* without the 2 fu of open pinfu (``Ruleset.open_pinfu_fu`` off) an open tsumo without fu
  keeps its 2 tsumo fu (30 fu), which the library drops.

Changing the fu of the library's *winner* afterwards can keep the wrong reading (another one
pays more under our fu), and the library has no hook for it. So we run the library's own
function -- its code object, unchanged -- with one global swapped: ``FuCalculator`` is
:class:`ClubFuCalculator`, which applies our rules to the fu of every reading before the choice.
The library module and every other caller keep the library's fu.

What this relies on, in mahjong 2.1.0 (pinned in requirements.txt):

* ``estimate_hand_value`` calls ``FuCalculator.calculate_fu`` through its module's globals
  (checked below at import);
* ``calculate_fu`` returns ``(details, fu)``, the details a list of ``{"fu", "reason"}`` with the
  reasons ``TSUMO``, ``DOUBLE_VALUED_PAIR``, ``HAND_WITHOUT_FU``, and pinfu read as "base fu only";
* the rest of the two functions as they were when this was written.

:data:`LIBRARY_SOURCES` holds the sha256 of the library source of each function we rely on;
``tests/scoring/hand/test_estimate.py`` fails loudly when the installed library differs. Then
re-read the library's new code against the points above, adjust this module, and update the
hashes.
"""

from __future__ import annotations

import hashlib
import inspect
import types
from collections.abc import Callable
from typing import Any, NamedTuple

import mahjong.hand_calculating.hand as _lib_hand
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand import HandCalculator

MAHJONG_VERSION = "2.1.0"
"""The library version this module was checked against (requirements.txt pins it)."""

LIBRARY_SOURCES: dict[str, str] = {
    "mahjong.hand_calculating.hand.HandCalculator.estimate_hand_value":
        "a85d0bf8abe47d345cb96f04c491076d2773f2ea6c8978c233bbf59fca0d31c6",
    "mahjong.hand_calculating.fu.FuCalculator.calculate_fu":
        "4635fbedd157e881494e03a971d9094d6dc81344334283571b0ee8f8ce046c91",
}
"""sha256 of the library's source of each function this module relies on (see the module doc)."""

_LIBRARY_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "mahjong.hand_calculating.hand.HandCalculator.estimate_hand_value": HandCalculator.estimate_hand_value,
    "mahjong.hand_calculating.fu.FuCalculator.calculate_fu": FuCalculator.calculate_fu,
}


def library_source_hashes() -> dict[str, str]:
    """The sha256 of the installed library's source of each function in :data:`LIBRARY_SOURCES`."""
    return {
        name: hashlib.sha256(inspect.getsource(fn).encode("utf-8")).hexdigest()
        for name, fn in _LIBRARY_FUNCTIONS.items()
    }


class ClubFu(NamedTuple):
    """Our fu rules for one call, carried on the library's HandConfig as ``club_fu``."""

    no_rinshan_tsumo_fu: bool
    """Drop the +2 tsumo fu of a rinshan kaihou (A.S.I.)."""
    double_wind_pair_fu: int
    """Fu of a pair that is both seat and round wind (the library gives 4)."""
    open_tsumo_fu: bool
    """Give an open tsumo without fu its 2 tsumo fu (the library drops it when open pinfu fu is off)."""
    replacement_tsumo_fu: bool = False
    """Give a rinshan tsumo without fu (a closed pinfu shape won on a flower's or kita's replacement
    tile) its 2 tsumo fu, so it is not pinfu (``Ruleset.flower_rinshan_pinfu`` off)."""


_library_fu = FuCalculator.calculate_fu
_TSUMO, _DOUBLE_PAIR = FuCalculator.TSUMO, FuCalculator.DOUBLE_VALUED_PAIR


class ClubFuCalculator(FuCalculator):
    """The library's fu of one reading, then our rules (when the config carries ``club_fu``).

    The library calls this for every reading (division x winning group) and ranks the
    readings on the result (points, then yakuman, han, fu), so our fu changes are part of
    the choice of the reading instead of being applied to the library's winner afterwards.
    """

    @staticmethod
    def calculate_fu(hand, win_tile, win_group, config, valued_tiles=None, melds=None):  # type: ignore[no-untyped-def]
        details, fu = _library_fu(hand, win_tile, win_group, config, valued_tiles, melds)
        rules = config.__dict__.get("club_fu")
        if rules is None or fu == 25:
            return details, fu
        changed = False
        if rules.no_rinshan_tsumo_fu and config.is_rinshan:
            kept = [d for d in details if d["reason"] != _TSUMO]
            changed = len(kept) != len(details)
            details = kept
        if rules.double_wind_pair_fu != 4:
            for i, d in enumerate(details):
                if d["reason"] == _DOUBLE_PAIR:
                    # The entry stays (even at 0 fu): the library reads pinfu as "base fu only".
                    details = [*details[:i], {"fu": rules.double_wind_pair_fu, "reason": _DOUBLE_PAIR},
                               *details[i + 1:]]
                    changed = True
                    break
        if rules.replacement_tsumo_fu and config.is_rinshan and config.is_tsumo and len(details) == 1:
            details = [{"fu": 2, "reason": _TSUMO}, *details]
            changed = True
        if rules.open_tsumo_fu and config.is_tsumo and len(details) == 1:
            # An open tsumo without fu: 20 + tsumo 2 = 30 (pinfu tsumo's 20 is a closed hand's).
            details = [{"fu": 2, "reason": _TSUMO}, *details]
            changed = True
        if not changed:
            return details, fu
        total = sum(d["fu"] for d in details)
        return details, (total + 9) // 10 * 10


def _club_estimate() -> Callable[..., Any]:
    """``HandCalculator.estimate_hand_value`` whose fu go through :class:`ClubFuCalculator`:
    the library's code object with its own globals (the library module is not changed)."""
    fn = HandCalculator.estimate_hand_value
    if "FuCalculator" not in fn.__code__.co_names or _lib_hand.FuCalculator is not FuCalculator:
        raise ImportError("mahjong's HandCalculator no longer calls FuCalculator as scoring.hand.estimate expects")
    env = dict(_lib_hand.__dict__, FuCalculator=ClubFuCalculator)
    copy = types.FunctionType(fn.__code__, env, fn.__name__, fn.__defaults__, fn.__closure__)
    copy.__kwdefaults__ = fn.__kwdefaults__
    return copy


estimate_club: Callable[..., Any] = _club_estimate()
"""``estimate_hand_value(tiles, win_tile, melds, config=...)`` on our fu (set ``config.club_fu``)."""
estimate_plain: Callable[..., Any] = HandCalculator.estimate_hand_value
"""The library's own, for a call none of our fu rules can touch."""

__all__ = ["ClubFu", "ClubFuCalculator", "LIBRARY_SOURCES", "MAHJONG_VERSION", "estimate_club", "estimate_plain",
           "library_source_hashes"]
