"""Table-host and referee screens (included at the site root by config/urls.py)."""
from django.urls import path

from league.views import games, hands, home, referee

app_name = "league"
urlpatterns = [
    path("", home.home, name="home"),
    path("c/<slug:slug>/games/", games.game_list, name="game_list"),
    path("c/<slug:slug>/games/new/", games.game_start, name="game_start"),
    path("c/<slug:slug>/seasons/<int:season_id>/penalties/", referee.season_penalties, name="season_penalties"),
    path("c/<slug:slug>/members/<int:member_id>/penalties/", referee.member_penalties, name="member_penalties"),
    path("c/<slug:slug>/audit/", referee.audit_log, name="audit_log"),
    path("games/<int:pk>/", games.game_detail, name="game_detail"),
    path("games/<int:pk>/table/", hands.game_table, name="game_table"),
    path("games/<int:pk>/hands/", hands.hand_create, name="hand_create"),
    path("games/<int:pk>/hands/preview/", hands.hand_preview, name="hand_preview"),
    path("games/<int:pk>/hands/full/", hands.hand_full, name="hand_full"),
    path("games/<int:pk>/hands/undo/", hands.hand_undo, name="hand_undo"),
    path("games/<int:pk>/hands/<int:position>/edit/", hands.hand_edit, name="hand_edit"),
    path("games/<int:pk>/hands/<int:position>/delete/", hands.hand_delete, name="hand_delete"),
    path("games/<int:pk>/stop/", hands.game_stop, name="game_stop"),
    path("games/<int:pk>/cancel/", games.game_cancel, name="game_cancel"),
    path("games/<int:pk>/penalties/", referee.game_penalties, name="game_penalties"),
    path("penalties/<int:pk>/cancel/", referee.penalty_cancel, name="penalty_cancel"),
]
