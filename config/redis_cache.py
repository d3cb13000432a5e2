"""Django's Redis cache with one ``redis.Redis`` client per server, kept for the process.

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` around the kept connection pool for every
cache call; building one fills its table of ~170 response callbacks, about a fifth of a millisecond of CPU each
time, and every table request asks the cache at least once (the session). A client holds no connection of its
own (it takes one from the pool for each command and gives it back) and is safe to share between threads, so one
per pool serves them all. Everything else is Django's.
"""
from __future__ import annotations

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class SharedClientRedisCacheClient(RedisCacheClient):
    def __init__(self, servers, **options) -> None:
        super().__init__(servers, **options)
        self._clients: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:  # the pool of that same server (Django's own picks a reading server again, at random)
            if index not in self._pools:
                self._pools[index] = self._pool_class.from_url(self._servers[index], **self._pool_options)
            client = self._clients[index] = self._client(connection_pool=self._pools[index])
        return client


class RedisCache(DjangoRedisCache):
    """``django.core.cache.backends.redis.RedisCache`` with :class:`SharedClientRedisCacheClient`."""

    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient
