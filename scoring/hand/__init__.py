"""Full-hand auto-scoring: ``evaluate(hand, ruleset, context) -> HandResult``.

See ``docs/hand-scoring.md`` for what is computed here on top of the ``mahjong`` library.
"""

from scoring.hand.evaluate import cli_result, evaluate
from scoring.hand.model import HandContext, HandResult, Yaku
from scoring.hand.names import YAKU_IDS, YAKU_NAMES, yaku_label, yaku_name

__all__ = [
    "HandContext", "HandResult", "Yaku", "YAKU_IDS", "YAKU_NAMES", "cli_result", "evaluate", "yaku_label", "yaku_name",
]
