"""Club nights: who is here tonight, rounds seated from them, each round's tables, the desk and the board.

Models live here and are gathered by ``events.models`` (the ``events`` app); rounds are seated through
the events' one skeleton (``events.rounds``), and the services check access with ``events.access``.
"""
