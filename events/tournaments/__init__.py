"""Tournaments: registration, rounds seated by ``events.seating``, stages with a cut, results.

Models live here and are registered through ``events.models`` (the ``events`` app).
"""
