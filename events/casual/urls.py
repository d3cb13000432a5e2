from django.urls import path

from events.casual import views

urlpatterns = [path("c/<slug:slug>/casual/", views.casual_list, name="casual_list")]
