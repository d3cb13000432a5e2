from django.urls import path

from club.views import home

urlpatterns = [
    path("", home.home, name="home"),
]
