"""Riichi mahjong scoring engine: pure Python, no Django.

``scoring.record`` parses game records, ``scoring.settle`` settles one hand,
``scoring.game`` replays a game, ``scoring.final`` turns final scores into points.
"""
