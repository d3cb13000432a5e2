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


# --- the worker rides out a broker outage (issue 35, item 2) -----------------------------------------
def _redis_transport():
    """kombu's Redis transport with the restore of a lost channel's unacknowledged messages made safe.

    kombu 5.7.0 (the latest): when the broker connection is lost, the worker collects the connection
    (``transport.client = None``, the channel's pool dropped) and then closes the channel, whose QoS
    restores the messages delivered but not acknowledged (acks-late: the tasks in flight). It builds a
    new client from ``transport.client`` — None by then — and fails with ``AttributeError: 'NoneType'
    object has no attribute 'hostname'``, which the worker reports as "Unrecoverable error" and exits 1.
    Here the channel keeps the connection parameters it was opened with, and a restore that cannot reach
    Redis (it is away: that is why the connection was lost) leaves the messages where they are: in
    Redis's unacked index, from which any worker's channel puts them back on their queue after the
    visibility timeout (``broker_transport_options``), so no task is lost; it may run twice (ours are
    idempotent: a recompute, an export, an import batch that resumes).
    """
    import redis as redis_py
    from kombu.transport import redis as kombu_redis

    class SafeQoS(kombu_redis.QoS):
        def restore_unacked(self, client=None):
            try:
                return super().restore_unacked(client)
            except (redis_py.ConnectionError, redis_py.TimeoutError, OSError):
                logger.warning("The broker is away: %d unacknowledged message(s) stay in its unacked index and "
                               "return to their queue after the visibility timeout.", len(self._delivered))
                self._delivered.clear()

    class SafeChannel(kombu_redis.Channel):
        QoS = SafeQoS
        _opened_with: dict[bool, dict] | None = None

        def _connparams(self, asynchronous=False):
            if self.connection.client is None and self._opened_with and asynchronous in self._opened_with:
                return dict(self._opened_with[asynchronous])  # the connection was collected: its parameters
            params = super()._connparams(asynchronous=asynchronous)
            if self._opened_with is None:
                self._opened_with = {}
            self._opened_with[asynchronous] = dict(params)
            return params

    class SafeTransport(kombu_redis.Transport):
        Channel = SafeChannel

    return SafeTransport


RedisTransport = _redis_transport()


def use_safe_redis_transport() -> None:
    """``redis://`` broker URLs use :data:`RedisTransport` (kombu's alias table; called by config/celery_app.py)."""
    from kombu.transport import TRANSPORT_ALIASES

    TRANSPORT_ALIASES["redis"] = "config.broker:RedisTransport"
