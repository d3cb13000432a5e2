"""The shared floor: what every domain uses and that knows no domain (issue 24).

Once-only keys (``once``), after-commit queueing and the after-response runner (``queueing``, ``middleware``),
input the database cannot store (``validation``), the web refusal helpers (``web``), the spreadsheet-cell
guard (``spreadsheet``), JSON values (``jsonvalues``) and the audit log with its one writer (``audit``).
Nothing here imports ``club``, ``league``, ``events`` or ``notify`` (``tests/core/test_floor.py``).
"""
