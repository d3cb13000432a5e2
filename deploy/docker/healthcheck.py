"""The image's HEALTHCHECK: a web process (gunicorn, or the venue mode's runserver) must answer
``/healthz/`` with 200; a worker, beat or a one-off command has no port and is healthy while it runs."""
from __future__ import annotations

import os
import sys
import urllib.request


def main() -> int:
    try:
        with open("/proc/1/cmdline", "rb") as f:
            cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        cmdline = ""
    if "gunicorn" not in cmdline and "runserver" not in cmdline:
        return 0
    bind = os.environ.get("GUNICORN_BIND", "") if "gunicorn" in cmdline else ""
    port = bind.split(",")[0].rpartition(":")[2] if bind else os.environ.get("PORT", "8000")
    hosts = [h.strip().lstrip(".") for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(",")]
    host = next((h for h in hosts if h and h != "*"), "localhost")
    request = urllib.request.Request(f"http://127.0.0.1:{port}/healthz/", headers={"Host": host})
    try:
        with urllib.request.urlopen(request, timeout=4) as response:
            return 0 if response.status == 200 else 1
    except Exception as exc:  # any failure is "unhealthy"
        print(exc, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
