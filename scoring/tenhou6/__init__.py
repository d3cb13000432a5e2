"""tenhou.net/6 logs (Tenhou, and Mahjong Soul logs converted to the same JSON).

* :mod:`scoring.tenhou6.convert` — a log to the club's game record: one contract event per
  round, checked against the log's own numbers; the ruleset a log's room plays.
* :mod:`scoring.tenhou6.hands` — each win rebuilt as a contract HAND (tiles, melds, flags)
  by replaying the round, with the log's own score for comparison.

The converter's API is importable from here: ``from scoring.tenhou6 import convert_log``.
"""

from scoring.tenhou6.convert import (
    ABORTS,
    ConvertedRound,
    RoundStart,
    accepted_riichi,
    check_rounds,
    convert_log,
    convert_log_noted,
    convert_round,
    convert_rounds,
    declared_riichi,
    derive_ruleset,
    derive_ruleset_noted,
    final_concealed,
    identify_rule,
    is_tenpai,
    log_seats,
    parse_win,
    round_start,
)

__all__ = [
    "ABORTS",
    "ConvertedRound",
    "RoundStart",
    "accepted_riichi",
    "check_rounds",
    "convert_log",
    "convert_log_noted",
    "convert_round",
    "convert_rounds",
    "declared_riichi",
    "derive_ruleset",
    "derive_ruleset_noted",
    "final_concealed",
    "identify_rule",
    "is_tenpai",
    "log_seats",
    "parse_win",
    "round_start",
]
