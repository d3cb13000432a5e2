"""How a game ended: :class:`Termination` (like python-chess's ``Termination``).

The codes are the contract's ``final.ended_by`` values (a ``StrEnum``, so each is also its
string: ``Termination.TOBI == "tobi"``, and JSON writes ``"tobi"``). When each one happens is
decided by :mod:`scoring.game` (and :mod:`scoring.settle` for a deliberate chombo). Their
words are the catalogue's: :attr:`Termination.phrase` ("tobi" / "토비", inside other
messages) and :attr:`Termination.sentence` (a whole sentence for a results page).
"""

from __future__ import annotations

import enum

from scoring import messages as M


class Termination(enum.StrEnum):
    """How a game ended (``GameState.ended_by``, ``FinalResult.ended_by``)."""

    ALL_LAST = "all_last"
    """The last regular hand (all-last) passed the deal, or nobody needed to play on."""
    AGARI_YAME = "agari_yame"
    """The all-last dealer won while on top, and the ruleset ends the game there."""
    TENPAI_YAME = "tenpai_yame"
    """The all-last dealer was tenpai at a draw while on top, and the ruleset ends the game."""
    TOBI = "tobi"
    """A player went bust (below zero, or at zero with ``tobi_at_zero``)."""
    SUDDEN_DEATH = "sudden_death"
    """In an extra round someone reached ``west_entry_target``."""
    WEST_END = "west_end"
    """The last extra round is over: the hard end."""
    DELIBERATE_CHOMBO = "deliberate_chombo"
    """A deliberate chombo ends the game."""
    STOP = "stop"
    """The all-last dealer chose to end the game (a ``stop`` event, optional agari-yame)."""
    TIME = "time"
    """The table's time ran out and the end rule's last hand is over (an ``end`` event, reason ``time``)."""
    REFEREE = "referee"
    """A referee ended the game at its scores (an ``end`` event, reason ``referee``)."""
    RESULT = "result"
    """The final scores were entered as a whole (a ``result`` event)."""

    @property
    def phrase(self) -> M.Message:
        """The code in a few words, for use inside another message: "tobi" / "토비"."""
        return M.PHRASES[self.value]

    @property
    def sentence(self) -> M.Message:
        """The code as a sentence: "A player went below zero (tobi)." / "0점 미만이 된 사람이 있습니다 (토비)."."""
        return M.ENDED_BY[self.value]


__all__ = ["Termination"]
