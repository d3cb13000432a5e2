"""Issue 42 item 11: the what-if table showed "— — −18.4 0.0" for a player: one who played fewer games than the
season's minimum (no rank today, but a rating) and none that the proposal can replay (a rating of 0.0 from no
game). Each cell says which it is: unranked with the games counted, no game under the proposal."""
from __future__ import annotations

import html
import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from league.games import services as game_services
from league.whatif.selectors import Proposal, compare, comparison_context
from tests.factories import MemberFactory, UserFactory
from tests.league.test_whatif import G1

pytestmark = pytest.mark.django_db


def test_a_player_below_the_minimum_and_without_a_replayed_game_is_said_so(whatif_season, players, referee):
    whatif_season.min_games = 2
    whatif_season.save(update_fields=["min_games"])
    newcomer = MemberFactory(club=whatif_season.club, user=UserFactory(), display_name="신입생")
    game = game_services.game_start(season=whatif_season, table_label="G3", members=[*players[:3], newcomer],
                                    by=referee.user)
    for i, event in enumerate(G1):  # p1 rons p2 for a yakuman: a tobi, the newcomer ends 4th... one game
        game_services.hand_record(game=game, position=i, event=event, by=None)
    # without tobi G1 and G3 are not over: the newcomer has no game under the proposal
    result = compare(whatif_season, Proposal(ruleset={"base": "juki-agit-2026", "overrides": {"tobi": False}}))
    row = next(r for r in result.rows if r["member_id"] == newcomer.pk)
    assert (row["today"]["rank"], row["today"]["games"], row["today"]["qualified"]) == (None, 1, False)
    assert row["proposal"] is None  # no game under the proposal: no rank, no rating
    with translation.override("ko"):
        page = render_to_string("league/whatif/_comparison.html", comparison_context(result.to_json()))
    cells = page.split(f'data-testid="whatif-row-{newcomer.pk}">')[1].split("</tr>")[0]
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", cells)).split())
    assert text == "신입생 순위 외 (1대국) 대국 없음 — -15.0 —"
