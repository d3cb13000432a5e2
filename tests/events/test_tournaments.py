"""Tournament services, as an organiser runs one: registration (approval, cap, waiting list, guests,
window), check-in, rounds (every method, byes, tables of 3, teams, predefined CSV), final scores only,
the cut with points carried, withdrawals, penalties, standings ties, and the refusals."""
from __future__ import annotations

import datetime
import itertools
from collections import Counter
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from club.models import Member
from core.models import AuditEntry
from events.tournaments import services, standings
from events.tournaments.models import Entrant, Tournament, TournamentRound
from events.tournaments.services import Refusal, TournamentRefused
from league.games import services as game_services
from league.models import Game
from tests.factories import RulesetFactory

pytestmark = pytest.mark.django_db

# Juki: 25,000 start, 30,000 return, uma 30/10/-10/-30, oka 20 to first.
WIN_ORDER = [40000, 30000, 20000, 10000]
# The points of WIN_ORDER per seat, (score - 30,000) / 1,000 + uma (+ oka to first):
#   East  (40,000 - 30,000) / 1,000 + 30 + 20 =  60
#   South (30,000 - 30,000) / 1,000 + 10      =  10
#   West  (20,000 - 30,000) / 1,000 - 10      = -20
#   North (10,000 - 30,000) / 1,000 - 30      = -50
WIN_ORDER_POINTS = [Decimal(60), Decimal(10), Decimal(-20), Decimal(-50)]


def make(club, ruleset, by, **kw):
    options = {"name": "2026 쥬키배", "rounds": 4}
    options.update(kw)
    return services.tournament_create(club=club, ruleset=ruleset, by=by, **options)


def enter_all(tournament, members, by, *, check_in=True):
    entrants = []
    for m in members:
        e, _ = services.register(tournament=tournament, member=m, by=by)
        e = services.approve(entrant=e, by=by)
        if check_in and e.status == Entrant.Status.APPROVED:
            e = services.check_in(entrant=e, by=by)
        entrants.append(e)
    return entrants


def seats(rnd: TournamentRound) -> list[list[int]]:
    return [list(t.game.seat_set.order_by("seat").values_list("member_id", flat=True))
            for t in rnd.tables.order_by("id")]


def finish_round(rnd: TournamentRound, by, order=None) -> None:
    """Final scores only for every table: seat order = placing unless ``order`` says otherwise."""
    for table in rnd.tables.select_related("game"):
        n = table.game.seats
        scores = WIN_ORDER if n == 4 else [45000, 30000, 15000]
        services.table_scores(table=table, scores=list(order or scores), sticks=0, by=by)


@pytest.fixture
def tournament(club, ruleset, admin_user):
    return make(club, ruleset, admin_user)


# --- the tournament ------------------------------------------------------------------------------
def test_a_tournament_owns_its_season(tournament, ruleset):
    assert tournament.season.ruleset == ruleset
    assert tournament.season.club == tournament.club
    assert tournament.status == Tournament.Status.REGISTRATION
    assert AuditEntry.objects.filter(object_type="tournament", object_id=str(tournament.pk)).exists()


@pytest.mark.parametrize(("case", "options"), [
    ("no name", {"name": " "}),
    ("cut in the last round", {"cut_after": 4, "cut_to": 4}),
    ("cut to fewer than a table", {"cut_after": 2, "cut_to": 3}),
    ("cut without its size", {"cut_after": 2}),
    ("registration closing before it opens", {
        "registration_opens": timezone.now(), "registration_closes": timezone.now() - datetime.timedelta(hours=1)}),
    ("cap below one table", {"player_cap": 3}),
    ("no round", {"rounds": 0}),
])
def test_bad_settings_are_refused(club, ruleset, admin_user, case, options):
    with pytest.raises(TournamentRefused) as exc:
        make(club, ruleset, admin_user, **options)
    assert exc.value.refusal == Refusal.SETTINGS
    assert not Tournament.objects.exists()


