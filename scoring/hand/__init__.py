"""Full-hand auto-scoring (issue #3): ``evaluate(hand, ruleset, context) -> HandResult``.

See ``docs/hand-scoring.md`` for what is computed here on top of the ``mahjong`` library.
"""

from scoring.hand.evaluate import cli_result, evaluate
from scoring.hand.model import HandContext, HandResult, Yaku
from scoring.hand.names import YAKU_IDS, YAKU_NAMES

__all__ = ["HandContext", "HandResult", "Yaku", "YAKU_IDS", "YAKU_NAMES", "cli_result", "evaluate"]
