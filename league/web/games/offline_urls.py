"""The installable app's files at the site root (``league.web.games.offline``); included by config/urls.py."""
from django.urls import path

from league.web.games import offline

app_name = "offline"
urlpatterns = [
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("offline/scoring.zip", offline.scoring_zip_view, name="scoring_zip"),
    path("offline/pages.json", offline.pages, name="pages"),
]
