"""Input the database cannot store, refused before anything is written.

PostgreSQL refuses a NUL byte in text and JSON (``DataError``: a 500 after the request was
half done) and UTF-8 cannot hold a lone surrogate (``"\\ud800"`` in JSON). Every string in
a note, a reason, rating parameters or an imported log is checked here, with a message a
table host understands. The walk is iterative: a JSON value nested 100,000 deep is refused
by depth, never by a RecursionError.
"""
from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError

from core.error_codes import FloorErrorCode as Code

MAX_DEPTH = 64


class BadInput(ValueError):
    """``message``: what is wrong, in English (the msgid); ``where``: the field."""

    def __init__(self, message: str, *, where: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.where = where


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be stored, or None."""
    if "\x00" in text:
        return "contains a NUL character (\\u0000), which cannot be stored"
    for ch in text:
        if "\ud800" <= ch <= "\udfff":
            return "contains a broken character (a lone surrogate), which cannot be stored"
    return None


def check_value(value: Any, *, where: str = "", max_depth: int = MAX_DEPTH) -> None:
    """Every string (keys too) of a JSON-like value storable, and nesting at most ``max_depth``."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > max_depth:
            raise BadInput(f"is nested more than {max_depth} levels deep", where=where)
        if isinstance(item, str):
            problem = text_problem(item)
            if problem:
                raise BadInput(problem, where=where)
        elif isinstance(item, dict):
            for k, v in item.items():
                stack.append((k, depth + 1))
                stack.append((v, depth + 1))
        elif isinstance(item, (list, tuple)):
            stack.extend((v, depth + 1) for v in item)


def storable(value: Any, field: str) -> None:
    """Refuse text the database cannot hold (NUL, lone surrogates) before anything is written."""
    try:
        check_value(value)
    except BadInput as exc:
        raise ValidationError({field: [f"The {field.replace('_', ' ')} {exc.message}."]}, code=Code.TEXT) from None
