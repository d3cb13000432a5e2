"""The engine's words: every refusal and rule phrase in English and Korean.

* :mod:`scoring.messages.render` — how a message is rendered: :class:`Message`,
  :class:`Text`, Korean particles, the "Player N" seat labels.
* :mod:`scoring.messages.catalogue` — the messages themselves (refusals, fragments, and
  :func:`phrase`, the words of rule codes such as penalty kinds and how a game ended).

``from scoring import messages as M`` gives both: ``M.RIICHI_MIN_POINTS``, ``M.render``.
"""

from scoring.messages.catalogue import *  # noqa: F403 - the catalogue is this package's API
from scoring.messages.catalogue import catalogue, phrase
from scoring.messages.render import (
    LANGUAGES,
    PLAYER_LABEL,
    Message,
    Text,
    language,
    particle,
    player_label,
    render,
    settle_particles,
)

__all__ = [
    "LANGUAGES", "PLAYER_LABEL", "Message", "Text", "catalogue", "language", "particle", "phrase", "player_label",
    "render", "settle_particles",
]
