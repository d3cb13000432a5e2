"""The installable, offline-capable table screen (issue #16).

Four small views, all at the site root so that the service worker's scope is the whole site:

* ``/sw.js`` — the service worker (a template: its version and the files it caches come from here);
* ``/manifest.webmanifest`` — the web manifest (name, icons, start URL);
* ``/offline/scoring.zip`` — the pure ``scoring`` package zipped from the source tree at request time,
  for Pyodide in the browser (so the offline scores are the server's engine, never a stale copy);
* ``/offline/pages.json`` — the table screens the logged-in member sits at (in-progress games), which the
  service worker keeps cached so they open with no network.

Queued hands live in the browser (IndexedDB, ``static/league/offline.js``) and are posted to the REST API
(``POST /api/hands/`` with their position and an ``Idempotency-Key``) when the network comes back.
"""
from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.template.loader import get_template, render_to_string
from django.templatetags.static import PrefixNode, static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from core.memo import Memo
from league.models import Game

SCORING_DIR = Path(settings.BASE_DIR) / "scoring"
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
STATIC_FILES = (
    "css/app.css", "css/cjk.css", "vendor/htmx/htmx.min.js", "league/table.css", "league/table.js", "league/offline.js",
    "league/offline-engine.js", "league/offline.css", "league/offline-register.js", "league/icons/icon-192.png",
    "league/icons/icon-512.png",
)
"""What the service worker caches when it installs (anything else under /static/ is cached on first use)."""
ENGINE_FILES = tuple(f"vendor/pyodide/{name}" for name in PYODIDE_FILES)
"""The engine's runtime (13 MB): cached by the same version, with the scoring zip, when a table screen with the
entry form asks (``offline.js``: after the page is interactive, on a connection that is not metered or when the
host turns offline mode on), so that the other pages' visitors, and phones on mobile data, do not download it."""
SW_TEMPLATE = "league/offline/sw.js"


def _scoring_sources() -> list[Path]:
    """The files of the ``scoring`` package that the browser needs (Python sources and the schema)."""
    files = [p for p in SCORING_DIR.rglob("*") if p.is_file() and p.suffix in (".py", ".json")
             and "__pycache__" not in p.parts]
    return sorted(files)


_ZIPS = Memo("scoring zip", size=1)  # one signature: a changed source file is a new key


def scoring_zip() -> tuple[bytes, str]:
    """The ``scoring`` package as a zip (paths ``scoring/...``) and its digest, built from the source tree.

    The zip is deterministic (fixed timestamps), so its digest changes exactly when a source file does.
    It is rebuilt when a source file's size or time changes (kept per process otherwise).
    """
    sources = _scoring_sources()
    signature = tuple((str(p), p.stat().st_size, p.stat().st_mtime_ns) for p in sources)
    return _ZIPS.get(signature, lambda: _build_zip(sources))


def _build_zip(sources: list[Path]) -> tuple[bytes, str]:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sources:
            info = zipfile.ZipInfo(str(path.relative_to(SCORING_DIR.parent)).replace("\\", "/"),
                                   date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())
    data = buf.getvalue()
    return data, hashlib.sha256(data).hexdigest()[:16]


def _file_stamp(path: str | None) -> str:
    if not path:
        return "missing"
    stat = Path(path).stat()
    if stat.st_size > 1_000_000:  # the Pyodide runtime: its size and time (it changes with its version)
        return f"{stat.st_size}:{stat.st_mtime_ns}"
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def cache_version() -> str:
    """One digest of everything the service worker caches: a change to any of it is a new version.

    ``settings.OFFLINE_RELEASE`` (optional) forces a new version without a file change.
    """
    h = hashlib.sha256()
    h.update(str(getattr(settings, "OFFLINE_RELEASE", "")).encode())
    template = get_template(SW_TEMPLATE)
    h.update(Path(template.origin.name).read_bytes())
    for name in STATIC_FILES + ENGINE_FILES:
        h.update(name.encode() + _file_stamp(finders.find(name)).encode())
    h.update(scoring_zip()[1].encode())
    return h.hexdigest()[:12]


