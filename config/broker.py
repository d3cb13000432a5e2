"""Open the Celery broker connection when a web worker starts, not on its first game-ending hand.

A gunicorn worker's first task enqueue took ~140 ms (later ones 2–6 ms; 460 ms on the loaded dev
machine): finalizing the Celery app (binding every task: ~90 ms of it), making its result backend,
importing the broker transport, connecting to Redis, building the producer, declaring the queue.
``prepare_app`` does the first two in the preloaded parent, before it forks (``pre_fork`` in
config/gunicorn.conf.py: once, shared by the workers); ``warm_broker`` the rest in each worker
(``post_fork``: a connection is never shared across a fork) — the pool keeps it for the first real
enqueue. Nothing happens when tasks run eagerly (the
embedded default: no broker), and a broker that is down is logged, never fatal: the first enqueue
then connects as before (and ``core.queueing.send`` logs it if the broker is still down).
"""
from __future__ import annotations

import logging

logger = logging.getLogger(__name__)


def prepare_app(app) -> None:
    """Finalize ``app`` (its task registry bound) and make its result backend: no sockets, fork-safe."""
    app.finalize(auto=True)
    app.backend  # noqa: B018 - made once, here, not on the first enqueue


def warm_broker(app) -> bool:
    """Connect ``app``'s producer pool to its broker and declare the queues our tasks go to; True when it did."""
    if app.conf.task_always_eager or not app.conf.broker_url:
        return False
    prepare_app(app)
    try:
        with app.producer_or_acquire() as producer:
            producer.connection.ensure_connection(max_retries=1)
            routes = (app.amqp.router.route({}, name)["queue"] for name in app.tasks if not name.startswith("celery."))
            for queue in {queue.name: queue for queue in routes}.values():
                producer.maybe_declare(queue)
    except Exception:  # a web worker starts without its broker; the first enqueue tries again
        logger.warning("Could not open the Celery broker connection at worker start; tasks will connect "
                       "on first use.", exc_info=True)
        return False
    return True
