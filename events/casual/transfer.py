"""The ``casual`` section of a season file: the season keeps a club's casual games (``events.season_sections``)."""
from __future__ import annotations

from typing import Any

from events.casual.models import CasualSeason
from events.season_sections import SectionError
from league.models import Season


def export_casual(season: Season, person) -> dict[str, Any] | None:
    return {} if CasualSeason.objects.filter(season=season).exists() else None


def restore_casual(value: Any, *, season: Season, members, games, user) -> None:
    if CasualSeason.objects.filter(club=season.club, ruleset=season.ruleset).exists():
        raise SectionError("casual: the club keeps its casual games under this ruleset in another season already.")
    CasualSeason.objects.create(club=season.club, ruleset=season.ruleset, season=season)
