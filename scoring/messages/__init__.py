"""The engine's words: every refusal and rule phrase in English, Korean, Japanese and Chinese
(Simplified and Traditional); docs/i18n.md says how to add a language.

* :mod:`scoring.messages.render` — how a message is rendered: :class:`Message`,
  :class:`Text`, Korean particles, the "Player N" seat labels.
* :mod:`scoring.messages.catalogue` — the messages themselves, in English and Korean (refusals,
  fragments, and :func:`phrase`, the words of rule codes such as penalty kinds and how a game ended).
* :mod:`scoring.messages.ja`, :mod:`~scoring.messages.zh_hans`, :mod:`~scoring.messages.zh_hant` — one
  catalogue per further language: the same keys, each with its template.

``from scoring import messages as M`` gives both: ``M.RIICHI_MIN_POINTS``, ``M.render``.
"""

from scoring.messages.catalogue import *  # noqa: F403 - the catalogue is this package's API
from scoring.messages.catalogue import catalogue, listing, phrase, templates
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
    translations,
)

__all__ = [
    "LANGUAGES", "PLAYER_LABEL", "Message", "Text", "catalogue", "language", "listing", "particle", "phrase",
    "player_label", "render", "settle_particles", "templates", "translations",
]
