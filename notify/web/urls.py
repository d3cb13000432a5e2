"""Notifications (included under /notify/ by config/urls.py)."""
from django.urls import path

from notify.web import views

app_name = "notify"
urlpatterns = [
    path("c/<slug:slug>/", views.channels, name="channels"),
    path("c/<slug:slug>/<int:pk>/", views.channel_edit, name="channel_edit"),
    path("c/<slug:slug>/<int:pk>/test/", views.channel_test, name="channel_test"),
    path("me/telegram/", views.my_telegram, name="my_telegram"),
]
