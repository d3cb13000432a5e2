"""A federation's ranking from what its clubs share (issue 36 item 3): MERS over shared tournaments, the
cross-club OpenSkill over shared games; stored, updated for what changed, equal to a recompute."""
from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from federation import files, selectors, services
from federation.models import FederationResult, FederationTournament, RankingRow
from league.games import services as game_services
from tests.factories import MemberFactory, RulesetFactory, SeasonFactory, UserFactory
from tests.federation.conftest import admin_of, play_tournament

pytestmark = pytest.mark.django_db


def rows(season):
    return {r.person_id: (r.value, r.listed) for r in RankingRow.objects.filter(season=season)}


@pytest.fixture
def mers_season(federation, fed_admin):
    return services.season_create(federation=federation, name="2026 연맹 랭킹", starts_on=datetime.date(2026, 1, 1),
                                  ends_on=datetime.date(2026, 12, 31), method="mers", by=fed_admin)


def test_mers_lists_a_person_after_two_shared_tournaments(federation, club_a, mers_season,
                                                        django_capture_on_commit_callbacks):
    """Two one-day tournaments of 4 players at one country: weight 1 each; base ranks 1000, 667, 333, 0.
    민수 1st then 2nd: padded [1000, 667, 0, 0, 0] → A = 1667 / 5 = 333.4, B = 1667 / 4 = 416.75,
    ½ × 333.4 + ½ × 416.75 = 375.075 → 375.08.
    지은 4th then 1st: [1000, 0, 0, 0, 0] → A = 200, B = 250, ranking 225.00."""
    admin = admin_of(club_a)
    people = [MemberFactory(club=club_a, display_name=n) for n in ("민수", "지은", "서준", "하윤")]
    minsu, jieun, seojun, hayun = people
    with django_capture_on_commit_callbacks(execute=True):
        play_tournament(club_a, admin, [minsu, seojun, hayun, jieun], name="봄 대회",
                        day=datetime.date(2026, 4, 1))
    assert not RankingRow.objects.filter(season=mers_season, listed=True).exists()  # one tournament: not yet
    with django_capture_on_commit_callbacks(execute=True):
        play_tournament(club_a, admin, [jieun, minsu, seojun, hayun], name="가을 대회",
                        day=datetime.date(2026, 10, 1))
    stored = rows(mers_season)
    assert stored[minsu.person_id] == (Decimal("375.080"), True)
    assert stored[jieun.person_id] == (Decimal("225.000"), True)
    page = selectors.ranking_page(season=mers_season)
    assert [(line.rank, line.name) for line in page][:2] == [(1, "민수"), (2, "서준")]
    # the update for the tournament's persons equals a recompute from scratch
    services.ranking_recompute(season=mers_season)
    assert rows(mers_season) == stored


def test_a_club_that_shares_nothing_is_not_ranked(federation, club_b, mers_season,
                                                 django_capture_on_commit_callbacks):
    admin = admin_of(club_b)
    people = [MemberFactory(club=club_b) for _ in range(4)]
    with django_capture_on_commit_callbacks(execute=True):
        play_tournament(club_b, admin, people, day=datetime.date(2026, 4, 1))
        play_tournament(club_b, admin, people, name="또 대회", day=datetime.date(2026, 5, 1))
    assert not FederationTournament.objects.exists()
    assert not RankingRow.objects.filter(season=mers_season).exists()


def test_a_club_that_stops_sharing_takes_its_results_back(federation, club_a, mers_season, fed_admin,
                                                         django_capture_on_commit_callbacks):
    admin = admin_of(club_a)
    people = [MemberFactory(club=club_a) for _ in range(4)]
    with django_capture_on_commit_callbacks(execute=True):
        play_tournament(club_a, admin, people, day=datetime.date(2026, 4, 1))
    assert FederationResult.objects.count() == 4
    membership = federation.memberships.get(club=club_a)
    services.club_share_set(membership=membership, share_tournaments=False, share_seasons=False, by=admin)
    assert not FederationResult.objects.exists()
    assert not RankingRow.objects.filter(season=mers_season).exists()
    assert federation.log.filter(action="club_share").exists()


def test_only_a_clubs_admins_choose_what_it_shares(federation, club_a):
    from federation.services import FederationRefused

    stranger = UserFactory()
    with pytest.raises(FederationRefused) as refused:
        services.club_share_set(membership=federation.memberships.get(club=club_a), share_tournaments=False,
                                share_seasons=False, by=stranger)
    assert refused.value.code == "not_admin"


