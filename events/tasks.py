"""The events' background tasks: Celery's autodiscovery imports ``events.tasks``, which registers them."""
from events.tournaments.tasks import tournament_report_build  # noqa: F401
