"""Typed inputs and outputs of full-hand scoring."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.messages import Text
from scoring.payments import HandValue, Limit


@dataclass(frozen=True)
class HandContext:
    """What the game knows about a win, which a HAND written inside a game may omit.

    ``dealer_renchan`` is the dealer's own consecutive deals kept before this hand
    (0 on a fresh deal), as ``GameState.renchan``: it drives the dealer's 2-han minimum
    (Juki: from the 5th renchan). ``dealer_wins_in_row`` is the dealer's consecutive
    *wins* before this hand (``GameState.dealer_wins_in_row``): paarenchan is the win that
    makes ``ruleset.paarenchan_wins`` in a row, and a deal kept by tenpai does not count.
    Standalone (no game), it falls back to ``dealer_renchan``.
    """

    seat_wind: str
    round_wind: str
    is_dealer: bool
    tsumo: bool
    paid_as_dealer: bool | None = None
    """Pay this win as a dealer win (Juki: every win from West on). None (the default, and what
    the game engine passes): derived from the ruleset and ``round_wind`` by
    :func:`scoring.winds.paid_as_dealer`, the one home of that rule; True/False overrides it."""
    dealer_renchan: int = 0
    dealer_wins_in_row: int | None = None


@dataclass(frozen=True)
class Yaku:
    id: str
    """Contract yaku id (snake_case)."""
    han: int
    """Han of this yaku in this hand; a yakuman counts 13 per multiple."""
    names: Mapping[str, str]
    """Display names: {"ko", "en", "ja", "zh-hans", "zh-hant"}."""


@dataclass(frozen=True)
class HandResult:
    yaku: tuple[Yaku, ...]
    han: int
    """Han including dora; for a yakuman, 13 per multiple."""
    fu: int | None
    """Fu of the chosen reading (None for kokushi, which has no reading)."""
    fu_breakdown: tuple[tuple[str, int], ...]
    """(reason, fu) before rounding up, e.g. ("base", 30), ("closed_terminal_pon", 8)."""
    yakuman: int
    """Yakuman multiple paid (after double yakuman, kazoe, stacking and cap); 0 if none."""
    dora: int
    """Han from dora, ura dora, red fives and flowers (0 for a yakuman)."""
    limit: Limit | None
    value: HandValue
    points: Mapping[str, int]
    """As the contract: {"ron": N} | {"dealer": A, "non_dealer": B} | {"all": A}."""
    pao_yakuman: int
    """Multiple of the yakuman in this hand that carry pao under the ruleset (partial pao)."""
    notes: tuple[Text, ...] = ()
    """What a table host should know about how the hand was read, e.g. a renhou flag under a
    ruleset without renhou (scored on its other yaku). Not part of the contract's output."""
