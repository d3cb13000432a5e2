"""The container image: its size and its cold start (``docker run`` to the first 200 from ``/healthz/``).

Prints the image's size as Docker stores it and compressed (``docker save IMAGE | gzip``: what a
registry stores and a pull downloads), then the venue mode's cold start, ``--runs`` times each:

* first start: an empty volume (every migration, the secret key made);
* start: the volume of an earlier start (a restart at the venue: migrations checked, nothing to do);
* web: the production role (gunicorn, ``config.settings.production``) on that SQLite file, no migrate.

Targets (issue 39): ≤ 250 MB compressed, ≤ 10 s.

    .venv/bin/python bench/image.py [--image clubleague:ci] [--runs 3] [--port 58009]
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request

MB = 1_000_000


def _run(*cmd: str) -> str:
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.strip()


def compressed_size(image: str) -> int:
    """``docker save IMAGE | gzip | wc -c`` (gzip's default level, as ``docker save | gzip`` makes it)."""
    out = subprocess.run(["bash", "-c", 'set -o pipefail; docker save "$1" | gzip | wc -c', "bash", image],
                         check=True, capture_output=True, text=True)
    return int(out.stdout.strip())


def cold_start(image: str, volume: str, port: int, *args: str, env: tuple[str, ...] = ()) -> float:
    """Seconds from ``docker run`` to the first 200 from /healthz/."""
    name = f"clubleague-bench-{port}"
    subprocess.run(["docker", "rm", "-f", name], capture_output=True)
    envs = [x for e in (f"PORT={port}", f"GUNICORN_BIND=127.0.0.1:{port}", *env) for x in ("-e", e)]
    start = time.perf_counter()
    _run("docker", "run", "-d", "--name", name, "--network", "host", *envs, "-v", f"{volume}:/data", image, *args)
    try:
        request = urllib.request.Request(f"http://127.0.0.1:{port}/healthz/", headers={"Host": "localhost"})
        while time.perf_counter() - start < 120:
            try:
                with urllib.request.urlopen(request, timeout=2) as response:
                    if response.status == 200:
                        return time.perf_counter() - start
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.05)
        raise SystemExit(f"no 200 from /healthz/ in 120 s:\n{_run('docker', 'logs', name)}")
    finally:
        subprocess.run(["docker", "rm", "-f", name], capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--image", default="clubleague:ci")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--port", type=int, default=58009)
    args = parser.parse_args()

    raw = int(_run("docker", "image", "inspect", "-f", "{{.Size}}", args.image))
    packed = compressed_size(args.image)
    print(f"image {args.image}: {raw / MB:.0f} MB, compressed {packed / MB:.0f} MB (target ≤ 250 MB)", flush=True)

    volume = "clubleague-bench-image"
    production = ("DJANGO_SETTINGS_MODULE=config.settings.production", "DJANGO_SECRET_KEY=bench-" + "x" * 40,
                  "DJANGO_ALLOWED_HOSTS=localhost", "DATABASE_URL=sqlite:////data/db.sqlite3")
    figures: dict[str, list[float]] = {"venue, first start (empty volume)": [], "venue, start": [],
                                       "web (gunicorn, production settings)": []}
    for _ in range(args.runs):
        subprocess.run(["docker", "volume", "rm", "-f", volume], capture_output=True)
        figures["venue, first start (empty volume)"].append(cold_start(args.image, volume, args.port))
        figures["venue, start"].append(cold_start(args.image, volume, args.port))
        figures["web (gunicorn, production settings)"].append(
            cold_start(args.image, volume, args.port, "web", env=production))
    subprocess.run(["docker", "volume", "rm", "-f", volume], capture_output=True)
    for what, seconds in figures.items():
        print(f"cold start to the first 200 from /healthz/, {what}: median {statistics.median(seconds):.1f} s "
              f"(runs: {', '.join(f'{s:.1f}' for s in seconds)}; target ≤ 10 s)")


if __name__ == "__main__":
    sys.exit(main())
