"""Waiting for a condition instead of sleeping: the tests run on loaded machines (CI, two cores shared),
where a fixed sleep either wastes time or is too short, and an assertion after it may pass only
because nothing ran yet."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def wait_until(predicate: Callable[[], T], *, timeout: float = 60, interval: float = 0.1,
               message: str | Callable[[], str] = "") -> T:
    """``predicate()``'s first true value, asked every ``interval`` seconds; fails the test with
    ``message`` (or a callable's text, read then) after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            import pytest

            text = message() if callable(message) else message
            pytest.fail(f"not within {timeout:g} s: {text or getattr(predicate, '__name__', 'the condition')}")
        time.sleep(interval)
