"""Riichi mahjong scoring engine: pure Python, no Django.

``scoring.record`` parses game records, ``scoring.settle`` settles one hand,
``scoring.game`` replays a game, ``scoring.final`` turns final scores into points.
Each rule has one home named after it: ``rules`` (the options and presets), ``table``
(winds, dealer, paid as dealer), ``dealer`` (han minimum, paarenchan), ``payments``,
``chombo``, ``penalties``, ``termination`` (how a game ended), ``hand`` (full hands),
``tenhou6``, ``ratings``; the words are ``messages``. See docs/architecture.md.
"""
