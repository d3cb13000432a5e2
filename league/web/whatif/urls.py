"""The what-if lab's pages (included at the site root by config/urls.py, namespace "whatif")."""
from django.urls import path

from league.web.whatif import season_views, views

app_name = "whatif"
urlpatterns = [
    path("seasons/<int:season_id>/whatif/", views.lab, name="lab"),
    path("whatif/<int:run_id>/", views.run_detail, name="run"),
    # A season's settings: with the lab, since a ruleset change after the first game is previewed as a what-if.
    path("c/<slug:slug>/seasons/<int:season_id>/edit/", season_views.season_edit, name="season_edit"),
    path("c/<slug:slug>/seasons/<int:season_id>/edit/preview/<str:digest>/", season_views.season_preview,
         name="season_preview"),
]
