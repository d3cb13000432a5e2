"""The table host's and the referee's screens under one namespace, "league" (included at the
site root by config/urls.py): each domain lists its own URLs."""
from league.games.seat_correction_urls import urlpatterns as seat_correction_urls
from league.games.urls import urlpatterns as games_urls
from league.referee.urls import urlpatterns as referee_urls
from league.transfer.urls import urlpatterns as transfer_urls

app_name = "league"
urlpatterns = games_urls + referee_urls + seat_correction_urls + transfer_urls
