"""The table host's and the referee's screens under one namespace, "league" (included at the
site root by config/urls.py): each domain lists its own URLs."""
from league.web.games.seat_correction_urls import urlpatterns as seat_correction_urls
from league.web.games.urls import urlpatterns as games_urls
from league.web.referee.urls import urlpatterns as referee_urls
from league.web.transfer.urls import urlpatterns as transfer_urls

app_name = "league"
urlpatterns = games_urls + referee_urls + seat_correction_urls + transfer_urls
