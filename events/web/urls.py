"""The events pages (included under /events/ by config/urls.py), one namespace: each kind of event
keeps its own ``urls.py``; the club's unfinished games page is shared by them all."""
from django.urls import path

from events.web import open_views, visitors
from events.web.casual.urls import urlpatterns as casual_urls
from events.web.nights.urls import urlpatterns as night_urls
from events.web.teams.urls import urlpatterns as team_league_urls
from events.web.tournaments.urls import urlpatterns as tournament_urls

app_name = "events"
urlpatterns = [
    *night_urls,
    path("c/<slug:slug>/open-games/", open_views.open_games_page, name="open_games"),
    *tournament_urls,
    *casual_urls,
    path("c/<slug:slug>/visitors/", visitors.visitor_desk, name="visitor_desk"),
    path("c/<slug:slug>/visitors/admit/", visitors.visitor_admit, name="visitor_admit"),
    path("card/<str:token>/", visitors.visit_card, name="visit_card"),
    *team_league_urls,
]