def test_only_an_admin_creates_a_tournament(club, ruleset, referee_user):
    with pytest.raises(PermissionDenied):
        make(club, ruleset, referee_user)


def test_tables_of_three_need_a_three_player_ruleset(club, ruleset, admin_user):
    with pytest.raises(TournamentRefused) as exc:
        make(club, ruleset, admin_user, sanma_ruleset=ruleset)
    assert exc.value.refusal == Refusal.RULESET


# --- registration ---------------------------------------------------------------------------------
def test_a_member_signs_up_and_the_organiser_approves(tournament, members, admin_user):
    member = members[0]
    entrant, created = services.register(tournament=tournament, member=member, by=member.user)
    again, created_again = services.register(tournament=tournament, member=member, by=member.user)
    assert created
    assert not created_again
    assert entrant.pk == again.pk
    assert entrant.status == Entrant.Status.PENDING
    assert services.approve(entrant=entrant, by=admin_user).status == Entrant.Status.APPROVED


def test_a_member_signs_up_only_themself(tournament, members):
    with pytest.raises(PermissionDenied):
        services.register(tournament=tournament, member=members[1], by=members[0].user)


def test_past_the_cap_players_wait_and_move_up_when_one_withdraws(club, ruleset, members, admin_user):
    tournament = make(club, ruleset, admin_user, player_cap=4)
    entrants = enter_all(tournament, members[:6], admin_user, check_in=False)
    assert [e.status for e in entrants] == ["approved"] * 4 + ["waiting"] * 2
    services.withdraw(entrant=entrants[1], by=admin_user)
    statuses = {e.pk: e.status for e in Entrant.objects.filter(tournament=tournament)}
    assert statuses[entrants[4].pk] == "approved"
    assert statuses[entrants[5].pk] == "waiting"


@pytest.mark.parametrize(("case", "opens", "closes"), [
    ("not yet open", 1, 2),
    ("already closed", -2, -1),
])
def test_members_register_only_inside_the_window(club, ruleset, members, admin_user, case, opens, closes):
    now = timezone.now()
    tournament = make(club, ruleset, admin_user, registration_opens=now + datetime.timedelta(hours=opens),
                      registration_closes=now + datetime.timedelta(hours=closes))
    with pytest.raises(TournamentRefused) as exc:
        services.register(tournament=tournament, member=members[0], by=members[0].user)
    assert exc.value.refusal == Refusal.REGISTRATION
    # the organiser may still sign a player up at the desk
    assert services.register(tournament=tournament, member=members[0], by=admin_user)[1]


def test_a_guest_gets_a_seat_by_name(tournament, admin_user):
    entrant = services.register_guest(tournament=tournament, name="  손님  김 ", by=admin_user)
    assert entrant.guest
    assert entrant.status == Entrant.Status.APPROVED
    assert entrant.member.display_name == "손님 김"
    assert entrant.member.user is None
    assert entrant.member.active


def test_a_guest_named_like_a_member_is_refused(tournament, members, admin_user):
    with pytest.raises(TournamentRefused) as exc:
        services.register_guest(tournament=tournament, name=members[0].display_name, by=admin_user)
    assert exc.value.refusal == Refusal.NAME
    assert members[0].display_name in exc.value.messages[0]
    assert Member.objects.filter(display_name=members[0].display_name).count() == 1


def test_only_approved_players_check_in(tournament, members, admin_user):
    entrant, _ = services.register(tournament=tournament, member=members[0], by=admin_user)
    with pytest.raises(TournamentRefused) as exc:
        services.check_in(entrant=entrant, by=admin_user)
    assert exc.value.refusal == Refusal.NOT_APPROVED


