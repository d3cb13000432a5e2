from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from club.selectors import clubs_for_user


def home(request: HttpRequest) -> HttpResponse:
    """Landing page: the user's clubs and their seasons (or the public clubs)."""
    clubs = clubs_for_user(user=request.user).prefetch_related("seasons")
    return render(request, "home.html", {"clubs": clubs})