def test_cross_club_openskill_rates_one_person_across_two_clubs(federation, fed_admin, club_a, club_b,
                                                               django_capture_on_commit_callbacks):
    """One login with a membership at A and at B is one person: after a shared game at each club A's and B's
    (both share their seasons), the OpenSkill season has one row for them with 2 games, as a recompute has."""
    services.club_share_set(membership=federation.memberships.get(club=club_b), share_tournaments=False,
                            share_seasons=True, by=fed_admin)
    season = services.season_create(federation=federation, name="오픈스킬", starts_on=datetime.date(2000, 1, 1),
                                    ends_on=None, method="openskill", by=fed_admin)
    user = UserFactory()
    at_a = MemberFactory(club=club_a, user=user, display_name="민수")
    at_b = MemberFactory(club=club_b, user=user, display_name="민수B")
    assert at_a.person_id == at_b.person_id
    for club, me in ((club_a, at_a), (club_b, at_b)):
        ruleset = RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026")
        club_season = SeasonFactory(club=club, ruleset=ruleset)
        others = [MemberFactory(club=club) for _ in range(3)]
        admin = admin_of(club)
        with django_capture_on_commit_callbacks(execute=True):
            finish_game(club_season, [me, *others], admin)
    row = RankingRow.objects.get(season=season, person_id=at_a.person_id)
    assert row.detail == {"games": 2}
    incremental = rows(season)
    assert len(incremental) == 7  # 민수 and six others
    services.ranking_recompute(season=season)
    assert rows(season) == incremental


def finish_game(season, members, by):
    """A game finished by its final scores, seat order 1st … 4th (the games service writes it)."""
    game = game_services.game_start(season=season, table_label="A", members=members, by=by)
    return game_services.game_result(game=game, scores=[40000, 30000, 20000, 10000], by=by)


def test_a_corrected_shared_game_recomputes_the_rating_season(federation, fed_admin, club_a,
                                                             django_capture_on_commit_callbacks):
    """A finished game's scores corrected (``season_results_changed``): the OpenSkill season is computed again,
    and the winner is now the one the corrected sheet puts first."""
    season = services.season_create(federation=federation, name="오픈스킬", starts_on=datetime.date(2000, 1, 1),
                                    ends_on=None, method="openskill", by=fed_admin)
    ruleset = RulesetFactory(club=club_a, key="juki-agit-2026", base="juki-agit-2026")
    club_season = SeasonFactory(club=club_a, ruleset=ruleset)
    players = [MemberFactory(club=club_a) for _ in range(4)]
    admin = admin_of(club_a)
    with django_capture_on_commit_callbacks(execute=True):
        game = finish_game(club_season, players, admin)
    before = rows(season)
    assert before[players[0].person_id][0] > before[players[3].person_id][0]
    with django_capture_on_commit_callbacks(execute=True):
        game_services.game_result(game=game, scores=[10000, 20000, 30000, 40000], by=admin, reason="점수표 정정")
    after = rows(season)
    assert after[players[3].person_id] == before[players[0].person_id]
    assert after[players[0].person_id] == before[players[3].person_id]


def test_a_claimed_record_counts_for_the_claimant_and_its_undo_takes_it_back(
        federation, fed_admin, club_a, club_b, mers_season, django_capture_on_commit_callbacks):
    """민수 (one login: a member of B, which shares nothing, and of A) is 2nd at A's 봄 대회; "민수옛날", a record of
    A without a login, won A's 가을 대회. Each person has one tournament: neither is listed. 민수 claims the
    record from B; both clubs' admins approve: the 가을 result is now 민수's — [1000, 667] at weight 1, padded
    [1000, 667, 0, 0, 0] → A = 1667 / 5 = 333.4, B = 1667 / 4 = 416.75 → 375.08, listed once; the record's old
    person has no line left. The OpenSkill season, whose games name persons, follows too: 민수 has both games.
    The undo puts everything back."""
    from club import claims

    openskill = services.season_create(federation=federation, name="오픈스킬", starts_on=datetime.date(2000, 1, 1),
                                       ends_on=None, method="openskill", by=fed_admin)
    user = UserFactory()
    at_b = MemberFactory(club=club_b, user=user, display_name="민수")
    at_a = MemberFactory(club=club_a, user=user, display_name="민수")
    old = MemberFactory(club=club_a, display_name="민수옛날")
    others = [MemberFactory(club=club_a, display_name=n) for n in ("서준", "하윤", "도윤")]
    admin_a, admin_b = admin_of(club_a), admin_of(club_b)
    with django_capture_on_commit_callbacks(execute=True):
        play_tournament(club_a, admin_a, [others[0], at_a, others[1], others[2]], name="봄 대회",
                        day=datetime.date(2026, 4, 1))
        play_tournament(club_a, admin_a, [old, others[2], others[1], others[0]], name="가을 대회",
                        day=datetime.date(2026, 10, 1))
    old_person = old.person_id
    assert rows(mers_season)[at_a.person_id] == (None, False)
    assert rows(mers_season)[old_person] == (None, False)
    assert RankingRow.objects.get(season=openskill, person_id=at_a.person_id).detail == {"games": 1}

    claim = claims.claim_create(claimant_member=at_b, target=old, by=user)
    with django_capture_on_commit_callbacks(execute=True):
        claims.claim_approve(claim=claim, by=admin_b)
    assert rows(mers_season)[at_a.person_id] == (None, False)  # one club's approval moves nothing
    with django_capture_on_commit_callbacks(execute=True):
        claim = claims.claim_approve(claim=claim, by=admin_a)
    stored = rows(mers_season)
    assert stored[at_a.person_id] == (Decimal("375.080"), True)
    assert old_person not in stored
    assert RankingRow.objects.get(season=openskill, person_id=at_a.person_id).detail == {"games": 2}
    assert not RankingRow.objects.filter(season=openskill, person_id=old_person).exists()
    services.ranking_recompute(season=mers_season)
    assert rows(mers_season) == stored

    with django_capture_on_commit_callbacks(execute=True):
        claims.claim_undo(claim=claim, by=admin_a)
    old.refresh_from_db()
    assert rows(mers_season) == {at_a.person_id: (None, False), old.person_id: (None, False),
                                 **{m.person_id: rows(mers_season)[m.person_id] for m in others}}
    assert RankingRow.objects.get(season=openskill, person_id=at_a.person_id).detail == {"games": 1}