# --- rounds ------------------------------------------------------------------------------------------
def test_round_one_seats_the_checked_in_players_in_the_tournament_season(tournament, members, admin_user):
    enter_all(tournament, members[:12], admin_user)
    enter_all(tournament, members[12:], admin_user, check_in=False)
    rnd, created = services.round_seat(tournament=tournament, number=1, by=admin_user)
    again, created_again = services.round_seat(tournament=tournament, number=1, by=admin_user)
    assert created
    assert not created_again
    assert rnd.pk == again.pk
    tables = seats(rnd)
    assert len(tables) == 3
    assert sorted(itertools.chain(*tables)) == sorted(m.pk for m in members[:12])
    assert set(Game.objects.filter(tournament_table__round=rnd).values_list("season", flat=True)) == {
        tournament.season_id}
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    with pytest.raises(TournamentRefused):
        services.register(tournament=tournament, member=members[12], by=members[12].user)


def test_a_round_is_not_seated_before_the_last_one_is_finished(tournament, members, admin_user):
    enter_all(tournament, members, admin_user)
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user)
    first = rnd.tables.order_by("id").first()
    services.table_scores(table=first, scores=WIN_ORDER, by=admin_user)
    with pytest.raises(TournamentRefused) as exc:
        services.round_seat(tournament=tournament, number=2, by=admin_user)
    assert exc.value.refusal == Refusal.UNFINISHED
    assert "2, 3, 4" in exc.value.messages[0]
    assert TournamentRound.objects.filter(tournament=tournament).count() == 1


def test_a_stale_screen_and_too_many_rounds_are_refused(club, ruleset, members, admin_user):
    tournament = make(club, ruleset, admin_user, rounds=1)
    enter_all(tournament, members[:4], admin_user)
    with pytest.raises(TournamentRefused) as exc:
        services.round_seat(tournament=tournament, number=3, by=admin_user)
    assert exc.value.refusal == Refusal.OUT_OF_DATE
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user)
    finish_round(rnd, admin_user)
    with pytest.raises(TournamentRefused) as exc:
        services.round_seat(tournament=tournament, number=2, by=admin_user)
    assert exc.value.refusal == Refusal.ALL_ROUNDS


def test_too_few_players_is_a_clear_refusal(tournament, members, admin_user):
    enter_all(tournament, members[:3], admin_user)
    with pytest.raises(TournamentRefused) as exc:
        services.round_seat(tournament=tournament, number=1, by=admin_user)
    assert exc.value.refusal == Refusal.TOO_FEW
    assert "3" in exc.value.messages[0]


def test_a_member_cannot_seat_a_round(tournament, members, admin_user):
    enter_all(tournament, members[:4], admin_user)
    with pytest.raises(PermissionDenied):
        services.round_seat(tournament=tournament, number=1, by=members[0].user)


@pytest.mark.parametrize("method", ["random", "balanced"])
def test_byes_are_spread_fairly(club, ruleset, members, admin_user, method):
    tournament = make(club, ruleset, admin_user, rounds=4, seating_method=method)
    enter_all(tournament, members[:14], admin_user)
    out: Counter = Counter()
    for n in range(1, 5):
        rnd, _ = services.round_seat(tournament=tournament, number=n, by=admin_user, seed=n)
        assert len(rnd.sitting_out) == 2
        assert len(seats(rnd)) == 3
        out.update(rnd.sitting_out)
        finish_round(rnd, admin_user)
    assert max(out.values()) == 1
    assert sum(out.values()) == 8


def test_a_leftover_three_plays_a_three_player_table(club, ruleset, members, admin_user):
    sanma = RulesetFactory(club=club, key="juki-agit-sanma-2026", base="juki-agit-sanma-2026")
    tournament = make(club, ruleset, admin_user, sanma_ruleset=sanma)
    enter_all(tournament, members[:15], admin_user)
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user)
    assert sorted(len(t) for t in seats(rnd)) == [3, 4, 4, 4]
    assert rnd.sitting_out == []
    three = [t for t in rnd.tables.all() if t.game.seats == 3][0]
    assert three.game.season == tournament.sanma_season


