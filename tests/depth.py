"""How many examples a property test tries: few enough for ``make test`` (issue 34, item 5: the whole suite
in 10 minutes on two cores), many more with ``HYPOTHESIS_PROFILE=deep`` (the search for a rare
counterexample, run by hand or nightly). Tests without their own count follow the profile
(conftest.py at the root registers ``deep``)."""
from __future__ import annotations

import os

DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"


def examples(quick: int, deep: int) -> int:
    """``quick`` in the suite, ``deep`` under ``HYPOTHESIS_PROFILE=deep``."""
    return deep if DEEP else quick
