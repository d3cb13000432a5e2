"""The ``nights`` section of a season file: the club nights counting for the season (``events.season_sections``)."""
from __future__ import annotations

from typing import Any

from club.models import Member
from events.nights.models import CheckIn, ClubNight, NightRound, NightTable
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
from league.models import Game, Season


def export_nights(season: Season, person) -> list[dict[str, Any]] | None:
    nights = list(ClubNight.objects.filter(season=season).order_by("date", "id"))
    if not nights:
        return None
    names = member_names(season.club_id)
    out = []
    sanma_names = dict(Season.objects.filter(pk__in={n.sanma_season_id for n in nights}).values_list("pk", "name"))
    for night in nights:
        out.append({
            **({"sanma_season": sanma_names[night.sanma_season_id]} if night.sanma_season_id else {}),
            "title": night.title, "date": iso(night.date), "status": night.status,
            "round_minutes": night.round_minutes, "end_rule": night.end_rule,
            "created_by": person(night.created_by_id), "closed_at": iso(night.closed_at),
            "checkins": [{"member": names[c.member_id], "at": iso(c.checked_in_at),
                          "by": person(c.checked_in_by_id), "left_at": iso(c.left_at)}
                         for c in night.checkins.order_by("checked_in_at", "id")],
            "rounds": [{"number": r.number, "seated_at": iso(r.seated_at), "seated_by": person(r.seated_by_id),
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
                          date=parse_day(nd.get("date"), where), status=nd.get("status") or ClubNight.Status.CLOSED,
                          round_minutes=nd.get("round_minutes"), end_rule=nd["end_rule"],
                          created_by=user(nd.get("created_by")), closed_at=parse_moment(nd.get("closed_at"), where),
                          sanma_season=linked_season(season, nd["sanma_season"], where)
                          if nd.get("sanma_season") else None)
        night.full_clean(exclude=["club", "season", "sanma_season", "created_by"])
        night.save()
        for c in nd.get("checkins") or []:
            CheckIn.objects.create(night=night, member=exported_member(members, c.get("member"), where),
                                   checked_in_at=parse_moment(c.get("at"), where), checked_in_by=user(c.get("by")),
                                   left_at=parse_moment(c.get("left_at"), where))
        for rd in nd.get("rounds") or []:
            rnd = NightRound.objects.create(
                night=night, number=int(rd["number"]), seated_at=parse_moment(rd.get("seated_at"), where),
                seated_by=user(rd.get("seated_by")), minutes=rd.get("minutes"), end_rule=rd["end_rule"],
                sitting_out=[exported_member(members, n, where).pk for n in rd.get("sitting_out") or []])
            for td in rd.get("tables") or []:
                NightTable.objects.create(round=rnd, game=exported_game(games, td.get("game"), where),
                                          label=str(td.get("label") or ""),
                                          extra_minutes=int(td.get("extra_minutes") or 0))




def linked_seasons(season: Season) -> list[Season]:
    """The 3-player seasons of the season's nights (their tables of three), oldest first."""
    ids = ClubNight.objects.filter(season=season, sanma_season__isnull=False).values_list("sanma_season", flat=True)
    return list(Season.objects.filter(pk__in=set(ids)).select_related("ruleset", "club").order_by("pk"))
