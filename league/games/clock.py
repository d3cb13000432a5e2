"""A game's time limit and the end rule that says when a timed game is over.

The clocks live in ``events`` (a club night's round, a tournament's round, each table's extra
minutes); ``league`` never imports them. Whoever seats a timed game gives it its limit as data
(``league.games.services.game_start(time_limit=…)``, moved by ``game_time_set`` when a referee gives
the table extra time); the game reads its own row (:func:`time_limit`) and asks nobody.

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
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import timezone

from league.models import EndRule, Game, HandRecord

_HANDS = frozenset({"ron", "tsumo", "draw", "nagashi", "abort"})


@dataclass(frozen=True)
class TimeLimit:
    ends_at: datetime.datetime
    rule: EndRule


def time_limit(game: Game) -> TimeLimit | None:
    """The time limit the game is played under (set by whoever seated it), or None."""
    if game.time_ends_at is None:
        return None
    return TimeLimit(ends_at=game.time_ends_at, rule=EndRule(game.time_rule or EndRule.FINISH_HAND))


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
    if limit.rule == EndRule.FINISH_HAND:
        return len(after) >= 1
    if limit.rule == EndRule.ONE_MORE_HAND:
        return len(after) >= 2
    # ALL_LAST: from the second hand after the time on, the first hand that passes the deal.
    if len(after) < 2:
        return False
    following = [r.round for r in after[2:]] + [rep.state.round]
    return any(row.round != nxt for row, nxt in zip(after[1:], following, strict=True))


__all__ = ["EndRule", "TimeLimit", "time_is_up", "time_limit", "time_rule_over"]
