"""Casual games: played at the club outside any season or tournament; kept and shown, counting for nothing.

A league game needs a season, so each club gets one casual season per ruleset (``CasualSeason``),
created on first use; it is no competition (no night, tournament or standings page points at it).
"""