def test_a_three_player_tournament_seats_tables_of_three(club, members, admin_user):
    sanma = RulesetFactory(club=club, key="juki-agit-sanma-2026", base="juki-agit-sanma-2026")
    tournament = make(club, sanma, admin_user)
    enter_all(tournament, members[:10], admin_user)
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user)
    assert [len(t) for t in seats(rnd)] == [3, 3, 3]
    assert len(rnd.sitting_out) == 1
    finish_round(rnd, admin_user)
    assert all(t.game.status == Game.Status.FINISHED for t in rnd.tables.all())


def test_team_mates_never_share_a_table(club, ruleset, members, admin_user):
    tournament = make(club, ruleset, admin_user, team_size=4, seating_method="random")
    for i, m in enumerate(members):
        e, _ = services.register(tournament=tournament, member=m, by=admin_user, team=f"팀{i % 4}")
        services.check_in(entrant=services.approve(entrant=e, by=admin_user), by=admin_user)
    team = {e.member_id: e.team for e in tournament.entrants.all()}
    for n in range(1, 5):
        rnd, _ = services.round_seat(tournament=tournament, number=n, by=admin_user, seed=n)
        for t in seats(rnd):
            assert len({team[p] for p in t}) == len(t)
        finish_round(rnd, admin_user)
    teams = standings.team_standings(tournament)
    assert len(teams) == 4
    assert sum(t["points"] for t in teams) == 0


def test_a_team_too_big_for_the_tables_is_refused_and_nothing_is_seated(club, ruleset, members, admin_user):
    tournament = make(club, ruleset, admin_user, team_size=5)
    for i, m in enumerate(members[:8]):
        e, _ = services.register(tournament=tournament, member=m, by=admin_user, team="팀A" if i < 3 else f"팀{i}")
        services.check_in(entrant=services.approve(entrant=e, by=admin_user), by=admin_user)
    with pytest.raises(TournamentRefused) as exc:
        services.round_seat(tournament=tournament, number=1, by=admin_user)
    assert exc.value.refusal == Refusal.PLAN
    assert "팀A" in exc.value.messages[0]
    assert not Game.objects.filter(season=tournament.season).exists()


def test_balanced_rounds_avoid_repeated_meetings(tournament, members, admin_user):
    enter_all(tournament, members, admin_user)
    met: Counter = Counter()
    for n in range(1, 5):
        rnd, _ = services.round_seat(tournament=tournament, number=n, by=admin_user, seed=n)
        for t in seats(rnd):
            met.update(frozenset(p) for p in itertools.combinations(t, 2))
        finish_round(rnd, admin_user)
    assert max(met.values()) == 1


def test_a_swiss_round_puts_the_leaders_together(tournament, members, admin_user):
    enter_all(tournament, members, admin_user)
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user)
    finish_round(rnd, admin_user)
    leaders = [r["member_id"] for r in standings.standings(tournament)[:4]]
    rnd2, _ = services.round_seat(tournament=tournament, number=2, by=admin_user, method="swiss")
    assert rnd2.method == "swiss"
    assert set(seats(rnd2)[0]) == set(leaders)


# --- predefined seating ----------------------------------------------------------------------------
def csv_for(tables) -> str:
    lines = ["round,table,east,south,west,north"]
    for r, rnd in enumerate(tables, start=1):
        for t, names in enumerate(rnd, start=1):
            lines.append(",".join([str(r), str(t), *names]))
    return "\n".join(lines)


def test_a_predefined_seating_is_used_as_uploaded(tournament, members, admin_user):
    enter_all(tournament, members[:8], admin_user)
    names = [m.display_name for m in members[:8]]
    text = csv_for([[names[:4], names[4:]], [names[::2], names[1::2]]])
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user, method="predefined", csv_text=text)
    assert seats(rnd) == [[m.pk for m in members[:4]], [m.pk for m in members[4:8]]]
    finish_round(rnd, admin_user)
    rnd2, _ = services.round_seat(tournament=tournament, number=2, by=admin_user, method="predefined",
                                  csv_text=text)
    assert seats(rnd2)[0] == [m.pk for m in members[:8:2]]


