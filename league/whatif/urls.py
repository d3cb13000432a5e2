"""The what-if lab's pages (included at the site root by config/urls.py, namespace "whatif")."""
from django.urls import path

from league.whatif import views

app_name = "whatif"
urlpatterns = [
    path("seasons/<int:season_id>/whatif/", views.lab, name="lab"),
    path("whatif/<int:run_id>/", views.run_detail, name="run"),
]
