"""``/healthz/``: for the proxy, systemd, the image's healthcheck and the smoke test — the process answers and the
database is reachable. The body names the release (``ok 0.5.0``; ``config/version.py``)."""
from __future__ import annotations

from http import HTTPStatus

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.version import VERSION


@never_cache
@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:  # any database failure means "not healthy"
        return HttpResponse("database unavailable\n", status=HTTPStatus.SERVICE_UNAVAILABLE, content_type="text/plain")
    return HttpResponse(f"ok {VERSION}\n", content_type="text/plain", headers={"X-Clubleague-Version": VERSION})