@pytest.mark.parametrize(("case", "rows"), [
    ("a player twice", lambda n: [[n[0], n[1], n[2], n[3]], [n[4], n[5], n[6], n[0]]]),
    ("a stranger", lambda n: [[n[0], n[1], n[2], n[3]], [n[4], n[5], n[6], "없는사람"]]),
    ("a table of five", lambda n: [[n[0], n[1], n[2], n[3], n[7]], [n[4], n[5], n[6]]]),
])
def test_a_bad_predefined_seating_is_refused_and_nothing_is_seated(tournament, members, admin_user, case, rows):
    enter_all(tournament, members[:8], admin_user)
    names = [m.display_name for m in members[:8]]
    with pytest.raises(TournamentRefused) as exc:
        services.round_seat(tournament=tournament, number=1, by=admin_user, method="predefined",
                            csv_text=csv_for([rows(names)]))
    assert exc.value.refusal == Refusal.PLAN
    assert not TournamentRound.objects.exists()
    assert not Game.objects.filter(season=tournament.season).exists()


# --- final scores only ----------------------------------------------------------------------------------
@pytest.fixture
def one_table(tournament, members, admin_user):
    enter_all(tournament, members[:4], admin_user)
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user)
    return rnd.tables.get()


def test_final_scores_finish_the_game_with_the_rulesets_points(one_table, admin_user):
    game = services.table_scores(table=one_table, scores=[41000, 30000, 20000, 8000], sticks=1, by=admin_user)
    assert game.status == Game.Status.FINISHED
    assert game.ended_by == "result"
    assert list(game.hands.values_list("event", flat=True)) == [
        {"kind": "result", "scores": [41000, 30000, 20000, 8000], "sticks": 1}]
    assert game.final_scores == [42000, 30000, 20000, 8000]  # the stick goes to first (Juki)
    # Juki: (score - 30,000 return) / 1,000, plus uma 30/10/-10/-30, plus oka 20 to first:
    #   1st (42,000 - 30,000) / 1,000 + 30 + 20 =  62
    #   2nd (30,000 - 30,000) / 1,000 + 10      =  10
    #   3rd (20,000 - 30,000) / 1,000 - 10      = -20
    #   4th ( 8,000 - 30,000) / 1,000 - 30      = -52
    assert game.final_points == [62, 10, -20, -52]
    assert game.final_ranks == [1, 2, 3, 4]
    assert sum(game.final_points) == pytest.approx(0)


@pytest.mark.parametrize(("case", "scores", "sticks", "words"), [
    ("one score short", [40000, 30000, 20000, 9000], 0, "1,000"),
    ("a stick forgotten", [40000, 30000, 20000, 9000], 2, "1,000"),
    ("three scores", [40000, 30000, 30000], 0, "4"),
    ("odd hundreds", [40050, 29950, 20000, 10000], 0, "32,400"),
])
def test_final_scores_that_do_not_add_up_are_refused(one_table, admin_user, case, scores, sticks, words):
    with pytest.raises(TournamentRefused) as exc:
        services.table_scores(table=one_table, scores=scores, sticks=sticks, by=admin_user)
    assert exc.value.refusal == Refusal.SCORES
    assert words in exc.value.messages[0]
    one_table.game.refresh_from_db()
    assert one_table.game.status == Game.Status.IN_PROGRESS


def test_final_scores_are_refused_once_hands_were_entered(one_table, admin_user):
    game_services.hand_record(game=one_table.game, position=0, by=None, event={
        "kind": "draw", "tenpai": [0], "riichi": []})
    with pytest.raises(TournamentRefused) as exc:
        services.table_scores(table=one_table, scores=WIN_ORDER, by=admin_user)
    assert exc.value.refusal == Refusal.HANDS_ENTERED


def test_correcting_final_scores_needs_a_reason(one_table, admin_user):
    services.table_scores(table=one_table, scores=WIN_ORDER, by=admin_user)
    with pytest.raises(TournamentRefused):
        services.table_scores(table=one_table, scores=[10000, 20000, 30000, 40000], by=admin_user)
    game = services.table_scores(table=one_table, scores=[10000, 20000, 30000, 40000], by=admin_user,
                                 reason="East and North swapped")
    assert game.final_ranks == [4, 3, 2, 1]
    assert AuditEntry.objects.filter(object_type="tournament_table", reason="East and North swapped").exists()


