"""A request served as a WSGI server serves it: the response first, its ``close()`` (where the jobs deferred until
after the response run, ``core.middleware.AfterResponseMiddleware``) only when the caller says."""
from __future__ import annotations

from io import BytesIO
from urllib.parse import urlencode

from django.core.handlers.wsgi import WSGIHandler
from django.test import Client
from django.urls import reverse


def post_as_a_server(client: Client, path: str, data: dict):
    """POST ``data`` through the real WSGI handler with the client's cookies (its CSRF cookie from the table screen of
    the game ``data["_game"]``); returns the response, not closed yet, and its status line."""
    client.get(reverse("league:game_table", args=[data.pop("_game")]))  # the CSRF cookie
    csrf = client.cookies["csrftoken"].value
    body = urlencode({**data, "csrfmiddlewaretoken": csrf}).encode()
    environ = {
        "REQUEST_METHOD": "POST", "PATH_INFO": path, "SERVER_NAME": "testserver", "SERVER_PORT": "80",
        "wsgi.url_scheme": "http", "wsgi.input": BytesIO(body), "CONTENT_LENGTH": str(len(body)),
        "CONTENT_TYPE": "application/x-www-form-urlencoded",
        "HTTP_COOKIE": "; ".join(f"{k}={v.value}" for k, v in client.cookies.items()),
        "wsgi.errors": BytesIO(), "wsgi.version": (1, 0), "wsgi.multithread": True, "wsgi.multiprocess": False,
        "wsgi.run_once": False,
    }
    status = []
    response = WSGIHandler()(environ, lambda s, headers, exc_info=None: status.append(s))
    return response, status[0]
