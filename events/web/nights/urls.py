"""Club-night pages, added to the ``events`` namespace by events/web/urls.py (under /events/)."""
from django.urls import path

from events.web.nights import myseat, views

urlpatterns = [
    path("c/<slug:slug>/nights/", views.night_list, name="night_list"),
    path("nights/<int:pk>/", views.night_detail, name="night_detail"),
    path("nights/<int:pk>/check-in/", views.night_checkin, name="night_checkin"),
    path("nights/<int:pk>/desk/check-in/", views.desk_checkin, name="desk_checkin"),
    path("nights/<int:pk>/hosts/", views.night_hosts, name="night_hosts"),
    path("nights/<int:pk>/desk/walk-ins/", views.desk_walk_ins, name="desk_walk_ins"),
    path("nights/<int:pk>/desk/check-in-all/", views.desk_check_in_all, name="desk_check_in_all"),
    path("nights/<int:pk>/desk/leave/", views.desk_leave, name="desk_leave"),
    path("nights/<int:pk>/rounds/", views.round_seat, name="round_seat"),
    path("nights/<int:pk>/rounds/add-table/", views.round_add_table, name="round_add_table"),
    path("nights/<int:pk>/close/", views.night_close, name="night_close"),
    path("nights/<int:pk>/close/ask/", views.night_close_ask, name="night_close_ask"),
    path("nights/<int:pk>/me/live/", myseat.my_seat_live, name="my_seat_live"),
    path("nights/<int:pk>/board/", views.board, name="board"),
    path("nights/<int:pk>/board/live/", views.board_live, name="board_live"),
    path("tables/<int:pk>/", views.table_manage, name="table_manage"),
    path("tables/<int:pk>/next-game/", views.table_next_game, name="table_next_game"),
    path("games/<int:pk>/live/", views.game_live, name="game_live"),
]
