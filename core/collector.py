"""Python's cyclic garbage collector held off while a long fold builds what it keeps.

A full recompute reads 50,000 games' statistics (~2 KB of JSON each, a hundred-odd dicts and lists a
game) and adds them to tallies it keeps to the end. Every 700 new containers the collector runs, and
as the kept tallies and each chunk's rows pass into its older generations it scans them again and again:
held off, the openskill recompute at 50,000 games took 6.4–7.7 s instead of 9.2–11.2 s (docs/performance.md,
"The cyclic collector in the standings"). What the fold makes is freed by reference
counting (rows, JSON, tallies: no cycles), so holding the collector off frees the same memory at the
same moment; the peak RSS measured with and without is the same.

The collector is one per process: in a threaded server two folds may overlap, and a request's thread
runs beside them. The first fold to enter switches it off, the last to leave switches it back on (only
if it was on before), so an overlap never switches it on under a running fold nor leaves it off. Other
threads' cycles wait for the fold's end (seconds), then are collected as usual.
"""
from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_holding = 0  # folds inside collector_held_off() now
_was_enabled = False  # whether the collector was on when the first of them entered


@contextmanager
def collector_held_off() -> Iterator[None]:
    """Run the block with the cyclic collector off (reference counting still frees what the block drops)."""
    global _holding, _was_enabled
    with _lock:
        if _holding == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _holding += 1
    try:
        yield
    finally:
        with _lock:
            _holding -= 1
            if _holding == 0 and _was_enabled:
                gc.enable()
