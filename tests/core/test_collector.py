"""The cyclic collector held off during a long fold (core/collector.py): off inside, as it was after, and two
overlapping folds in two threads never switch it on under each other."""
from __future__ import annotations

import gc
import threading

import pytest

from core.collector import collector_held_off

DEADLINE = 10  # seconds a thread waits for the other's step before the test fails


@pytest.fixture(autouse=True)
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    (gc.enable if was else gc.disable)()


def test_the_collector_is_off_inside_and_on_again_after():
    with collector_held_off():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_off_before_stays_off_after():
    gc.disable()
    with collector_held_off():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_an_error_inside_switches_it_on_again():
    with pytest.raises(ZeroDivisionError), collector_held_off():
        1 / 0  # noqa: B018
    assert gc.isenabled()


def test_nested_blocks_switch_it_on_only_when_the_outer_one_ends():
    with collector_held_off():
        with collector_held_off():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_two_overlapping_folds_in_two_threads_the_first_to_finish_leaves_it_off_for_the_other():
    first_inside, second_inside, first_done = threading.Event(), threading.Event(), threading.Event()
    seen: dict[str, bool] = {}

    def first():
        with collector_held_off():
            first_inside.set()
            assert second_inside.wait(DEADLINE)
        first_done.set()

    def second():
        assert first_inside.wait(DEADLINE)
        with collector_held_off():
            second_inside.set()
            assert first_done.wait(DEADLINE)
            seen["after the first left"] = gc.isenabled()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(DEADLINE)
        assert not t.is_alive()
    assert seen == {"after the first left": False}
    assert gc.isenabled()
