"""The team league's formats as presets the organiser picks, then edits (data; the stage names in the
club's language when the league is created).

- **M-League style**: teams of 3–4 with a substitute; a regular stage, a semifinal of the top six with
  half their points carried, a final of the top four with half carried again; captains pick who plays.
- **Club exchange** (the Korean league's): teams of two from each club, four rounds, team and individual
  rankings from the same games.
- **Round-robin team nights**: every team meets every other about equally; a team short of players
  sends a substitute or forfeits (a forfeit's score is an option).
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from decimal import Decimal

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


class Format(enum.StrEnum):
    M_LEAGUE = "m_league"
    CLUB_EXCHANGE = "club_exchange"
    ROUND_ROBIN = "round_robin"


@dataclass(frozen=True)
class StagePreset:
    name: str | Promise
    carry: Decimal  # the previous stage's total × carry (1 in full, ½, 0 reset)
    advancing: int | None  # teams that go on to the next stage (None: the last stage)
    games_per_team: int
    player_min_games: int = 0
    player_max_games: int | None = None
    tables_per_day: int = 1


@dataclass(frozen=True)
class Preset:
    format: Format
    team_min_players: int
    team_max_players: int
    stages: tuple[StagePreset, ...]
    lineup_deadline_minutes: int = 60  # line-ups close this long before a match day starts
    forfeit_points: Decimal | None = None  # a forfeited seat's points (None: forfeits are not allowed)


PRESETS: dict[Format, Preset] = {
    Format.M_LEAGUE: Preset(
        format=Format.M_LEAGUE, team_min_players=3, team_max_players=4,
        stages=(StagePreset(_("Regular season"), Decimal(1), 6, 12, player_min_games=2, player_max_games=6),
                StagePreset(_("Semifinal"), Decimal("0.5"), 4, 6),
                StagePreset(_("Final"), Decimal("0.5"), None, 4))),
    Format.CLUB_EXCHANGE: Preset(
        format=Format.CLUB_EXCHANGE, team_min_players=2, team_max_players=2, lineup_deadline_minutes=0,
        stages=(StagePreset(_("Club exchange"), Decimal(1), None, 4, tables_per_day=4),)),
    Format.ROUND_ROBIN: Preset(
        format=Format.ROUND_ROBIN, team_min_players=2, team_max_players=6, lineup_deadline_minutes=30,
        forfeit_points=Decimal(-50),
        stages=(StagePreset(_("League round"), Decimal(1), None, 8, tables_per_day=2),)),
}
