"""Federation reads: what a page shows, only ever from the federation's own tables (the results and ranking rows
it stored from what clubs shared), in a fixed number of queries whatever its size."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count

from federation.files import ImportedTournament, ResultLine
from federation.models import (
    Federation,
    FederationClub,
    FederationResult,
    FederationSeason,
    FederationTournament,
    RankingRow,
)

PAGE_SIZE = 100


def federations() -> list[Federation]:
    return list(Federation.objects.annotate(n_clubs=Count("memberships")).order_by("name"))


def member_clubs(*, federation: Federation) -> list[FederationClub]:
    return list(federation.memberships.select_related("club").order_by("club__name"))


def seasons(*, federation: Federation) -> list[FederationSeason]:
    return list(federation.seasons.all())


def current_season(*, federation: Federation) -> FederationSeason | None:
    return federation.seasons.first()


@dataclass(frozen=True)
class RankingLine:
    rank: int
    person_id: int
    name: str
    value: Decimal
    detail: dict


def ranking_count(*, season: FederationSeason) -> int:
    return RankingRow.objects.filter(season=season, listed=True).count()


def ranking_page(*, season: FederationSeason, page: int = 1, size: int = PAGE_SIZE) -> list[RankingLine]:
    """One page of the listed persons, best first; equal values share a rank (the rank of the first of them)."""
    offset = (max(page, 1) - 1) * size
    rows = list(RankingRow.objects.filter(season=season, listed=True).order_by("-value", "name", "person_id")
                .values_list("person_id", "name", "value", "detail")[offset:offset + size])
    lines: list[RankingLine] = []
    for i, (pid, name, value, detail) in enumerate(rows):
        if lines and lines[-1].value == value:
            rank = lines[-1].rank
        elif i == 0 and offset:
            rank = RankingRow.objects.filter(season=season, listed=True, value__gt=value).count() + 1
        else:
            rank = offset + i + 1
        lines.append(RankingLine(rank, pid, name, value, detail or {}))
    return lines


def ranking_all(*, season: FederationSeason) -> list[RankingLine]:
    return ranking_page(season=season, page=1, size=10 ** 7)


def tournaments(*, federation: Federation) -> list[FederationTournament]:
    return list(federation.tournaments.order_by("-ends_on", "-id"))


def tournament_results(*, record: FederationTournament) -> list[FederationResult]:
    return list(record.results.order_by("place", "id"))


def person_results(*, federation: Federation, person_id: int) -> list[FederationResult]:
    return list(FederationResult.objects.filter(tournament__federation=federation, person_id=person_id)
                .select_related("tournament").order_by("-tournament__ends_on"))


def tournament_weight_of(record: FederationTournament) -> Decimal:
    from scoring.mers import tournament_weight

    return tournament_weight(days=record.days, players=max(record.players, 1), countries=record.countries,
                             qualification=record.qualification)


def tournament_file(*, record: FederationTournament) -> ImportedTournament:
    """A federation tournament's results as the files write them (the EMA workbook, the portal CSV)."""
    lines = tuple(ResultLine(place=r.place, first_name=r.first_name, last_name=r.last_name, ema_id=r.ema_id,
                             table_points=r.table_points, score=r.score, country=r.country, games=r.games)
                  for r in tournament_results(record=record))
    return ImportedTournament(title=record.title, starts_on=record.starts_on, ends_on=record.ends_on,
                              rules=record.rules, country=record.country, mers_weight=tournament_weight_of(record),
                              lines=lines)
