from django.urls import path

from club.web.views import home

urlpatterns = [
    path("", home.home, name="home"),
]
