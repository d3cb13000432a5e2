"""The events part of a season file (``mahjong-club-season/1``, optional sections).

``league.transfer.season_file`` writes and reads the club, members, rulesets, season, games and
penalties; it knows nothing of events. This module adds what the events app keeps about the same
season, registered in :class:`events.apps.EventsConfig.ready`:

- ``nights``: the club nights counting for the season (their check-ins, rounds and tables);
- ``tournament``: the tournament the season belongs to (entrants, teams, rounds, tables with
  how each was entered, the cut and its finalists);
- ``casual``: the season keeps a club's casual games.

People are named by display name, tables by the exported game id, as in the rest of the file.
A file without these sections restores as before (a plain league season). The restore writes
the games through league (the season file), and only the events objects here.
"""
from __future__ import annotations

import datetime
from typing import Any

from django.utils.dateparse import parse_date, parse_datetime

from club.models import Member
from events.casual.models import CasualSeason
from events.nights.models import CheckIn, ClubNight, NightRound, NightTable
from events.tournaments.models import Entrant, Tournament, TournamentRound, TournamentTable
from league.models import Game, Season
from league.transfer.season_file import RestoreError


class SectionError(RestoreError):
    """A section of the file that does not fit the season (the message says where; nothing is stored)."""


def _iso(value) -> str | None:
    return value.isoformat() if value is not None else None


def _dt(value: Any, where: str) -> datetime.datetime | None:
    if value in (None, ""):
        return None
    parsed = parse_datetime(value) if isinstance(value, str) else None
    if parsed is None:
        raise SectionError(f"{where}: {value!r} is not a date and time.")
    return parsed


def _date(value: Any, where: str) -> datetime.date | None:
    if value in (None, ""):
        return None
    parsed = parse_date(value) if isinstance(value, str) else None
    if parsed is None:
        raise SectionError(f"{where}: {value!r} is not a date.")
    return parsed


def _names(club_id: int) -> dict[int, str]:
    return dict(Member.objects.filter(club_id=club_id).values_list("pk", "display_name"))


def _member(members: dict[str, Member], name: Any, where: str) -> Member:
    if name not in members:
        raise SectionError(f"{where}: {name!r} is not among the exported members.")
    return members[name]


def _linked_season(season: Season, name: Any, where: str) -> Season:
    """The 3-player season a night or tournament names, restored (``linked_seasons``) before the sections."""
    found = Season.objects.filter(club=season.club, name=name).first() if isinstance(name, str) else None
    if found is None or found.pk == season.pk:
        raise SectionError(f"{where}: the 3-player season {name!r} is not among the file's linked seasons.")
    return found


def linked_seasons(season: Season) -> list[Season]:
    """The 3-player seasons of the season's nights and tournament (their tables of three), oldest first."""
    ids = set(ClubNight.objects.filter(season=season, sanma_season__isnull=False)
              .values_list("sanma_season", flat=True))
    ids |= set(Tournament.objects.filter(season=season, sanma_season__isnull=False)
               .values_list("sanma_season", flat=True))
    return list(Season.objects.filter(pk__in=ids).select_related("ruleset", "club").order_by("pk"))


def _game(games: dict[Any, Game], game_id: Any, where: str) -> Game:
    if game_id not in games:
        raise SectionError(f"{where}: game {game_id!r} is not among the exported games.")
    return games[game_id]


# --- club nights -------------------------------------------------------------------------------------
def export_nights(season: Season, person) -> list[dict[str, Any]] | None:
    nights = list(ClubNight.objects.filter(season=season).order_by("date", "id"))
    if not nights:
        return None
    names = _names(season.club_id)
    out = []
    sanma_names = dict(Season.objects.filter(pk__in={n.sanma_season_id for n in nights}).values_list("pk", "name"))
    for night in nights:
        out.append({
            **({"sanma_season": sanma_names[night.sanma_season_id]} if night.sanma_season_id else {}),
            "title": night.title, "date": _iso(night.date), "status": night.status,
            "round_minutes": night.round_minutes, "end_rule": night.end_rule,
            "created_by": person(night.created_by_id), "closed_at": _iso(night.closed_at),
            "checkins": [{"member": names[c.member_id], "at": _iso(c.checked_in_at),
                          "by": person(c.checked_in_by_id), "left_at": _iso(c.left_at)}
                         for c in night.checkins.order_by("checked_in_at", "id")],
            "rounds": [{"number": r.number, "seated_at": _iso(r.seated_at), "seated_by": person(r.seated_by_id),
                        "minutes": r.minutes, "end_rule": r.end_rule,
                        "sitting_out": [names.get(i, "") for i in r.sitting_out or []],
                        "tables": [{"game": t.game_id, "label": t.label, "extra_minutes": t.extra_minutes}
                                   for t in r.tables.order_by("id")]}
                       for r in night.rounds.order_by("number")],
        })
    return out


