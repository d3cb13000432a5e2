"""Static files: whitenoise's hashed + compressed storage, each file compressed once (issue 29, item 3).

``collectstatic`` runs on every deploy and every ``make serve`` start, and whitenoise compresses every
file again each time (Brotli at its best quality, then gzip), the unhashed and the hashed copy alike:
~144 s of CPU, nearly all of it the vendored offline engine (``static/vendor/pyodide``, 13 MB). Here
each compressed output is kept in a cache directory under the SHA-256 of what was compressed, so a
file is compressed once, ever — its hashed copy and every later run read it back (a changed file has
another hash: nothing stale is served). The outputs are the same bytes whitenoise would write.

Two compressions of the same bytes at once wait for each other (a lock file per output): whitenoise
compresses a file and its hashed copy in parallel threads, and two processes (a deploy's and a test's, or
``make serve`` and the production stack's test in one ``make test``) may run ``collectstatic`` together —
each would otherwise compress the offline engine again (~26 s of CPU for its 9.6 MB ``.wasm`` alone).

The cache lives in ``DJANGO_STATIC_COMPRESS_CACHE`` (default: ``.static-compressed`` beside
``STATIC_ROOT``); when it cannot be written, files are compressed as before.
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from pathlib import Path

from django.conf import settings
from whitenoise.compress import Compressor
from whitenoise.storage import CompressedManifestStaticFilesStorage

from core.memo import Memo

try:
    import fcntl
except ImportError:  # not POSIX: no lock, each compresses on its own (as whitenoise does)
    fcntl = None


def cache_dir() -> Path:
    configured = os.environ.get("DJANGO_STATIC_COMPRESS_CACHE") or getattr(settings, "STATIC_COMPRESS_CACHE", None)
    if configured:
        return Path(configured)
    return Path(settings.STATIC_ROOT).resolve().parent / ".static-compressed"


class CachedCompressor(Compressor):
    """whitenoise's compressor, remembering each output by the SHA-256 of its input."""

    def __init__(self, *args, cache: Path, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.cache = cache

    def _cached(self, kind: str, data: bytes, compress) -> bytes:
        path = self.cache / kind / hashlib.sha256(data).hexdigest()
        with contextlib.suppress(OSError):
            return path.read_bytes()
        with self._only_one(path):
            with contextlib.suppress(OSError):
                return path.read_bytes()  # compressed by whoever held the lock before us
            out = compress(data)
            try:
                # Written whole, then renamed: a run stopped half-way never leaves a short output behind.
                with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as tmp:
                    tmp.write(out)
                os.replace(tmp.name, path)
            except OSError:
                pass  # a read-only cache: compressed as before, every run
            return out

    @staticmethod
    @contextlib.contextmanager
    def _only_one(path: Path):
        """Holds ``path``'s lock file (another thread's or process's compression of the same bytes waits)."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            lock = open(path.with_name(path.name + ".lock"), "ab")  # noqa: SIM115 (held across the yield)
        except OSError:
            yield  # no cache to write: nothing to share, nothing to wait for
            return
        with lock:
            if fcntl is not None:
                fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
            yield

    def compress_brotli(self, data: bytes) -> bytes:
        return self._cached("br", data, Compressor.compress_brotli)

    def compress_gzip(self, data: bytes) -> bytes:
        return self._cached("gz", data, Compressor.compress_gzip)


_URLS = Memo("static urls", size=1024)  # ~100 names are ever asked, a few manifests (tests) over a process


class CachedCompressedManifestStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """...and each file's URL worked out once per process (issue 41: the table screen asks for ~15 a GET).

    A URL is a function of the manifest (its hash: ``collectstatic`` writes a new one), where it is, the
    name, ``force``, ``DEBUG`` and ``STATIC_URL``: all in the key (``core.memo``, rule 1).
    """

    def url(self, name, force=False):
        key = (self.location, self.manifest_hash, name, force, settings.DEBUG, settings.STATIC_URL)
        return _URLS.get(key, lambda: super(CachedCompressedManifestStaticFilesStorage, self).url(name, force))

    def create_compressor(self, **kwargs) -> Compressor:
        return CachedCompressor(cache=cache_dir(), **kwargs)
