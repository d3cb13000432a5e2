"""Issue 42 item 11, the smaller ones: the seasons list shows each season's ruleset version; a night is not offered
a tournament's own season ("[대회 #1] …") nor the casual games'."""
from __future__ import annotations

from django.test import Client
from django.urls import reverse

from events.casual import services as casual_services
from events.web.nights.forms import NightOpenForm
from tests.events.test_tournaments import make


def test_the_seasons_list_shows_the_ruleset_version(club, season, admin_user):
    client = Client()
    client.force_login(admin_user)
    page = client.get(reverse("seasons:season_list", args=[club.slug])).content.decode()
    assert f"{season.ruleset.name} v{season.ruleset.version}" in page


def test_a_night_is_offered_neither_a_tournaments_nor_the_casual_season(club, season, ruleset, members, admin_user):
    cup = make(club, ruleset, admin_user, rounds=2, name="주키배")
    casual_services.casual_game_start(club=club, ruleset=season.ruleset, members=members[:4], by=admin_user)
    offered = set(NightOpenForm(club=club).fields["season"].queryset)
    assert season in offered
    assert cup.season not in offered
    assert not any(getattr(s, "casual", None) for s in offered)


def test_a_league_game_is_offered_neither_a_tournaments_nor_the_casual_season(club, season, ruleset, members,
                                                                             admin_user):
    cup = make(club, ruleset, admin_user, rounds=2, name="주키배")
    casual = casual_services.casual_game_start(club=club, ruleset=season.ruleset, members=members[:4], by=admin_user)
    client = Client()
    client.force_login(admin_user)
    offered = set(client.get(reverse("league:game_start", args=[club.slug])).context["form"]
                  .fields["season"].queryset)
    assert season in offered
    assert cup.season not in offered
    assert casual.season not in offered


def test_the_final_stage_seats_by_rank_unless_the_organiser_picks_otherwise(club, ruleset, members, admin_user):
    """Swiss seating of the final put #1 with #6–#8 (it keeps apart those who met): a final seats 1–4, 5–8."""
    from events.tournaments import services as tournaments
    from events.tournaments import standings
    from tests.events.test_tournaments import enter_all

    cup = make(club, ruleset, admin_user, rounds=2, cut_after=1, cut_to=8)
    enter_all(cup, members[:16], admin_user)
    first, _ = tournaments.round_seat(tournament=cup, number=1, by=admin_user, seed=1)
    # #1 and #2 met at table A: Swiss kept them apart; by rank they play the final's first table together
    for k, table in enumerate(first.tables.select_related("game").order_by("label")):
        scores = [50000, 45000, 5000, 0] if k == 0 else [30000 - k * 100, 28000, 22000, 20000 + k * 100]
        tournaments.table_scores(table=table, scores=scores, sticks=0, by=admin_user)
    final, _ = tournaments.round_seat(tournament=cup, number=2, by=admin_user)
    order = [r["member_id"] for r in standings.standings(cup)][:8]
    tables = [set(t.game.seat_set.values_list("member_id", flat=True)) for t in final.tables.order_by("label")]
    assert sorted(tables, key=lambda t: min(order.index(m) for m in t)) == [set(order[:4]), set(order[4:8])]


def test_the_desk_seats_the_final_by_rank_with_its_own_default(club, ruleset, members, admin_user):
    """The path that put #1 with #6–#8: a tournament seated by Swiss, and the desk's seat form, which sends the
    method it shows — for the final it showed Swiss, so the organiser "picked" Swiss without picking anything, and
    Swiss keeps apart who met before. The form now shows "by rank" for the final; Swiss stays a choice."""
    from events.tournaments import services as tournaments
    from events.tournaments import standings
    from events.tournaments.models import SeatingMethod
    from tests.events.test_tournaments import enter_all

    cup = make(club, ruleset, admin_user, rounds=3, cut_after=2, cut_to=8, seating_method=SeatingMethod.SWISS)
    enter_all(cup, members[:16], admin_user)
    for number in (1, 2):  # two rounds before the cut: the top players have met (East wins each table)
        rnd, _ = tournaments.round_seat(tournament=cup, number=number, by=admin_user, seed=number)
        for table in rnd.tables.select_related("game").order_by("label"):
            tournaments.table_scores(table=table, scores=[40000, 30000, 20000, 10000], sticks=0, by=admin_user)
    client = Client()
    client.force_login(admin_user)
    method = client.get(reverse("events:tournament_detail", args=[cup.pk])).context["seat_form"].initial["method"]
    client.post(reverse("events:tournament_round_seat", args=[cup.pk]), {"number": 3, "method": method})
    final = cup.round_set.get(number=3)
    order = [r["member_id"] for r in standings.standings(cup, up_to_round=2)][:8]
    tables = [set(t.game.seat_set.values_list("member_id", flat=True)) for t in final.tables.order_by("label")]
    assert sorted(tables, key=lambda t: min(order.index(m) for m in t)) == [set(order[:4]), set(order[4:8])]
