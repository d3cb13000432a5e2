"""Reads for the admin's notifications page, and who gets a member's own message."""
from __future__ import annotations

from django.db.models import QuerySet

from club.models import Club
from core.prepared import PreparedRead
from league.models import GameSeat
from notify.models import Channel, MemberTelegram, Outbox


def channels(club: Club) -> list[Channel]:
    return list(Channel.objects.filter(club=club).order_by("id"))


def recent_outbox(club: Club, limit: int = 50) -> list[Outbox]:
    return list(Outbox.objects.filter(channel__club=club).select_related("channel").order_by("-created_at", "-id")
                [:limit])


def active_channels(club_id: int) -> list[Channel]:
    """The club's active channels, in id order (one query)."""
    return _ACTIVE_CHANNELS.rows(club_id=club_id)


def channels_listening(club_id: int, event: str, *, active: list[Channel] | None = None) -> list[Channel]:
    """The club's active channels that chose ``event`` (one query, none where ``active`` gives them already; a
    channel's choice is a JSON list, read here)."""
    return [channel for channel in (active_channels(club_id) if active is None else active)
            if event in (channel.events or [])]


_ACTIVE_CHANNELS = PreparedRead("a club's active channels", Channel, lambda *, club_id: Channel.objects.filter(
    club_id=club_id, active=True).order_by("id"))  # every game's end asks


def linked_seated_member_ids(game_id: int) -> list[int]:
    """The seated members of the game whose own Telegram is linked through an active channel, in id order (every
    game's end asks: in SQL compiled once per process)."""
    return _LINKED_SEATED.rows(game_id=game_id)


_LINKED_SEATED = PreparedRead("a game's seated members with Telegram", MemberTelegram, lambda *, game_id: (
    MemberTelegram.objects.filter(member_id__in=GameSeat.objects.filter(game_id=game_id).values("member_id"),
                                  channel__active=True).exclude(chat_id="")
    .order_by("member_id").values_list("member_id", flat=True).distinct()))


def linked_member_ids(member_ids) -> list[int]:
    """Those of ``member_ids`` whose own Telegram is linked through an active channel (who would get a
    personal message), in the order given; ``member_ids`` may be a query of ids (a game's seats), read as a
    subquery of this one, the members then in id order."""
    if isinstance(member_ids, QuerySet):
        return list(MemberTelegram.objects.filter(member_id__in=member_ids, channel__active=True).exclude(chat_id="")
                    .order_by("member_id").values_list("member_id", flat=True).distinct())
    ids = list(member_ids)
    linked = set(MemberTelegram.objects.filter(member_id__in=ids, channel__active=True).exclude(chat_id="")
                 .values_list("member_id", flat=True))
    return [member_id for member_id in dict.fromkeys(ids) if member_id in linked]