def test_mers_results_age_by_the_day_and_the_daily_task_computes_a_season_again_once(federation, fed_admin,
                                                                                    monkeypatch):
    """Two imported one-day tournaments of 4 players (weight 1): 민수 1st at 가을 오픈 (2025-09-01) and 2nd at 봄
    오픈 (2026-03-01): base ranks 1000 and 667.

    * 2026-06-01: both within a year — [1000, 667, 0, 0, 0] → A = 1667 / 5 = 333.4, B = 1667 / 4 = 416.75 →
      **375.08**.
    * 2026-09-15: 가을 오픈 is over a year old: weight ½. (1000, ½), (667, 1), (0, 1) × 3 → A = (500 + 667) / 4.5
      = 259.333…, B (best four) = 1167 / 3.5 = 333.428…, ranking ½ × 259.333… + ½ × 333.428… = 296.3809… →
      **296.38** — once the daily task ran; before it the page still says 375.08.
    * 2027-09-15: 가을 오픈 is over two years old and counts no more; one result left: **not listed**."""
    from django.utils import timezone

    from federation import tasks

    def today(day):
        moment = datetime.datetime.combine(day, datetime.time(12), tzinfo=datetime.UTC)
        monkeypatch.setattr(timezone, "now", lambda: moment)

    today(datetime.date(2026, 6, 1))
    season = services.season_create(federation=federation, name="상시 랭킹", starts_on=datetime.date(2025, 1, 1),
                                    ends_on=None, method="mers", by=fed_admin)
    names = [("Minsu", "KIM", "12000001"), ("Jieun", "PARK", "12000002"), ("Seojun", "LEE", "12000003"),
             ("Hayun", "CHOI", "12000004")]
    for title, day, order in (("가을 오픈", datetime.date(2025, 9, 1), [0, 1, 2, 3]),
                              ("봄 오픈", datetime.date(2026, 3, 1), [1, 0, 2, 3])):
        lines = tuple(files.ResultLine(place, *names[i], Decimal(0), Decimal(0), "Korea", 4)
                      for place, i in enumerate(order, start=1))
        services.external_tournament_import(federation=federation, source="ema", by=fed_admin, imported=(
            files.ImportedTournament(title=title, starts_on=day, ends_on=day, rules="EMA", country="Korea",
                                     lines=lines)))
    minsu = FederationResult.objects.filter(ema_id="12000001").values_list("person_id", flat=True).first()
    assert rows(season)[minsu] == (Decimal("375.080"), True)
    assert services.mers_seasons_to_age() == []

    today(datetime.date(2026, 9, 15))
    assert rows(season)[minsu] == (Decimal("375.080"), True)  # as last computed
    assert tasks.rankings_refresh.apply().get() == [season.pk]
    assert rows(season)[minsu] == (Decimal("296.380"), True)
    assert tasks.rankings_refresh.apply().get() == []  # once a day

    today(datetime.date(2027, 9, 15))
    assert tasks.rankings_refresh.apply().get() == [season.pk]
    assert rows(season)[minsu] == (None, False)


