"""A club admin's seasons and rulesets (included at the site root)."""
from django.urls import path

from league.web.seasons import views

app_name = "seasons"
urlpatterns = [
    path("c/<slug:slug>/seasons/", views.season_list, name="season_list"),
    path("c/<slug:slug>/seasons/new/", views.season_new, name="season_new"),
    path("c/<slug:slug>/seasons/<int:season_id>/close/", views.season_close_view, name="season_close"),
    path("c/<slug:slug>/rulesets/", views.ruleset_list, name="ruleset_list"),
    path("c/<slug:slug>/rulesets/new/", views.ruleset_new, name="ruleset_new"),
    path("c/<slug:slug>/rulesets/compare/", views.ruleset_compare, name="ruleset_compare"),
]
