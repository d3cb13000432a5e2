"""Swagger UI at /api/docs/ served from the pinned drf-spectacular-sidecar package.

No CDN at run time and no dependence on INSTALLED_APPS or DEBUG: the assets are read
from the sidecar package directory by a small view with a fixed allow-list of names.
"""
from __future__ import annotations

import mimetypes
from pathlib import Path

import drf_spectacular_sidecar
from django.http import FileResponse, Http404
from django.urls import reverse
from django.views.decorators.cache import cache_control
from drf_spectacular.views import SpectacularSwaggerView

_DIST = Path(drf_spectacular_sidecar.__file__).parent / "static" / "drf_spectacular_sidecar" / "swagger-ui-dist"
ASSETS = frozenset(
    {
        "swagger-ui.css",
        "swagger-ui-bundle.js",
        "swagger-ui-standalone-preset.js",
        "favicon-32x32.png",
    }
)


def _asset_url(name: str) -> str:
    return reverse("api:docs-asset", kwargs={"name": name})


class SwaggerDocsView(SpectacularSwaggerView):
    url_name = "api:schema"

    @staticmethod
    def _swagger_ui_resource(filename):
        return _asset_url(filename)

    @staticmethod
    def _swagger_ui_favicon():
        return _asset_url("favicon-32x32.png")


@cache_control(max_age=86400, public=True)
def docs_asset(request, name: str):
    if name not in ASSETS:
        raise Http404("No such asset.")
    path = _DIST / name
    content_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
    return FileResponse(path.open("rb"), content_type=content_type)
