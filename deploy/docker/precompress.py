"""Fill the static files' compression cache (``config/storage.py``) from ``static/`` alone.

An image build stage of its own (the Dockerfile's ``static-cache``): it depends only on ``static/``,
this script and the pinned requirements, so a change of code or templates reuses its layer, and
``collectstatic`` finds every gzip/Brotli output already made (by the SHA-256 of the content) instead of
spending a minute and more of CPU on the vendored offline engine again.

    python precompress.py STATIC_DIR CACHE_DIR
"""
from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from whitenoise.compress import Compressor


def _compress(args: tuple[str, str]) -> None:
    import hashlib

    path, cache = Path(args[0]), Path(args[1])
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    for kind, compress in (("br", Compressor.compress_brotli), ("gz", Compressor.compress_gzip)):
        out = cache / kind / digest
        if not out.exists():
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(compress(data))


def main(static: str, cache: str) -> None:
    skip = Compressor(quiet=True)
    files = [str(p) for p in Path(static).rglob("*") if p.is_file() and skip.should_compress(p.name)]
    with ProcessPoolExecutor() as pool:
        list(pool.map(_compress, [(f, cache) for f in files]))
    print(f"precompressed {len(files)} files into {cache}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