def _offline_texts() -> list[dict[str, str]]:
    """The worker's "no network" page in every language, the site's first (a worker has no page language)."""
    langs = [settings.LANGUAGE_CODE] + [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
    texts = []
    for lang in langs:
        with translation.override(lang):
            texts.append({"lang": lang, "title": _("No network"), "home": _("Club"), "body": _(
                "This page was not saved on this phone. The table screens of your games open without a network "
                "once you have opened the site online.")})
    return texts


@require_GET
@never_cache
def service_worker(request: HttpRequest) -> HttpResponse:
    """``/sw.js``: controls the whole site (``Service-Worker-Allowed: /``)."""
    context = {
        "version": cache_version(),
        # The engine (Pyodide and the scoring zip, 13.7 MB) is not precached: the table screen asks for it once it
        # works, where the device allows it (static/league/offline.js); a first visit stays small.
        "precache": json.dumps([static(name) for name in STATIC_FILES] + [reverse("offline:manifest")]),
        "pages_url": json.dumps(reverse("offline:pages")),
        "owner_header": json.dumps(OWNER_HEADER),
        "scoring_zip": json.dumps(reverse("offline:scoring_zip")),
        # The prefix itself, not ``static("")``: under the manifest storage (production) "" has no entry.
        "static_prefix": json.dumps(PrefixNode.handle_simple("STATIC_URL")),
        "offline_html": json.dumps(render_to_string("league/offline/offline_page.html", {"texts": _offline_texts()})),
    }
    response = HttpResponse(render_to_string(SW_TEMPLATE, context),
                            content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    """``/manifest.webmanifest``: what a phone needs to install the site as an app."""
    data = {
        "name": _("Riichi club league"),
        "short_name": _("Club league"),
        "lang": (request.LANGUAGE_CODE or settings.LANGUAGE_CODE),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1f5c3f",
        "icons": [
            {"src": static("league/icons/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": static("league/icons/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": static("league/icons/icon-512.png"), "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
        ],
    }
    return HttpResponse(json.dumps(data, ensure_ascii=False), content_type="application/manifest+json; charset=utf-8")


@require_GET
def scoring_zip_view(request: HttpRequest) -> HttpResponse:
    """``/offline/scoring.zip``: the engine for Pyodide, zipped from the source tree now (never a stale copy)."""
    data, digest = scoring_zip()
    etag = f'"{digest}"'
    if request.headers.get("If-None-Match") == etag:
        return HttpResponseNotModified()
    response = HttpResponse(data, content_type="application/zip")
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


def member_table_urls(user) -> list[str]:
    """The table screens of the in-progress games ``user`` sits at (none for an anonymous visitor)."""
    if not user.is_authenticated:
        return []
    games = (Game.objects.filter(status=Game.Status.IN_PROGRESS, seat_set__member__user=user)
             .order_by("-started_at", "-id").values_list("pk", flat=True).distinct())
    return [reverse("league:game_table", args=[pk]) for pk in games]


@require_GET
@never_cache
def pages(request: HttpRequest) -> JsonResponse:
    """``/offline/pages.json``: what the service worker keeps cached for this member."""
    from league.web.games.table_code import code_session

    urls = member_table_urls(request.user)
    found = code_session(request)  # a phone with a table code keeps its one table screen, as a host's does
    if found is not None and Game.objects.filter(pk=found.game_id, table_code=found.code,
                                                 status=Game.Status.IN_PROGRESS).exists():
        urls.append(reverse("league:game_table", args=[found.game_id]))
    return JsonResponse({"pages": urls, "user": page_owner(request)})


OWNER_HEADER = "X-Club-For"


def page_owner(request: HttpRequest) -> str:
    """Whose table screens these are, as ``pages.json`` and the table screen's ``X-Club-For`` header say: the
    service worker keeps a page it fetched under a minute ago for the same visitor instead of fetching it again
    (the page's own navigation on a first visit included: 63 KB not fetched twice on mobile data)."""
    from league.web.games.table_code import code_session

    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    found = code_session(request)
    return f"code:{found.game_id if found else ''}"
