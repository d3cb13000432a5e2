"""Issue 29, item 3: collectstatic compresses each file once, ever (cached by its content's hash), and
writes the same bytes whitenoise would."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import brotli
import pytest
from whitenoise.compress import Compressor

from config import storage
from tests.waiting import wait_until

TEXT = ("const table = 'mahjong';\n" * 400).encode()


@pytest.fixture
def calls(monkeypatch):
    counted = {"br": 0, "gz": 0}
    real_br, real_gz = Compressor.compress_brotli, Compressor.compress_gzip

    def br(data):
        counted["br"] += 1
        return real_br(data)

    def gz(data):
        counted["gz"] += 1
        return real_gz(data)

    monkeypatch.setattr(Compressor, "compress_brotli", staticmethod(br))
    monkeypatch.setattr(Compressor, "compress_gzip", staticmethod(gz))
    return counted


def _write(path, data=TEXT):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return str(path)


def test_a_file_and_its_hashed_copy_are_compressed_once_and_never_again(tmp_path, calls):
    compressor = storage.CachedCompressor(cache=tmp_path / "cache", quiet=True)
    outputs = [compressor.compress(_write(tmp_path / "root" / name)) for name in ("a.js", "a.0123abcd.js")]
    again = storage.CachedCompressor(cache=tmp_path / "cache", quiet=True)  # the next collectstatic
    outputs.append(again.compress(_write(tmp_path / "root2" / "a.js")))
    assert calls == {"br": 1, "gz": 1}
    assert all(len(out) == 2 for out in outputs)


def test_the_outputs_are_whitenoises_bytes(tmp_path):
    cached = storage.CachedCompressor(cache=tmp_path / "cache", quiet=True)
    plain = Compressor(quiet=True)
    for compressor, root in ((cached, "x"), (cached, "y"), (plain, "z")):
        compressor.compress(_write(tmp_path / root / "a.js"))
    for suffix in (".br", ".gz"):
        assert len({(tmp_path / root / f"a.js{suffix}").read_bytes() for root in "xyz"}) == 1


def test_a_changed_file_is_compressed_again(tmp_path, calls):
    compressor = storage.CachedCompressor(cache=tmp_path / "cache", quiet=True)
    path = _write(tmp_path / "root" / "a.js")
    compressor.compress(path)
    _write(tmp_path / "root" / "a.js", TEXT + b"// changed\n")
    compressor.compress(path)
    assert calls == {"br": 2, "gz": 2}
    assert Compressor.compress_brotli(TEXT + b"// changed\n") == (tmp_path / "root" / "a.js.br").read_bytes()


def test_a_cache_path_that_is_a_file_compresses_as_before(tmp_path, calls):
    blocker = tmp_path / "cache"
    blocker.write_text("not a directory")
    compressor = storage.CachedCompressor(cache=blocker, quiet=True)
    assert len(compressor.compress(_write(tmp_path / "root" / "a.js"))) == 2
    assert calls == {"br": 1, "gz": 1}


def test_the_cache_sits_beside_the_static_root_unless_set(settings, monkeypatch, tmp_path):
    monkeypatch.delenv("DJANGO_STATIC_COMPRESS_CACHE", raising=False)
    settings.STATIC_ROOT = str(tmp_path / "staticfiles")
    assert storage.cache_dir() == tmp_path / ".static-compressed"
    monkeypatch.setenv("DJANGO_STATIC_COMPRESS_CACHE", str(tmp_path / "elsewhere"))
    assert storage.cache_dir() == tmp_path / "elsewhere"


def test_the_same_bytes_compressed_at_once_in_two_threads_are_compressed_once(tmp_path, calls):
    """whitenoise compresses a file and its hashed copy in parallel threads (and two collectstatics may run
    at once): the second waits for the first's output instead of compressing the same bytes again. The first
    compression holds on until the second has asked the cache, so without the lock both would compress."""
    second_asked = threading.Event()

    class Second(storage.CachedCompressor):
        def _cached(self, kind, data, compress):
            second_asked.set()
            return super()._cached(kind, data, compress)

    real_br = Compressor.compress_brotli

    def first_br(data):
        assert second_asked.wait(timeout=30), "the second compression never asked"
        return real_br(data)

    first = storage.CachedCompressor(cache=tmp_path / "cache", quiet=True)
    first.compress_brotli = lambda data: first._cached("br", data, first_br)
    with ThreadPoolExecutor(2) as pool:
        one = pool.submit(first.compress_brotli, TEXT)
        wait_until(lambda: list((tmp_path / "cache" / "br").glob("*.lock")), timeout=30)  # the first holds it
        two = pool.submit(Second(cache=tmp_path / "cache", quiet=True).compress_brotli, TEXT)
        outputs = {one.result(timeout=60), two.result(timeout=60)}
    assert calls["br"] == 1
    assert outputs == {brotli.compress(TEXT)}
