from django.urls import path

from federation.web import views

app_name = "federation"

urlpatterns = [
    path("", views.federation_list, name="list"),
    path("tournament/<int:pk>/<str:kind>", views.club_tournament_file, name="club_tournament_file"),
    path("<slug:slug>/", views.ranking, name="ranking"),
    path("<slug:slug>/ranking.csv", views.ranking_csv, name="ranking_csv"),
    path("<slug:slug>/ranking.xlsx", views.ranking_xlsx, name="ranking_xlsx"),
    path("<slug:slug>/person/<int:person_id>/", views.person, name="person"),
    path("<slug:slug>/tournaments/", views.tournaments, name="tournaments"),
    path("<slug:slug>/tournaments/<int:pk>/", views.tournament, name="tournament"),
    path("<slug:slug>/tournaments/<int:pk>/<str:kind>", views.tournament_file, name="tournament_file"),
    path("<slug:slug>/import/", views.import_tournament, name="import"),
    path("<slug:slug>/manage/", views.manage, name="manage"),
    path("<slug:slug>/share/<slug:club_slug>/", views.share, name="share"),
]
