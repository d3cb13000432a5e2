"""The team league (issue 37): teams with rosters play stages of match days; each fixture seats four
teams, one player each, at an ordinary league game (written by ``league.games``)."""
