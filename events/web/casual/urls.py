from django.urls import path

from events.web.casual import views

urlpatterns = [path("c/<slug:slug>/casual/", views.casual_list, name="casual_list")]
