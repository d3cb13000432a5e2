"""Tournament pages, added to the ``events`` namespace by events/web/urls.py (under /events/)."""
from django.urls import path

from events.web.tournaments import report, views

urlpatterns = [
    path("c/<slug:slug>/tournaments/", views.tournament_list, name="tournament_list"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament_detail"),
    path("tournaments/<int:pk>/register/", views.register, name="tournament_register"),
    path("tournaments/<int:pk>/entrants/", views.entrant_add, name="tournament_entrant_add"),
    path("tournaments/<int:pk>/hosts/", views.tournament_hosts, name="tournament_hosts"),
    path("tournaments/<int:pk>/entrants/paste/", views.entrants_paste, name="tournament_entrants_paste"),
    path("tournaments/entrants/<int:pk>/", views.entrant_action, name="tournament_entrant"),
    path("tournaments/<int:pk>/check-in-all/", views.check_in_all, name="tournament_check_in_all"),
    path("tournaments/<int:pk>/rounds/", views.round_seat, name="tournament_round_seat"),
    path("tournaments/<int:pk>/penalties/", views.penalty, name="tournament_penalty"),
    path("tournaments/<int:pk>/finish/", views.finish, name="tournament_finish"),
    path("tournaments/<int:pk>/public/", views.publish, name="tournament_publish"),
    path("tournaments/<int:pk>/results/", views.results, name="tournament_results"),
    path("tournaments/<int:pk>/report/", report.report, name="tournament_report"),
    path("tournaments/<int:pk>/report.pdf", report.report_pdf, name="tournament_report_pdf"),
    path("tournaments/<int:pk>/report.png", report.report_png, name="tournament_report_png"),
    path("tournaments/<int:pk>/results.<str:fmt>", views.export, name="tournament_export"),
    path("tournaments/<int:pk>/board/", views.board, name="tournament_board"),
    path("tournaments/<int:pk>/board/live/", views.board_live, name="tournament_board_live"),
    path("tournaments/tables/<int:pk>/", views.table_action, name="tournament_table_action"),
    path("tournaments/tables/<int:pk>/scores/", views.table_scores, name="tournament_table_scores"),
]
