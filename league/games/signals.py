"""Signals of ``league.games``: games knows no listener; the layers above it connect receivers in
their app's ``ready`` (docs/architecture.md, "Layers").

``game_finished`` (``league.signals``) says a game has just finished; the season's results changing is
``league.signals.season_results_changed``. This module holds the one question games asks upward.
"""
from __future__ import annotations

from typing import Any

from django.dispatch import Signal

from core.once import Once
from league.error_codes import LeagueErrorCode as Code
from league.games.errors import HandRefused
from league.games.records import REFEREE_ONLY
from league.models import Game, HandRecord

# penalty_entered(sender=Game, game=<Game>, position=<int|None>, event=<dict>, by=<User>, once=<Once|None>):
# the table screen was sent a referee's event (a penalty, a deliberate chombo). The referee's receiver
# (``league.referee.receivers``) gives it as a penalty and answers (record, created).
penalty_entered = Signal()


def enter_penalty(*, game: Game, position: int | None, event: dict[str, Any], by,
                  once: Once | None = None) -> tuple[HandRecord, bool]:
    """Hand a referee's event entered at the table to the referee's service (through ``penalty_entered``);
    no receiver answering: refused as the referee's."""
    for _receiver, answer in penalty_entered.send(sender=Game, game=game, position=position, event=event, by=by,
                                                  once=once):
        if answer is not None:
            return answer
    raise HandRefused(REFEREE_ONLY, hand=position, code=Code.REFEREE_ONLY)
