"""A season's files (namespace "league", see league/web/urls.py)."""
from django.urls import path

from league.web.transfer import views

urlpatterns = [
    path("seasons/<int:season_id>/files/", views.season_files, name="season_files"),
    path("files/<int:export_id>/download/", views.export_download, name="export_download"),
]
