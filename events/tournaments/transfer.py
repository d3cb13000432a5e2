"""The ``tournament`` section of a season file: the tournament the season belongs to (``events.season_sections``)."""
from __future__ import annotations

from typing import Any

from club.models import Member
from events.season_sections import (
    SectionError,
    exported_game,
    exported_member,
    iso,
    linked_season,
    member_names,
    parse_day,
    parse_moment,
)
from events.tournaments.models import Entrant, Tournament, TournamentRound, TournamentTable
from league.games import selectors as game_selectors
from league.models import Game, Season

_TOURNAMENT_FIELDS = ("name", "rounds", "round_minutes", "end_rule", "player_cap", "team_size", "seating",
                      "cut_after", "cut_to", "carry", "withdrawal_policy", "status", "public_results")


def export_tournament(season: Season, person) -> dict[str, Any] | None:
    t = Tournament.objects.filter(season=season).first()
    if t is None:
        return None
    names = member_names(season.club_id)
    return {
        **{f: getattr(t, f) for f in _TOURNAMENT_FIELDS},
        **({"sanma_season": t.sanma_season.name} if t.sanma_season_id else {}),
        "starts_on": iso(t.starts_on), "ends_on": iso(t.ends_on),
        "registration_opens": iso(t.registration_opens), "registration_closes": iso(t.registration_closes),
        "created_by": person(t.created_by_id),
        "finalists": [names.get(i, "") for i in t.finalists or []],
        "entrants": [{"member": names[e.member_id], "guest": e.guest, "team": e.team, "status": e.status,
                      "registered_at": iso(e.registered_at), "decided_at": iso(e.decided_at),
                      "checked_in_at": iso(e.checked_in_at), "withdrawn_at": iso(e.withdrawn_at),
                      "withdrawn_after_round": e.withdrawn_after_round}
                     for e in t.entrants.order_by("registered_at", "id")],
        "seated_rounds": [{"number": r.number, "stage": r.stage, "method": r.method, "seated_at": iso(r.seated_at),
                    "seated_by": person(r.seated_by_id), "minutes": r.minutes, "end_rule": r.end_rule,
                    "sitting_out": [names.get(i, "") for i in r.sitting_out or []],
                    # tables of three play in the tournament's 3-player season: its games are in linked_seasons
                    "tables": [{"game": tt.game_id, "label": tt.label, "extra_minutes": tt.extra_minutes,
                                "entry": tt.entry, **_entered(tt)}
                               for tt in r.tables.order_by("id")]}
                   for r in t.round_set.order_by("number")],
    }


def restore_tournament(value: Any, *, season: Season, members: dict[str, Member], games: dict[Any, Game],
                       user) -> None:
    if not isinstance(value, dict):
        raise SectionError("tournament: must be an object.")
    where = "tournament"
    sanma = linked_season(season, value["sanma_season"], where) if value.get("sanma_season") else None
    t = Tournament(club=season.club, ruleset=season.ruleset, season=season,
                   sanma_season=sanma, sanma_ruleset=sanma.ruleset if sanma is not None else None,
                   **{f: value[f] for f in _TOURNAMENT_FIELDS if f in value},
                   starts_on=parse_day(value.get("starts_on"), where), ends_on=parse_day(value.get("ends_on"), where),
                   registration_opens=parse_moment(value.get("registration_opens"), where),
                   registration_closes=parse_moment(value.get("registration_closes"), where),
                   created_by=user(value.get("created_by")),
                   finalists=[exported_member(members, n, where).pk for n in value.get("finalists") or []])
    t.full_clean(exclude=["club", "ruleset", "season", "sanma_ruleset", "sanma_season", "created_by"])
    t.save()
    for i, e in enumerate(value.get("entrants") or []):
        w = f"tournament.entrants[{i}]"
        Entrant.objects.create(
            tournament=t, member=exported_member(members, e.get("member"), w), guest=bool(e.get("guest")),
            team=str(e.get("team") or ""), status=e.get("status") or Entrant.Status.APPROVED,
            registered_at=parse_moment(e.get("registered_at"), w), decided_at=parse_moment(e.get("decided_at"), w),
            checked_in_at=parse_moment(e.get("checked_in_at"), w), withdrawn_at=parse_moment(e.get("withdrawn_at"), w),
            withdrawn_after_round=e.get("withdrawn_after_round"))
    for rd in value.get("seated_rounds") or []:
        w = f"tournament.seated_rounds[{rd.get('number')}]"
        rnd = TournamentRound.objects.create(
            tournament=t, number=int(rd["number"]), stage=int(rd.get("stage") or 1), method=rd["method"],
            seated_at=parse_moment(rd.get("seated_at"), w), seated_by=user(rd.get("seated_by")),
            minutes=rd.get("minutes"), end_rule=rd["end_rule"],
            sitting_out=[exported_member(members, n, w).pk for n in rd.get("sitting_out") or []])
        for td in rd.get("tables") or []:
            TournamentTable.objects.create(
                round=rnd, game=exported_game(games, td.get("game"), w), label=str(td.get("label") or ""),
                extra_minutes=int(td.get("extra_minutes") or 0),
                entry=td.get("entry") or TournamentTable.Entry.HANDS)  # its scores: the game's result event




def linked_seasons(season: Season) -> list[Season]:
    """The 3-player season of the season's tournament (its tables of three)."""
    ids = Tournament.objects.filter(season=season, sanma_season__isnull=False).values_list("sanma_season", flat=True)
    return list(Season.objects.filter(pk__in=set(ids)).select_related("ruleset", "club").order_by("pk"))


def _entered(table: TournamentTable) -> dict[str, Any]:
    """The scores and sticks of a table entered by its final scores only (read from its game's result event),
    kept in the file as before (a restore reads them back from the game)."""
    entered = game_selectors.entered_result(table.game) if table.entry == TournamentTable.Entry.SCORES else None
    return {"scores": entered["scores"] if entered else None, "sticks": entered["sticks"] if entered else 0}