def test_a_club_tournaments_mers_weight_counts_its_players_countries(federation, club_a, mers_season,
                                                                    django_capture_on_commit_callbacks):
    """8 players at 아지트's 국제 대회 (1 day) from 6 countries — Korea (two who set it, two who left it empty: the
    federation's country), Japan, China, Germany, France, Netherlands — weight 1 + ½ (6–9 countries) = **1.5**;
    each line lists its player's country. 민수 (Korea, empty) wins it (45,000, the best score): 1000 at 1.5, and
    is 2nd of 4 at 봄 대회 (four countries, weight 1): 667. (1000, 1.5), (667, 1), (0, 1) × 3 → A = (1500 + 667)
    / (1.5 + 1 + 3) = 2167 / 5.5 = 394.00, B = 2167 / 4.5 = 481.5555…, ranking ½ × 394 + ½ × 481.5555… =
    437.7777… → **437.78** (at weight 1, as before persons had a country, it would be 375.08)."""
    from events.tournaments import services as tournaments

    countries = ["", "Japan", "China", "Germany", "France", "Netherlands", "Korea", ""]
    people = []
    for i, country in enumerate(countries):
        member = MemberFactory(club=club_a, display_name=f"선수{i}")
        member.person.country = country
        member.person.save()
        people.append(member)
    minsu = people[0]
    admin = admin_of(club_a)
    ruleset = RulesetFactory(club=club_a, key="juki-agit-2026", base="juki-agit-2026")
    with django_capture_on_commit_callbacks(execute=True):
        cup = tournaments.tournament_create(club=club_a, ruleset=ruleset, by=admin, name="국제 대회", rounds=1,
                                            starts_on=datetime.date(2026, 9, 5))
        for member in people:
            entrant, _new = tournaments.register(tournament=cup, member=member, by=admin)
            tournaments.check_in(entrant=tournaments.approve(entrant=entrant, by=admin), by=admin)
        rnd, _seated = tournaments.round_seat(tournament=cup, number=1, by=admin, seed=1)
        for table in rnd.tables.select_related("game"):
            seated = list(table.game.seat_set.order_by("seat").values_list("member_id", flat=True))
            scores = [40000, 30000, 20000, 10000]
            if minsu.pk in seated:
                rest = iter([30000, 15000, 10000])
                scores = [45000 if m == minsu.pk else next(rest) for m in seated]
            tournaments.table_scores(table=table, scores=scores, by=admin)
        tournaments.tournament_finish(tournament=cup, by=admin)
        play_tournament(club_a, admin, [people[1], minsu, people[2], people[3]], name="봄 대회",
                        day=datetime.date(2026, 4, 1))
    record = FederationTournament.objects.get(tournament=cup)
    assert (record.players, record.countries) == (8, 6)
    assert sorted(record.results.values_list("country", flat=True)) == sorted(
        ["Korea", "Japan", "China", "Germany", "France", "Netherlands", "Korea", "Korea"])
    assert files.read_ema_workbook(files.ema_workbook(selectors.tournament_file(record=record))).mers_weight \
        == Decimal("1.5")
    assert record.results.get(person_id=minsu.person_id).place == 1
    assert rows(mers_season)[minsu.person_id] == (Decimal("437.780"), True)


def test_the_hourly_refresh_computes_a_season_marked_changed_again(federation, fed_admin, club_a):
    """A rating season marked changed (a shared tournament's results changed under it) is computed again by the
    hourly refresh, and unmarked; the next hour leaves it alone."""
    from federation import tasks
    from federation.models import FederationSeason

    season = services.season_create(federation=federation, name="오픈스킬", starts_on=datetime.date(2000, 1, 1),
                                    ends_on=None, method="openskill", by=fed_admin)
    tournament = play_tournament(club_a, admin_of(club_a), [MemberFactory(club=club_a) for _ in range(4)])
    services.tournament_results_changed(tournament=tournament)
    assert services.stale_seasons() == [season]
    assert tasks.rankings_refresh.apply().get() == [season.pk]
    assert FederationSeason.objects.get(pk=season.pk).changed_at is None
    assert tasks.rankings_refresh.apply().get() == []


def test_a_games_end_at_a_club_in_no_federation_sends_the_broker_nothing(club, django_capture_on_commit_callbacks,
                                                                        monkeypatch):
    """Most clubs are in no federation: whether the club shares is asked after the commit, before any message to
    the broker (a Redis publish costs a production save more than the question)."""
    queued = []
    monkeypatch.setattr("core.queueing.send", lambda task, arg, what, **kwargs: queued.append(task.name))
    ruleset = RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026")
    with django_capture_on_commit_callbacks(execute=True):
        finish_game(SeasonFactory(club=club, ruleset=ruleset), [MemberFactory(club=club) for _ in range(4)],
                    admin_of(club))
    assert "league.season_recompute" in queued  # the standings' update: queued as ever
    assert "federation.game_finished" not in queued
