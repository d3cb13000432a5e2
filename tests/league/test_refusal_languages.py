"""Issue 38: the table screen says the engine's refusal in the page's language, each language the engine has
(``league.games.errors.refusal_message``): no longer Korean or else English."""
from __future__ import annotations

import pytest
from django.utils import translation

from league.games.errors import refusal_message
from scoring import messages as M
from scoring.errors import ScoringError


@pytest.mark.parametrize(("lang", "said"), [
    ("ko", "플레이어 3은 800점으로는 리치를 선언할 수 없습니다(최소 1,000점)."),
    ("ja", "プレイヤー3は800点ではリーチできません（最低1,000点）。"),
    ("en", "The rules do not allow this: Player 3 cannot declare riichi with 800 points (minimum 1,000)."),
], ids=["ko", "ja", "en-after-its-lead-in"])
def test_the_engines_refusal_in_the_pages_language(lang, said):
    error = ScoringError(M.RIICHI_MIN_POINTS, who=M.player_label(2), points=800, minimum=1000)
    with translation.override(lang):
        assert refusal_message(error) == said
