"""What every event kind's part of a season file (``mahjong-club-season/1``, optional sections) shares.

``league.transfer.season_file`` writes and reads the club, members, rulesets, season, games and
penalties; it knows nothing of events. Each kind of event adds what it keeps about the same season as a
section of its own, in its package's ``transfer`` module, registered in :class:`events.apps.EventsConfig.ready`:

- ``nights`` (``events.nights.transfer``): the club nights counting for the season (their check-ins,
  rounds and tables);
- ``tournament`` (``events.tournaments.transfer``): the tournament the season belongs to (entrants, teams,
  rounds, tables with how each was entered, the cut and its finalists);
- ``casual`` (``events.casual.transfer``): the season keeps a club's casual games.

People are named by display name, tables by the exported game id, as in the rest of the file.
A file without these sections restores as before (a plain league season). The restore writes
the games through league (the season file), and only the events objects there.
"""
from __future__ import annotations

import datetime
from typing import Any

from django.utils.dateparse import parse_date, parse_datetime

from club.models import Member
from league.models import Game, Season
from league.transfer.season_file import RestoreError


class SectionError(RestoreError):
    """A section of the file that does not fit the season (the message says where; nothing is stored)."""


def iso(value) -> str | None:
    return value.isoformat() if value is not None else None


def parse_moment(value: Any, where: str) -> datetime.datetime | None:
    if value in (None, ""):
        return None
    parsed = parse_datetime(value) if isinstance(value, str) else None
    if parsed is None:
        raise SectionError(f"{where}: {value!r} is not a date and time.")
    return parsed


def parse_day(value: Any, where: str) -> datetime.date | None:
    if value in (None, ""):
        return None
    parsed = parse_date(value) if isinstance(value, str) else None
    if parsed is None:
        raise SectionError(f"{where}: {value!r} is not a date.")
    return parsed


def member_names(club_id: int) -> dict[int, str]:
    return dict(Member.objects.filter(club_id=club_id).values_list("pk", "display_name"))


def exported_member(members: dict[str, Member], name: Any, where: str) -> Member:
    if name not in members:
        raise SectionError(f"{where}: {name!r} is not among the exported members.")
    return members[name]


def linked_season(season: Season, name: Any, where: str) -> Season:
    """The 3-player season a night or tournament names, restored (``linked_seasons``) before the sections."""
    found = Season.objects.filter(club=season.club, name=name).first() if isinstance(name, str) else None
    if found is None or found.pk == season.pk:
        raise SectionError(f"{where}: the 3-player season {name!r} is not among the file's linked seasons.")
    return found


def exported_game(games: dict[Any, Game], game_id: Any, where: str) -> Game:
    if game_id not in games:
        raise SectionError(f"{where}: game {game_id!r} is not among the exported games.")
    return games[game_id]
