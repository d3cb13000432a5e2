"""Registers each kind of event's models with the admin (each package keeps its own ``admin.py``)."""
from events.nights import admin as _nights_admin  # noqa: F401
from events.tournaments import admin as _tournaments_admin  # noqa: F401
