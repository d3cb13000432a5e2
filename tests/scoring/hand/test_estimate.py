"""Our copy of the library's reading choice (scoring/hand/estimate.py) is checked against the
installed ``mahjong``: when the pinned library changes under it, these fail and say what to re-read."""

from __future__ import annotations

import importlib.metadata
import pathlib

import mahjong.hand_calculating.hand as library_hand
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand import HandCalculator

from scoring.hand import estimate

REQUIREMENTS = pathlib.Path(__file__).resolve().parents[3] / "requirements.txt"


def test_the_installed_library_is_the_version_the_copy_was_checked_against():
    pinned = [line.strip() for line in REQUIREMENTS.read_text().splitlines() if line.startswith("mahjong==")]
    assert pinned == [f"mahjong=={estimate.MAHJONG_VERSION}"]
    assert importlib.metadata.version("mahjong") == estimate.MAHJONG_VERSION


def test_the_library_functions_we_rely_on_are_unchanged():
    changed = {name for name, digest in estimate.library_source_hashes().items()
               if estimate.LIBRARY_SOURCES[name] != digest}
    assert not changed, (
        f"mahjong changed {sorted(changed)}: re-read them against scoring/hand/estimate.py's notes, "
        "adjust the module, then update LIBRARY_SOURCES"
    )


def test_a_changed_library_function_is_noticed(monkeypatch):
    def estimate_hand_value(*args, **kwargs):  # a stand-in for a new library version
        return None

    monkeypatch.setitem(estimate._LIBRARY_FUNCTIONS,
                        "mahjong.hand_calculating.hand.HandCalculator.estimate_hand_value", estimate_hand_value)
    assert estimate.library_source_hashes() != estimate.LIBRARY_SOURCES


def test_the_copy_runs_the_librarys_own_code_with_our_fu_only():
    assert estimate.estimate_club.__code__ is HandCalculator.estimate_hand_value.__code__
    assert estimate.estimate_club.__globals__["FuCalculator"] is estimate.ClubFuCalculator
    # The library module and every other caller keep the library's fu.
    assert library_hand.FuCalculator is FuCalculator
    assert estimate.estimate_plain is HandCalculator.estimate_hand_value
