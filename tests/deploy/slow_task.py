"""A task for the worker-outage test only (``celery worker --include tests.deploy.slow_task``): it sleeps
``seconds`` with ``acks_late`` (as production's tasks run) and then writes ``path``."""
from __future__ import annotations

import time
from pathlib import Path

from celery import shared_task


@shared_task(name="tests.slow_write", acks_late=True)
def slow_write(path: str, seconds: float = 0) -> str:
    time.sleep(seconds)
    Path(path).write_text("done")
    return path
