"""Rules about the dealer's run of deals: the han minimum on a long renchan, and paarenchan.

* The han minimum (Juki's 5th-renchan rule): from ``Ruleset.dealer_min_han_from_renchan``
  on (the dealer's own consecutive deals kept, ``GameState.renchan``), the dealer needs
  ``Ruleset.dealer_min_han`` han to win, dora counted only with
  ``Ruleset.dealer_min_han_counts_dora``. The same rule for a win entered as han/fu
  (:mod:`scoring.settle`) and a full hand (:mod:`scoring.hand.evaluate`); each says the
  refusal in its own words.
* Paarenchan (a local yakuman, when in ``Ruleset.local_yakuman``): the dealer's win that
  makes ``Ruleset.paarenchan_wins`` wins in a row (a deal kept by tenpai does not count).
"""

from __future__ import annotations

from scoring.rules import Ruleset


def dealer_min_han(ruleset: Ruleset, renchan: int) -> int | None:
    """The han the dealer needs to win on their ``renchan``-th kept deal, or None (no minimum)."""
    start = ruleset.dealer_min_han_from_renchan
    if start is None or renchan < start:
        return None
    return ruleset.dealer_min_han


def counted_han(ruleset: Ruleset, han: int, dora: int | None) -> int:
    """The han of a win (``han``, dora included) that count toward the dealer's minimum.

    ``dora`` None (a record that does not say, optional in the contract) is taken as none.
    """
    if ruleset.dealer_min_han_counts_dora or dora is None:
        return han
    return han - dora


def short_of_minimum(ruleset: Ruleset, *, renchan: int, han: int, dora: int | None) -> tuple[int, int] | None:
    """``(needed, counted)`` when a dealer's win of ``han`` (with ``dora`` of them) is short of the
    minimum on this renchan; None when it is enough or there is no minimum."""
    need = dealer_min_han(ruleset, renchan)
    if need is None:
        return None
    counted = counted_han(ruleset, han, dora)
    return (need, counted) if counted < need else None


def is_paarenchan(ruleset: Ruleset, dealer_wins_in_row: int) -> bool:
    """Whether the dealer's win after ``dealer_wins_in_row`` wins in a row is paarenchan."""
    return "paarenchan" in ruleset.local_yakuman and dealer_wins_in_row + 1 >= ruleset.paarenchan_wins


__all__ = ["counted_han", "dealer_min_han", "is_paarenchan", "short_of_minimum"]
