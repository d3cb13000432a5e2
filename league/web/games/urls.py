"""The table host's screens: the league home, games and their hands (namespace "league", see league/web/urls.py)."""
from django.urls import path

from league.web.games import table_code
from league.web.games.views import games, hands, home

urlpatterns = [
    path("", home.home, name="home"),
    path("c/<slug:slug>/games/", games.game_list, name="game_list"),
    path("c/<slug:slug>/games/new/", games.game_start, name="game_start"),
    path("c/<slug:slug>/games/new/members/", games.game_start_members, name="game_start_members"),
    path("games/<int:pk>/", games.game_detail, name="game_detail"),
    path("games/<int:pk>/table/", hands.game_table, name="game_table"),
    path("games/<int:pk>/needs/", hands.game_needs, name="game_needs"),
    path("games/<int:pk>/hands/", hands.hand_create, name="hand_create"),
    path("games/<int:pk>/hands/preview/", hands.hand_preview, name="hand_preview"),
    path("games/<int:pk>/hands/full/", hands.hand_full, name="hand_full"),
    path("games/<int:pk>/hands/undo/", hands.hand_undo, name="hand_undo"),
    path("games/<int:pk>/hands/<int:position>/edit/", hands.hand_edit, name="hand_edit"),
    path("games/<int:pk>/hands/<int:position>/delete/", hands.hand_delete, name="hand_delete"),
    path("games/<int:pk>/stop/", hands.game_stop, name="game_stop"),
    path("games/<int:pk>/end/", hands.game_end_time, name="game_end_time"),
    path("games/<int:pk>/table-code/renew/", table_code.table_code_renew, name="table_code_renew"),
    path("games/<int:pk>/cancel/", games.game_cancel, name="game_cancel"),
]
