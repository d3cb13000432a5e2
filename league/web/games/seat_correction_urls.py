"""The referee's seat corrections of a game (namespace "league", see league/web/urls.py)."""
from django.urls import path

from league.web.games.views import seat_corrections

urlpatterns = [
    path("games/<int:pk>/seats/", seat_corrections.game_seats, name="game_seats"),
]
