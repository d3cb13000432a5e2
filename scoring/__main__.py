"""``python -m scoring game|hand|from-tenhou6|needs`` — the contract's command line.

Output is one JSON object on standard output. Invalid input exits with status 2 and
prints ``{"error": {...}}``; nothing else is printed for it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from scoring import messages as M
from scoring.errors import HandError, ScoringError

EXIT_INVALID = 2


def _read_json(path: str) -> Any:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        raise ScoringError(M.CLI_CANNOT_READ, path=path, reason=exc.strerror or exc) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScoringError(M.CLI_NOT_JSON, line=exc.lineno, column=exc.colno, reason=exc.msg) from None


def _game(args: argparse.Namespace) -> dict:
    from scoring.game import replay

    return replay(_read_json(args.record)).to_json()


def _hand(args: argparse.Namespace) -> dict:
    from scoring.hand.evaluate import cli_result_noted
    from scoring.rules import preset

    try:
        ruleset = preset(args.ruleset)
        data = _read_json(args.hand)
    except ScoringError as exc:
        raise HandError(exc.message) from None
    result, notes = cli_result_noted(data, ruleset)
    for note in notes:  # e.g. a renhou flag under a ruleset without renhou: said on standard error
        sys.stderr.write(f"note: {note}\n")
    return result


def _needs(args: argparse.Namespace) -> dict:
    from scoring.needs import needs

    return needs(_read_json(args.record)).to_json()


def _from_tenhou6(args: argparse.Namespace) -> dict:
    from scoring.tenhou6 import convert_log_noted

    record, notes = convert_log_noted(_read_json(args.log), args.ruleset)
    for note in notes:  # e.g. an unknown rule converted under Tenhou's: said on standard error
        sys.stderr.write(f"note: {note}\n")
    return record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring", description="Riichi mahjong scoring engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    game = sub.add_parser("game", help="replay a game record and print hands and final result")
    game.add_argument("record", help="game record JSON file, or - for standard input")
    game.set_defaults(run=_game)
    hand = sub.add_parser("hand", help="score one full hand")
    hand.add_argument("--ruleset", required=True, help="preset key, e.g. juki-agit-2026")
    hand.add_argument("hand", help="HAND JSON file, or - for standard input")
    hand.set_defaults(run=_hand)
    tenhou = sub.add_parser("from-tenhou6", help="convert a tenhou.net/6 log to a game record")
    tenhou.add_argument(
        "--ruleset", default=None,
        help="preset key to convert under (default: the preset of the log's room, e.g. tenhou-sanma, mahjong-soul)",
    )
    tenhou.add_argument("log", help="tenhou.net/6 JSON file, or - for standard input")
    tenhou.set_defaults(run=_from_tenhou6)
    need = sub.add_parser("needs", help="what each player needs in the next hand to come first")
    need.add_argument("record", help="game record JSON file (a game in progress), or - for standard input")
    need.set_defaults(run=_needs)
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], dict] = args.run
    try:
        result = run(args)
    except ScoringError as exc:
        _print(exc.to_json())
        return EXIT_INVALID
    _print(result)
    return 0


def _print(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    sys.exit(main())