def restore_nights(value: Any, *, season: Season, members: dict[str, Member], games: dict[Any, Game],
                   user) -> None:
    if not isinstance(value, list):
        raise SectionError("nights: must be a list.")
    for i, nd in enumerate(value):
        where = f"nights[{i}]"
        night = ClubNight(club=season.club, season=season, title=str(nd.get("title") or ""),
                          date=_date(nd.get("date"), where), status=nd.get("status") or ClubNight.Status.CLOSED,
                          round_minutes=nd.get("round_minutes"), end_rule=nd["end_rule"],
                          created_by=user(nd.get("created_by")), closed_at=_dt(nd.get("closed_at"), where),
                          sanma_season=_linked_season(season, nd["sanma_season"], where)
                          if nd.get("sanma_season") else None)
        night.full_clean(exclude=["club", "season", "sanma_season", "created_by"])
        night.save()
        for c in nd.get("checkins") or []:
            CheckIn.objects.create(night=night, member=_member(members, c.get("member"), where),
                                   checked_in_at=_dt(c.get("at"), where), checked_in_by=user(c.get("by")),
                                   left_at=_dt(c.get("left_at"), where))
        for rd in nd.get("rounds") or []:
            rnd = NightRound.objects.create(
                night=night, number=int(rd["number"]), seated_at=_dt(rd.get("seated_at"), where),
                seated_by=user(rd.get("seated_by")), minutes=rd.get("minutes"), end_rule=rd["end_rule"],
                sitting_out=[_member(members, n, where).pk for n in rd.get("sitting_out") or []])
            for td in rd.get("tables") or []:
                NightTable.objects.create(round=rnd, game=_game(games, td.get("game"), where),
                                          label=str(td.get("label") or ""),
                                          extra_minutes=int(td.get("extra_minutes") or 0))


# --- tournaments --------------------------------------------------------------------------------------
_TOURNAMENT_FIELDS = ("name", "rounds", "round_minutes", "end_rule", "player_cap", "team_size", "seating",
                      "cut_after", "cut_to", "carry", "withdrawal_policy", "status", "public_results")


def export_tournament(season: Season, person) -> dict[str, Any] | None:
    t = Tournament.objects.filter(season=season).first()
    if t is None:
        return None
    names = _names(season.club_id)
    return {
        **{f: getattr(t, f) for f in _TOURNAMENT_FIELDS},
        **({"sanma_season": t.sanma_season.name} if t.sanma_season_id else {}),
        "starts_on": _iso(t.starts_on), "ends_on": _iso(t.ends_on),
        "registration_opens": _iso(t.registration_opens), "registration_closes": _iso(t.registration_closes),
        "created_by": person(t.created_by_id),
        "finalists": [names.get(i, "") for i in t.finalists or []],
        "entrants": [{"member": names[e.member_id], "guest": e.guest, "team": e.team, "status": e.status,
                      "registered_at": _iso(e.registered_at), "decided_at": _iso(e.decided_at),
                      "checked_in_at": _iso(e.checked_in_at), "withdrawn_at": _iso(e.withdrawn_at),
                      "withdrawn_after_round": e.withdrawn_after_round}
                     for e in t.entrants.order_by("registered_at", "id")],
        "seated_rounds": [{"number": r.number, "stage": r.stage, "method": r.method, "seated_at": _iso(r.seated_at),
                    "seated_by": person(r.seated_by_id), "minutes": r.minutes, "end_rule": r.end_rule,
                    "sitting_out": [names.get(i, "") for i in r.sitting_out or []],
                    # tables of three play in the tournament's 3-player season: its games are in linked_seasons
                    "tables": [{"game": tt.game_id, "label": tt.label, "extra_minutes": tt.extra_minutes,
                                "entry": tt.entry, "scores": tt.scores, "sticks": tt.sticks}
                               for tt in r.tables.order_by("id")]}
                   for r in t.round_set.order_by("number")],
    }