def test_a_corrected_final_score_recomputes_the_season_standings_whole(one_table, admin_user, tournament,
                                                                       django_capture_on_commit_callbacks):
    from league.models import StandingsSnapshot
    from league.standings.services import standings_refresh

    with django_capture_on_commit_callbacks(execute=True):  # the first result: added to the snapshot
        services.table_scores(table=one_table, scores=WIN_ORDER, by=admin_user)
    with django_capture_on_commit_callbacks(execute=True):  # a correction of it: the season recomputed
        services.table_scores(table=one_table, scores=[10000, 20000, 30000, 40000], by=admin_user,
                              reason="East and North swapped")
    east = one_table.game.seat_set.get(seat=0).member_id
    rows = StandingsSnapshot.objects.get(season=tournament.season).rows
    assert next(r for r in rows if r["member_id"] == east)["rank_counts"] == [0, 0, 0, 1]
    assert standings_refresh(season_id=tournament.season_id).rows == rows


def test_a_hand_by_hand_game_counts_like_a_final_score(one_table, admin_user, tournament):
    game_services.hand_record(game=one_table.game, position=0, by=None, event={
        "kind": "ron", "loser": 0, "riichi": [], "wins": [{"winner": 1, "yakuman": 1}]})
    one_table.game.refresh_from_db()
    assert one_table.game.status == Game.Status.FINISHED
    rows = standings.standings(tournament)
    seat1 = one_table.game.seat_set.get(seat=1).member_id
    assert rows[0]["member_id"] == seat1
    assert rows[0]["games"] == 1


# --- the cut ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("carry", "factor"), [("full", 1), ("half", Decimal("0.5")), ("reset", 0)])
def test_after_the_cut_the_top_four_play_a_final_table_with_points_carried(club, ruleset, members, admin_user,
                                                                           carry, factor):
    tournament = make(club, ruleset, admin_user, rounds=4, cut_after=3, cut_to=4, carry=carry)
    enter_all(tournament, members, admin_user)
    for n in range(1, 4):
        rnd, _ = services.round_seat(tournament=tournament, number=n, by=admin_user, seed=n)
        finish_round(rnd, admin_user)
    before = standings.standings(tournament)
    top = [r["member_id"] for r in before[:4]]
    stage1 = {r["member_id"]: r["points"] for r in before}
    final, _ = services.round_seat(tournament=tournament, number=4, by=admin_user)
    tournament.refresh_from_db()
    assert final.stage == 2
    assert tournament.finalists == top
    assert set(seats(final)[0]) == set(top)
    assert len(seats(final)) == 1
    finish_round(final, admin_user)
    after = standings.standings(tournament)
    assert {r["member_id"] for r in after[:4]} == set(top)
    final_game = final.tables.get().game
    for row in after[:4]:
        seat = final_game.seat_set.get(member_id=row["member_id"]).seat
        assert row["points"] == stage1[row["member_id"]] * factor + WIN_ORDER_POINTS[seat]
    assert [r["member_id"] for r in after[4:]] == [r["member_id"] for r in before[4:]]


# --- withdrawal ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("policy", "listed"), [("keep", True), ("drop", False)])
def test_a_player_who_withdraws_mid_event(club, ruleset, members, admin_user, policy, listed):
    tournament = make(club, ruleset, admin_user, withdrawal_policy=policy)
    entrants = enter_all(tournament, members[:8], admin_user)
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user)
    leaver = entrants[0]
    with pytest.raises(TournamentRefused) as exc:
        services.withdraw(entrant=leaver, by=admin_user)
    assert exc.value.refusal == Refusal.PLAYING
    assert leaver.member.display_name in exc.value.messages[0]
    finish_round(rnd, admin_user)
    services.withdraw(entrant=leaver, by=leaver.member.user)
    rnd2, _ = services.round_seat(tournament=tournament, number=2, by=admin_user)
    assert leaver.member_id not in itertools.chain(*seats(rnd2))
    assert len(rnd2.sitting_out) == 3
    rows = standings.standings(tournament)
    assert (leaver.member_id in {r["member_id"] for r in rows}) is listed


