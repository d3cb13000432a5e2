"""Team league pages, added to the ``events`` namespace by events/web/urls.py (under /events/)."""
from django.urls import path

from events.web.teams import views

urlpatterns = [
    path("c/<slug:slug>/team-leagues/", views.league_list, name="team_league_list"),
    path("team-leagues/<int:pk>/", views.league_detail, name="team_league"),
    path("team-leagues/<int:pk>/schedule/", views.schedule, name="team_league_schedule"),
    path("team-leagues/<int:pk>/ranking/", views.ranking, name="team_league_ranking"),
    path("team-leagues/<int:pk>/board/", views.board, name="team_league_board"),
    path("team-leagues/<int:pk>/board/live/", views.board_live, name="team_league_board_live"),
    path("team-leagues/<int:pk>/standings.<str:fmt>", views.export, name="team_league_export"),
    path("team-leagues/stages/<int:pk>/", views.stage_action, name="team_league_stage"),
    path("team-leagues/<int:pk>/teams/", views.team_add, name="team_league_team_add"),
    path("team-leagues/teams/<int:pk>/", views.team_detail, name="team_league_team"),
    path("team-leagues/slots/<int:pk>/", views.slot_pick, name="team_league_slot"),
    path("team-leagues/days/<int:pk>/", views.day_action, name="team_league_day"),
    path("team-leagues/fixtures/<int:pk>/", views.fixture_action, name="team_league_fixture"),
]
