"""A game's time limit and the end rule that says when a timed game is over.

The clocks live in ``events`` (a club night's round, a tournament's round, each table's extra
minutes); ``league`` never imports them. A game asks with the :data:`game_clock` signal: a
receiver answers a :class:`TimeLimit` for a game it times (``events.signals``), or None.

The end rules (the night's or tournament's "when time is up"):

- ``finish_hand``: the hand in play when the time ran out is the last;
- ``one_more_hand``: the hand in play, then one more;
- ``all_last``: the hand after the one in play is played as all-last: the game ends when, from that
  hand on, a hand passes the deal (a dealer who keeps the deal plays on, as at any all-last).

A hand is "after the time" when it was saved at or after the limit (its ``entered_at``); a chombo,
a penalty or a stop is no hand. :func:`time_rule_over` says whether the rule's last hand is saved;
then the games service ends the game with an ``end`` event, reason ``time``.
"""
from __future__ import annotations

import datetime
import enum
from collections.abc import Sequence
from dataclasses import dataclass

from django.dispatch import Signal
from django.utils import timezone

from league.models import Game, HandRecord

game_clock = Signal()
"""Sent with ``sender=Game, game=<Game>``; a receiver returns a :class:`TimeLimit` or None."""

_HANDS = frozenset({"ron", "tsumo", "draw", "nagashi", "abort"})


class TimeRule(enum.StrEnum):
    """When time is up: the same codes as ``events.choices.EndRule``."""

    FINISH_HAND = "finish_hand"
    ONE_MORE_HAND = "one_more_hand"
    ALL_LAST = "all_last"


@dataclass(frozen=True)
class TimeLimit:
    ends_at: datetime.datetime
    rule: TimeRule


def time_limit(game: Game) -> TimeLimit | None:
    """The game's time limit from whoever times it (a club night's or tournament's table), or None."""
    for _receiver, answer in game_clock.send(sender=Game, game=game):
        if isinstance(answer, TimeLimit):
            return answer
    return None


def time_is_up(limit: TimeLimit | None, now: datetime.datetime | None = None) -> bool:
    return limit is not None and (now or timezone.now()) >= limit.ends_at


def time_rule_over(game: Game, rep, hands: Sequence[HandRecord], limit: TimeLimit | None) -> bool:
    """Whether the end rule's last hand is saved: the game in progress is over by time.

    ``rep`` is the replay of ``hands`` (the game's records in order)."""
    if limit is None or rep is None or rep.final is not None:
        return False
    after = [row for row in rep.rows
             if row.event_index < len(hands)
             and (hands[row.event_index].event or {}).get("kind") in _HANDS
             and hands[row.event_index].entered_at >= limit.ends_at]
    if limit.rule is TimeRule.FINISH_HAND:
        return len(after) >= 1
    if limit.rule is TimeRule.ONE_MORE_HAND:
        return len(after) >= 2
    # ALL_LAST: from the second hand after the time on, the first hand that passes the deal.
    if len(after) < 2:
        return False
    following = [r.round for r in after[2:]] + [rep.state.round]
    return any(row.round != nxt for row, nxt in zip(after[1:], following, strict=True))


__all__ = ["TimeLimit", "TimeRule", "game_clock", "time_is_up", "time_limit", "time_rule_over"]