# --- penalties and ties ----------------------------------------------------------------------------------------
def test_a_penalty_comes_off_the_total(one_table, tournament, admin_user):
    services.table_scores(table=one_table, scores=WIN_ORDER, by=admin_user)
    first = one_table.game.seat_set.get(seat=0).member
    services.penalty(tournament=tournament, member=first, points=Decimal("20"), reason="늦은 도착", by=admin_user)
    row = next(r for r in standings.standings(tournament) if r["member_id"] == first.pk)
    assert row["penalty"] == Decimal("-20")
    assert row["points"] == Decimal("40")


def _tie_rule_ruleset(club, tie_rule):
    return RulesetFactory(club=club, key=f"juki-{tie_rule}", base="juki-agit-2026", overrides={"tie_rule": tie_rule})


@pytest.mark.parametrize("tie_rule", ["seat_order", "split"])
def test_equal_totals_are_decided_by_the_best_single_game(club, members, admin_user, tie_rule):
    """Y (registered first) and X both make 10 points; X's best game (+60) beats Y's (+55)."""
    tournament = make(club, _tie_rule_ruleset(club, tie_rule), admin_user, rounds=2, seating_method="predefined")
    y, x, a, b, c, d, e, f = members[:8]
    enter_all(tournament, [y, x, a, b, c, d, e, f], admin_user)
    lines = {1: ([x, a, b, c], [40000, 30000, 20000, 10000], [y, d, e, f], [35000, 30000, 25000, 10000]),
             2: ([x, a, b, c], [10000, 40000, 30000, 20000], [y, d, e, f], [15000, 40000, 25000, 20000])}
    text = csv_for([[[m.display_name for m in lines[r][0]], [m.display_name for m in lines[r][2]]] for r in (1, 2)])
    for n in (1, 2):
        rnd, _ = services.round_seat(tournament=tournament, number=n, by=admin_user, csv_text=text)
        first, second = rnd.tables.order_by("id")
        services.table_scores(table=first, scores=lines[n][1], by=admin_user)
        services.table_scores(table=second, scores=lines[n][3], by=admin_user)
    rows = {r["member_id"]: r for r in standings.standings(tournament)}
    assert rows[x.pk]["points"] == rows[y.pk]["points"] == Decimal(10)
    assert rows[x.pk]["place"] < rows[y.pk]["place"]


@pytest.mark.parametrize(("tie_rule", "places"), [("seat_order", [1, 2]), ("split", [1, 1])])
def test_players_level_on_everything_share_the_place_only_under_split(club, members, admin_user, tie_rule, places):
    tournament = make(club, _tie_rule_ruleset(club, tie_rule), admin_user, rounds=1)
    enter_all(tournament, members[:8], admin_user)
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user)
    finish_round(rnd, admin_user)
    rows = standings.standings(tournament)
    assert [r["place"] for r in rows[:2]] == places
    assert rows[0]["points"] == rows[1]["points"]