def restore_tournament(value: Any, *, season: Season, members: dict[str, Member], games: dict[Any, Game],
                       user) -> None:
    if not isinstance(value, dict):
        raise SectionError("tournament: must be an object.")
    where = "tournament"
    sanma = _linked_season(season, value["sanma_season"], where) if value.get("sanma_season") else None
    t = Tournament(club=season.club, ruleset=season.ruleset, season=season,
                   sanma_season=sanma, sanma_ruleset=sanma.ruleset if sanma is not None else None,
                   **{f: value[f] for f in _TOURNAMENT_FIELDS if f in value},
                   starts_on=_date(value.get("starts_on"), where), ends_on=_date(value.get("ends_on"), where),
                   registration_opens=_dt(value.get("registration_opens"), where),
                   registration_closes=_dt(value.get("registration_closes"), where),
                   created_by=user(value.get("created_by")),
                   finalists=[_member(members, n, where).pk for n in value.get("finalists") or []])
    t.full_clean(exclude=["club", "ruleset", "season", "sanma_ruleset", "sanma_season", "created_by"])
    t.save()
    for i, e in enumerate(value.get("entrants") or []):
        w = f"tournament.entrants[{i}]"
        Entrant.objects.create(
            tournament=t, member=_member(members, e.get("member"), w), guest=bool(e.get("guest")),
            team=str(e.get("team") or ""), status=e.get("status") or Entrant.Status.APPROVED,
            registered_at=_dt(e.get("registered_at"), w), decided_at=_dt(e.get("decided_at"), w),
            checked_in_at=_dt(e.get("checked_in_at"), w), withdrawn_at=_dt(e.get("withdrawn_at"), w),
            withdrawn_after_round=e.get("withdrawn_after_round"))
    for rd in value.get("seated_rounds") or []:
        w = f"tournament.seated_rounds[{rd.get('number')}]"
        rnd = TournamentRound.objects.create(
            tournament=t, number=int(rd["number"]), stage=int(rd.get("stage") or 1), method=rd["method"],
            seated_at=_dt(rd.get("seated_at"), w), seated_by=user(rd.get("seated_by")), minutes=rd.get("minutes"),
            end_rule=rd["end_rule"], sitting_out=[_member(members, n, w).pk for n in rd.get("sitting_out") or []])
        for td in rd.get("tables") or []:
            TournamentTable.objects.create(
                round=rnd, game=_game(games, td.get("game"), w), label=str(td.get("label") or ""),
                extra_minutes=int(td.get("extra_minutes") or 0),
                entry=td.get("entry") or TournamentTable.Entry.HANDS, scores=td.get("scores"),
                sticks=int(td.get("sticks") or 0))


# --- casual games -------------------------------------------------------------------------------------
def export_casual(season: Season, person) -> dict[str, Any] | None:
    return {} if CasualSeason.objects.filter(season=season).exists() else None


def restore_casual(value: Any, *, season: Season, members, games, user) -> None:
    if CasualSeason.objects.filter(club=season.club, ruleset=season.ruleset).exists():
        raise SectionError("casual: the club keeps its casual games under this ruleset in another season already.")
    CasualSeason.objects.create(club=season.club, ruleset=season.ruleset, season=season)


def register() -> None:
    """Add the sections to the season file (called from ``EventsConfig.ready``)."""
    from league.transfer.season_file import register_linked_seasons, register_section

    register_linked_seasons(linked_seasons)
    register_section("nights", export=export_nights, restore=restore_nights)
    register_section("tournament", export=export_tournament, restore=restore_tournament)
    register_section("casual", export=export_casual, restore=restore_casual)
