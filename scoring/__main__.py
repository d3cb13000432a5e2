"""``python -m scoring game|hand|from-tenhou6|needs`` — the contract's command line.

Output is one JSON object on standard output. Invalid input exits with status 2 and
prints ``{"error": {...}}``; nothing else is printed for it. Every command takes
``--lang CODE``: refusals and notes are written in that language (keys, ids and numbers
never change with it; the default is English).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import typing
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


def ruleset_argument(value: str) -> Any:
    """``--ruleset``'s value as a game record's ``ruleset``: a preset key, a JSON object
    ``{"base": KEY, "overrides": {...}}`` (or a key as a JSON string), or ``@FILE`` holding one."""
    if value.startswith("@"):
        return _read_json(value[1:])
    if value.lstrip().startswith(("{", '"')):
        try:
            return json.loads(value)
        except json.JSONDecodeError as exc:
            raise ScoringError(M.CLI_NOT_JSON, line=exc.lineno, column=exc.colno, reason=exc.msg) from None
    return value


def _game(args: argparse.Namespace) -> dict:
    from scoring.game import replay

    return replay(_read_json(args.record)).to_json()


def _hand(args: argparse.Namespace) -> dict:
    from scoring.hand.evaluate import cli_result_noted
    from scoring.rules import resolve

    try:
        spec = ruleset_argument(args.ruleset)
        if not isinstance(spec, (str, dict)):
            raise ScoringError(M.CLI_RULESET_ARGUMENT, value=args.ruleset)
        ruleset = resolve(spec)
        data = _read_json(args.hand)
    except HandError:
        raise
    except ScoringError as exc:
        raise (HandError(exc.template, **exc.fields) if exc.template else HandError(exc.message)) from None
    result, notes = cli_result_noted(data, ruleset)
    for note in notes:  # e.g. a renhou flag under a ruleset without renhou: said on standard error
        _note(note, args.lang)
    return result


def _needs(args: argparse.Namespace) -> dict:
    from scoring.needs import needs

    return needs(_read_json(args.record)).to_json()


def _from_tenhou6(args: argparse.Namespace) -> dict:
    from scoring.tenhou6 import convert_log_noted

    record, notes = convert_log_noted(_read_json(args.log), args.ruleset)
    for note in notes:  # e.g. an unknown rule converted under Tenhou's: said on standard error
        _note(note, args.lang)
    return record


def _note(note: Any, lang: str) -> None:
    text = note.render(lang) if isinstance(note, M.Text) else str(note)
    sys.stderr.write(f"note: {text}\n")


def _lang(value: str) -> str:
    """``--lang``: a language code of the catalogue (``en``, ``ko``, ``ja``, ``zh-Hans``, ``zh-Hant``), or one that
    reads as one of them (``ko-KR``, ``ja-JP``, ``zh-CN``, ``zh-TW``...); another is a usage error."""
    lang = M.language(value)
    if lang == "en" and value.lower().replace("_", "-").split("-")[0] != "en":
        raise argparse.ArgumentTypeError(f"no messages in {value!r}; use one of {_LANG_NAMES}")
    return lang


# The languages as --lang's help and refusal name them.
_LANG_NAMES = ", ".join({"zh-hans": "zh-Hans", "zh-hant": "zh-Hant"}.get(lang, lang) for lang in M.LANGUAGES)


def options_help() -> str:
    """Every ruleset option a record's or ``--ruleset``'s ``overrides`` may set, with its values."""
    from scoring.rule_docs import option_docs
    from scoring.rules import Ruleset

    hints = typing.get_type_hints(Ruleset)
    lines = []
    for f in dataclasses.fields(Ruleset):
        if f.name in ("key", "name", "version"):
            continue
        lines.append(f"  {f.name} ({_kind(hints[f.name])}): {option_docs().get(f.name, '')}")
    return "\n".join(lines)


def _kind(hint: Any) -> str:
    import enum
    import types

    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        return f"{_kind(inner[0])} or null"
    if origin in (frozenset, tuple):
        return f"list of {_kind(args[0])}"
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return " | ".join(m.value for m in hint)
    return {bool: "true/false", int: "whole number", float: "number", str: "text"}.get(hint, str(hint))


_RULESET_HELP = """\
A ruleset is a preset key, or {"base": KEY, "overrides": {OPTION: VALUE, ...}}: the preset with some
options changed (a club's own reading). The game record's "ruleset" field takes either; `hand
--ruleset` takes either too, or @FILE naming a JSON file that holds one, e.g.
  --ruleset '{"base": "juki-agit-sanma-2026", "overrides": {"flower_dora": false}}'
Presets: %(presets)s

Options (docs/rulesets.md has each preset's value):
%(options)s
"""


def _ruleset_epilog() -> str:
    from scoring.rules import PRESETS

    return _RULESET_HELP.replace("%(presets)s", ", ".join(PRESETS)).replace("%(options)s", options_help())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring", description="Riichi mahjong scoring engine.")
    lang = argparse.ArgumentParser(add_help=False)
    lang.add_argument("--lang", type=_lang, default=argparse.SUPPRESS,
                      help=f"language of refusals and notes: {_LANG_NAMES} (default: en)")
    parser.add_argument("--lang", type=_lang, default="en", help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", required=True)
    raw = argparse.RawDescriptionHelpFormatter
    epilog = _ruleset_epilog()
    game = sub.add_parser("game", parents=[lang], formatter_class=raw, epilog=epilog,
                          help="replay a game record and print hands and final result")
    game.add_argument("record", help="game record JSON file, or - for standard input; its \"ruleset\" is a preset "
                                     "key or {\"base\": KEY, \"overrides\": {...}} (options below)")
    game.set_defaults(run=_game)
    hand = sub.add_parser("hand", parents=[lang], formatter_class=raw, epilog=epilog, help="score one full hand")
    hand.add_argument("--ruleset", required=True,
                      help="preset key (e.g. juki-agit-2026), a JSON object {\"base\": KEY, \"overrides\": {...}} "
                           "as in a game record, or @FILE holding one (options below)")
    hand.add_argument("hand", help="HAND JSON file, or - for standard input")
    hand.set_defaults(run=_hand)
    tenhou = sub.add_parser("from-tenhou6", parents=[lang], help="convert a tenhou.net/6 log to a game record")
    tenhou.add_argument(
        "--ruleset", default=None,
        help="preset key to convert under (default: the preset of the log's room, e.g. tenhou-sanma, mahjong-soul)",
    )
    tenhou.add_argument("log", help="tenhou.net/6 JSON file, or - for standard input")
    tenhou.set_defaults(run=_from_tenhou6)
    need = sub.add_parser("needs", parents=[lang], help="what each player needs in the next hand to come first")
    need.add_argument("record", help="game record JSON file (a game in progress), or - for standard input")
    need.set_defaults(run=_needs)
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], dict] = args.run
    try:
        result = run(args)
    except ScoringError as exc:
        _print(exc.to_json(args.lang))
        return EXIT_INVALID
    _print(result)
    return 0


def _print(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    sys.exit(main())
