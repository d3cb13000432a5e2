"""Celery application.

Without ``CELERY_BROKER_URL`` tasks run eagerly in the calling process (no broker needed:
``make run`` and the default test run). With it set, tasks go to that broker.
"""
import os

from celery import Celery

from config.broker import use_safe_redis_transport

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

use_safe_redis_transport()  # a worker rides out a Redis outage (config/broker.py)
app = Celery("clubleague")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Each domain keeps its tasks in its own ``tasks`` module; the sweep that looks across them is config's.
app.autodiscover_tasks(["config", "league.standings", "league.transfer", "league.whatif", "events.tournaments",
                        "events.teams", "federation", "notify"])
