"""Standings pages (included at the site root by config/urls.py, namespace "standings")."""
from django.urls import path

from league.web.standings import views

app_name = "standings"
urlpatterns = [
    path("seasons/<int:season_id>/standings/", views.season_standings, name="season"),
    path("seasons/<int:season_id>/standings.<str:fmt>", views.standings_export, name="export"),
    path("seasons/<int:season_id>/players/<int:member_id>/", views.player_season, name="player"),
    path("seasons/<int:season_id>/players/<int:member_id>/h2h/", views.h2h_pick, name="h2h_pick"),
    path("seasons/<int:season_id>/h2h/<int:a>/<int:b>/", views.head_to_head, name="h2h"),
    path("seasons/<int:season_id>/awards/", views.awards, name="awards"),
]
