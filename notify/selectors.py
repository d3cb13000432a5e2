"""Reads for the admin's notifications page."""
from __future__ import annotations

from club.models import Club
from notify.models import Channel, Outbox


def channels(club: Club) -> list[Channel]:
    return list(Channel.objects.filter(club=club).order_by("id"))


def recent_outbox(club: Club, limit: int = 50) -> list[Outbox]:
    return list(Outbox.objects.filter(channel__club=club).select_related("channel").order_by("-created_at", "-id")
                [:limit])
