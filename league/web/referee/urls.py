"""The referee's screens: penalties and the audit log (namespace "league", see league/web/urls.py)."""
from django.urls import path

from league.web.referee import calls_views
from league.web.referee import views as referee

urlpatterns = [
    path("c/<slug:slug>/seasons/<int:season_id>/penalties/", referee.season_penalties, name="season_penalties"),
    path("c/<slug:slug>/members/<int:member_id>/penalties/", referee.member_penalties, name="member_penalties"),
    path("c/<slug:slug>/audit/", referee.audit_log, name="audit_log"),
    path("games/<int:pk>/penalties/", referee.game_penalties, name="game_penalties"),
    path("games/<int:pk>/referee-end/", referee.game_end, name="game_end_referee"),
    path("games/<int:pk>/reopen/", referee.game_reopen, name="game_reopen"),
    path("penalties/<int:pk>/cancel/", referee.penalty_cancel, name="penalty_cancel"),
    path("games/<int:pk>/referee-call/", calls_views.referee_call, name="referee_call"),
    path("games/<int:pk>/referee-call/live/", calls_views.referee_call_live, name="referee_call_live"),
    path("c/<slug:slug>/referee/calls/", calls_views.referee_calls, name="referee_calls"),
    path("referee-calls/<int:pk>/acknowledge/", calls_views.referee_call_acknowledge,
         name="referee_call_acknowledge"),
]