# --- a substitute mid-game -------------------------------------------------------------------------------------
def test_a_substitute_plays_a_withdrawing_players_seat_and_the_others_game_counts(club, ruleset, members, admin_user):
    tournament = make(club, ruleset, admin_user)
    enter_all(tournament, members[:4], admin_user)
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user)
    table = rnd.tables.get()
    leaver = table.game.seat_set.get(seat=2).member
    reserve = members[10]
    with pytest.raises(TournamentRefused) as exc:
        services.table_substitute(table=table, leaving=leaver, substitute=members[1] if leaver != members[1]
                                  else members[0], by=admin_user, reason="복통")
    assert exc.value.refusal == Refusal.PLAYING  # a player of the tournament cannot double up
    with pytest.raises(TournamentRefused):
        services.table_substitute(table=table, leaving=leaver, substitute=reserve, by=admin_user, reason=" ")
    services.table_substitute(table=table, leaving=leaver, substitute=reserve, by=admin_user, reason="복통")
    assert table.game.seat_set.get(seat=2).member == reserve
    assert Entrant.objects.get(tournament=tournament, member=leaver).status == Entrant.Status.WITHDRAWN
    services.table_scores(table=table, scores=WIN_ORDER, by=admin_user)
    rows = {r["member_id"]: r for r in standings.standings(tournament)}
    assert reserve.pk not in rows
    assert len([r for r in rows.values() if r["games"] == 1]) == 3
    assert AuditEntry.objects.filter(object_type="game", reason="복통").exists()



@pytest.mark.parametrize(("case", "team"), [("no team named", ""), ("the team is full", "팀A")])
def test_team_registration_rules(club, ruleset, members, admin_user, case, team):
    tournament = make(club, ruleset, admin_user, team_size=2)
    for m in members[:2]:
        services.register(tournament=tournament, member=m, by=admin_user, team="팀A")
    with pytest.raises(TournamentRefused) as exc:
        services.register(tournament=tournament, member=members[2], by=members[2].user, team=team)
    assert exc.value.refusal == Refusal.SETTINGS
    with pytest.raises(TournamentRefused):
        services.register_guest(tournament=tournament, name="손님", by=admin_user, team=team)
    assert tournament.entrants.count() == 2


def test_the_desk_reads_refusals_in_korean(one_table, admin_user):
    from django.utils import translation

    with translation.override("ko"), pytest.raises(TournamentRefused) as exc:
        services.table_scores(table=one_table, scores=[40000, 30000, 20000, 9000], by=admin_user)
    assert exc.value.messages[0] == ("점수 합계가 99,000점입니다 (탁에 남은 리치봉 0개 포함). "
                                     "시작 합계는 100,000점이므로 1,000점이 모자랍니다. 각 점수를 확인하세요.")


# --- a result is the game's record: nobody at the table wipes it (issue 21, item 3) ------------------------
def test_a_seated_player_cannot_wipe_an_entered_result(one_table, admin_user):
    game = services.table_scores(table=one_table, scores=[41000, 30000, 20000, 8000], sticks=1, by=admin_user)
    seated = game.seat_set.order_by("seat").first().member.user
    from league.games.errors import HandRefused

    with pytest.raises(HandRefused) as exc:
        game_services.hand_record(game=game, position=0, by=seated, event={"kind": "draw", "tenpai": [0]})
    assert exc.value.code == "finished" or exc.value.code == "conflict"
    with pytest.raises(HandRefused) as exc:
        game_services.hand_record(game=game, position=None, by=seated, event={"kind": "draw", "tenpai": [0]})
    assert exc.value.code == "finished"
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.ended_by == "result"
    assert game.final_scores == [42000, 30000, 20000, 8000]


def test_correcting_a_result_rewrites_its_one_event(one_table, admin_user):
    services.table_scores(table=one_table, scores=WIN_ORDER, by=admin_user)
    game = services.table_scores(table=one_table, scores=[8000, 20000, 30000, 42000], by=admin_user,
                                 reason="1위와 4위를 바꿔 적음")
    assert list(game.hands.values_list("event", flat=True)) == [
        {"kind": "result", "scores": [8000, 20000, 30000, 42000], "sticks": 0}]
    assert game.final_ranks == [4, 3, 2, 1]


def test_the_tournament_page_says_the_result_was_entered(one_table, admin_user, client):
    from django.urls import reverse

    services.table_scores(table=one_table, scores=WIN_ORDER, by=admin_user)
    client.force_login(admin_user)
    page = client.get(reverse("events:tournament_detail", args=[one_table.round.tournament_id]),
                      HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert "점수 입력" in page
