"""A club night's awards (issue 26: "awards for a night"), shown on the night's page and posted to the
club's chat when the night closes (notify).

The season's rules (``league.standings.awards``) over the night's finished games only, one list per
season the night's games count for (a night with a sanma table has two). Only the awards that make
sense in one evening: the count awards and the hand awards, not the rates (too few hands) nor the
iron player (everyone plays about as many games). Computed from each game's cached statistics;
a night has a few dozen games, so it is read when asked (the season's awards are stored).
"""
from __future__ import annotations

from dataclasses import dataclass

from events.nights.models import ClubNight
from league.models import Game, Season
from league.standings.awards import BY_KEY
from league.standings.services import games_awards

NIGHT_AWARD_KEYS = ("most_firsts", "biggest_hand", "most_yakuman", "longest_dealer_streak", "best_comeback",
                    "most_tobi_survived")


@dataclass(frozen=True)
class SeasonAwards:
    season: Season
    games: int
    awards: tuple[dict, ...]
    """``league.standings.awards.season_awards``' entries that have a winner, with ``title`` and ``rule``."""


def night_awards(night: ClubNight) -> list[SeasonAwards]:
    finished = (Game.objects.filter(night_table__round__night=night, status=Game.Status.FINISHED)
                .values_list("season_id", "pk"))
    by_season: dict[int, list[int]] = {}
    for season_id, game_id in finished:
        by_season.setdefault(season_id, []).append(game_id)
    out = []
    for season in Season.objects.filter(pk__in=by_season).order_by("pk"):
        awards = [{**a, "title": BY_KEY[a["key"]].title, "rule": BY_KEY[a["key"]].rule}
                  for a in games_awards(season=season, game_ids=by_season[season.pk])
                  if a["key"] in NIGHT_AWARD_KEYS and a["winners"]]
        if awards:
            out.append(SeasonAwards(season, len(by_season[season.pk]), tuple(awards)))
    return out
