"""Issue 22.3: every kind of season is exported and restored, and export → restore → export gives
the same document: a league season, a club night's season, a tournament's (entrants, teams, rounds,
tables entered hand by hand and by final scores, the cut and its finalists), casual games — each
with a duplicate member merged into another (the link kept)."""
from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from club.models import Member
from events.casual.models import CasualSeason
from events.models import ClubNight
from events.nights import services as night_services
from events.tournaments import services as tournament_services
from events.tournaments.models import Entrant, Tournament, TournamentTable
from league.games import services as game_services
from league.games.selectors import entered_result
from league.members import services as member_services
from league.models import Game, GameSeat, Season
from league.transfer.season_file import RestoreError, export_season, restore_season
from tests.factories import (
    CasualSeasonFactory,
    ClubFactory,
    ClubRoleFactory,
    MemberFactory,
    RulesetFactory,
    SeasonFactory,
    UserFactory,
)

YAKUMAN_RON = {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "yakuman": 1}], "riichi": []}
WIN_ORDER = [40000, 30000, 20000, 10000]


def _club(slug: str):
    club = ClubFactory(slug=slug)
    ruleset = RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026")
    admin = MemberFactory(club=club, user=UserFactory(), display_name="관리자")
    ClubRoleFactory(club=club, member=admin, role="admin")
    return club, ruleset, admin.user


def _merged_duplicate(club, target: Member, season: Season | None, others: list[Member], by) -> Member:
    """A duplicate of ``target`` (entered twice at the desk) who played a game in ``season`` (None: none),
    merged into ``target``."""
    duplicate = MemberFactory(club=club, display_name=f"{target.display_name} (중복)")
    if season is not None:
        game = game_services.game_start(season=season, members=[duplicate, *others[:3]], table_label="dup")
        game_services.hand_record(game=game, position=0, event=YAKUMAN_RON)
    member_services.member_merge(source=duplicate, target=target, by=by, reason="same person")
    return duplicate


def league_season() -> Season:
    club, ruleset, admin = _club("league")
    season = SeasonFactory(club=club, ruleset=ruleset)
    table = [MemberFactory(club=club, user=UserFactory()) for _ in range(4)]
    game = game_services.game_start(season=season, members=table, table_label="A", by=admin)
    game_services.hand_record(game=game, position=0, event={"kind": "draw", "tenpai": [0], "riichi": []}, by=admin)
    game_services.game_end(game=game, reason="referee", note="closing time", by=admin)
    _merged_duplicate(club, table[0], season, table[1:], admin)
    return season


def night_season() -> Season:
    club, ruleset, admin = _club("night")
    season = SeasonFactory(club=club, ruleset=ruleset)
    people = [MemberFactory(club=club, user=UserFactory()) for _ in range(9)]
    night = night_services.night_open(club=club, season=season, title="목요일 클럽 나이트", by=admin)
    for m in people:
        night_services.check_in(night=night, member=m, by=admin)
    rnd, _ = night_services.round_seat(night=night, number=1, by=admin, seed=1)
    first, second = rnd.tables.order_by("id")
    game_services.hand_record(game=first.game, position=0, event=YAKUMAN_RON)
    game_services.hand_record(game=second.game, position=0, event={"kind": "draw", "tenpai": [], "riichi": []})
    night_services.table_extra_time(table=second, minutes=10, by=admin, reason="late start")
    night_services.leave(night=night, member=people[8], by=admin)
    game_services.game_end(game=second.game, reason="referee", note="closing", by=admin)
    night_services.night_close(night=night, by=admin)
    _merged_duplicate(club, people[0], season, people[1:], admin)
    return season


def tournament_season() -> Season:
    """Twelve players in six teams of two, two rounds, then a cut to eight for the final stage."""
    club, ruleset, admin = _club("cup")
    t = tournament_services.tournament_create(club=club, ruleset=ruleset, by=admin, name="2026 쥬키배", rounds=3,
                                              team_size=2, cut_after=2, cut_to=8, carry="half")
    people = [MemberFactory(club=club, user=UserFactory()) for _ in range(12)]
    for i, m in enumerate(people):
        e, _ = tournament_services.register(tournament=t, member=m, by=admin, team=f"팀 {i // 2 + 1}")
        tournament_services.check_in(entrant=tournament_services.approve(entrant=e, by=admin), by=admin)
    # a guest who withdraws before round 1
    guest = tournament_services.register_guest(tournament=t, name="손님", by=admin, team="팀 7")
    tournament_services.withdraw(entrant=guest, by=admin)
    for number in (1, 2):
        rnd, _ = tournament_services.round_seat(tournament=t, number=number, by=admin, seed=number)
        tables = list(rnd.tables.order_by("id"))
        if number == 1:  # one table hand by hand, the other by its score sheet
            game_services.hand_record(game=tables[0].game, position=0, event=YAKUMAN_RON)
            tables = tables[1:]
        for table in tables:
            tournament_services.table_scores(table=table, scores=WIN_ORDER, sticks=0, by=admin)
    final, _ = tournament_services.round_seat(tournament=t, number=3, by=admin)
    for table in final.tables.all():
        tournament_services.table_scores(table=table, scores=[39000, 30000, 20000, 10000], sticks=1, by=admin)
    tournament_services.tournament_finish(tournament=t, by=admin)
    _merged_duplicate(club, people[0], None, people[1:], admin)  # the desk made them twice, after the cup
    t.refresh_from_db()
    assert len(t.finalists) == 8
    assert final.stage == 2
    return t.season


def casual_season() -> Season:
    club, ruleset, admin = _club("casual")
    casual = CasualSeasonFactory(club=club, ruleset=ruleset)
    table = [MemberFactory(club=club) for _ in range(4)]
    game = game_services.game_start(season=casual.season, members=table)
    game_services.hand_record(game=game, position=0, event=YAKUMAN_RON)
    _merged_duplicate(club, table[1], casual.season, [table[0], *table[2:]], admin)
    return casual.season


KINDS = {"league": league_season, "club night": night_season, "tournament": tournament_season,
         "casual": casual_season}
SECTION = {"league": None, "club night": "nights", "tournament": "tournament", "casual": "casual"}


def events_of(season: Season) -> dict[str, int]:
    """How many events objects hang on the season, by the section that carries them."""
    return {"nights": ClubNight.objects.filter(season=season).count(),
            "tournament": Tournament.objects.filter(season=season).count(),
            "casual": CasualSeason.objects.filter(season=season).count()}


def comparable(doc: dict) -> dict:
    """The document without what a restore may change: ids (games by their order), when it was exported."""
    doc = json.loads(json.dumps(doc))
    order = {g["id"]: i for i, g in enumerate(doc["games"])}
    doc.pop("exported_at")
    doc["club"].pop("slug")
    for g in doc["games"]:
        g["id"] = order[g["id"]]
    for p in doc["penalties"]:
        p.pop("id")
        p["game"] = order.get(p["game"])
    for e in doc["audit"]:
        e.pop("object_id")
        if e["object_type"] == "hand":
            for side in (e["before"], e["after"]):
                if isinstance(side, dict):
                    side.pop("game", None)
    rounds = [r for n in doc.get("nights", []) for r in n["rounds"]]
    rounds += doc.get("tournament", {}).get("seated_rounds", [])
    for r in rounds:
        for t in r["tables"]:
            t["game"] = order[t["game"]]
    return doc


def restored_copy(doc: dict, slug: str) -> Season:
    copy = json.loads(json.dumps(doc))
    copy["club"]["slug"] = slug
    return restore_season(copy)


@pytest.mark.django_db
@pytest.mark.parametrize("kind", KINDS, ids=[f"a {k} season" for k in KINDS])
def test_export_restore_export_gives_the_same_document(kind):
    season = KINDS[kind]()
    first = export_season(season)
    assert {"nights", "tournament", "casual"} & set(first) == ({SECTION[kind]} - {None})
    restored = restored_copy(first, "restored")
    assert restored.club.slug == "restored"
    assert restored.pk != season.pk
    assert events_of(restored) == events_of(season)
    assert sum(events_of(season).values()) == (kind != "league")
    assert comparable(export_season(restored)) == comparable(first)


@pytest.mark.django_db
@pytest.mark.parametrize("kind", KINDS, ids=[f"a {k} season" for k in KINDS])
def test_a_merged_member_keeps_its_link_and_its_games_stay_with_the_one_it_was_merged_into(kind):
    first = export_season(KINDS[kind]())
    merged = [m for m in first["members"] if m.get("merged_into")]
    assert len(merged) == 1
    restored = restored_copy(first, "restored")
    for m in merged:
        duplicate = Member.objects.get(club=restored.club, display_name=m["display_name"])
        assert (duplicate.merged_into.display_name, duplicate.active) == (m["merged_into"], False)
        target = Member.objects.get(club=restored.club, display_name=m["merged_into"])
        assert not GameSeat.objects.filter(member=duplicate).exists()
        assert GameSeat.objects.filter(member=target, game__season=restored).exists()


@pytest.mark.django_db(transaction=True)
def test_a_tournament_with_a_cut_and_teams_is_restored_into_an_empty_database(tmp_path):
    season = tournament_season()
    first = export_season(season)
    t = first["tournament"]
    assert (t["cut_after"], t["cut_to"], t["carry"], t["team_size"], t["status"]) == (2, 8, "half", 2, "finished")
    assert len(t["finalists"]) == 8
    assert [r["stage"] for r in t["seated_rounds"]] == [1, 1, 2]
    assert {e["team"] for e in t["entrants"] if not e["guest"]} == {f"팀 {n}" for n in range(1, 7)}
    assert sum(tt["entry"] == "scores" for r in t["seated_rounds"] for tt in r["tables"]) == 2 + 3 + 2
    path = tmp_path / "cup.json"
    path.write_text(json.dumps(first, ensure_ascii=False), encoding="utf-8")

    call_command("flush", interactive=False, verbosity=0)
    call_command("import_season", str(path))

    restored = Tournament.objects.get()
    by_name = dict(Member.objects.values_list("display_name", "pk"))
    assert restored.season == Season.objects.get()
    assert restored.finalists == [by_name[n] for n in t["finalists"]]
    assert Entrant.objects.filter(status=Entrant.Status.WITHDRAWN, guest=True).count() == 1
    sheet = TournamentTable.objects.filter(round__number=3).first()
    assert sheet.entry == "scores"  # its scores are its game's result event, restored with the game
    assert entered_result(sheet.game) == {"scores": [39000, 30000, 20000, 10000], "sticks": 1}
    assert sheet.game.status == Game.Status.FINISHED
    assert sheet.game.ended_by == "result"
    assert comparable(export_season(restored.season)) == comparable(first)


@pytest.mark.django_db
def test_a_game_entered_by_its_final_scores_is_restored_through_the_result_service():
    """A score sheet's game comes back finished by its ``result``, the stick handed out as at any end."""
    club, ruleset, admin = _club("sheet")
    season = SeasonFactory(club=club, ruleset=ruleset)
    game = game_services.game_start(season=season, members=[MemberFactory(club=club) for _ in range(4)])
    game_services.game_result(game=game, scores=[30000, 30000, 20000, 19000], sticks=1, by=admin)
    game.refresh_from_db()
    assert game.final_scores == [31000, 30000, 20000, 19000]  # the stick to first place
    restored = restored_copy(export_season(season), "sheet-copy")
    copy = restored.games.get()
    assert (copy.status, copy.ended_by, copy.final_scores) == (Game.Status.FINISHED, "result", game.final_scores)


@pytest.mark.django_db
def test_a_plain_league_file_has_no_events_sections():
    doc = export_season(league_season())
    assert not {"nights", "tournament", "casual"} & set(doc)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("breakage", "message"),
    [
        (lambda d: d["nights"][0]["rounds"][0]["tables"][0].update(game=999999), "not among the exported games"),
        (lambda d: d["nights"][0]["checkins"][0].update(member="없는 사람"), "not among the exported members"),
        (lambda d: d["nights"][0].update(date="어제"), "not a date"),
    ],
    ids=["table-of-an-unknown-game", "check-in-of-an-unknown-member", "night-without-a-date"],
)
def test_a_bad_events_section_is_refused_and_nothing_is_stored(breakage, message):
    doc = json.loads(json.dumps(export_season(night_season())))
    doc["club"]["slug"] = "broken"
    breakage(doc)
    counts = (ClubNight.objects.count(), Game.objects.count(), Season.objects.count(), CasualSeason.objects.count())
    with pytest.raises(RestoreError, match=message):
        restore_season(doc)
    assert (ClubNight.objects.count(), Game.objects.count(), Season.objects.count(),
            CasualSeason.objects.count()) == counts


# --- issue 22: a 3-player season linked to a night or a tournament (its tables of three) -------------------
def _sanma_ruleset(club):
    return RulesetFactory(club=club, key="juki-agit-sanma-2026", base="juki-agit-sanma-2026")


def night_with_threes_season() -> Season:
    """Seven at the night: a table of four in the season, a table of three in the night's 3-player season."""
    club, ruleset, admin = _club("night3")
    season = SeasonFactory(club=club, ruleset=ruleset)
    sanma = SeasonFactory(club=club, ruleset=_sanma_ruleset(club), name="2026 삼마")
    night = night_services.night_open(club=club, season=season, sanma_season=sanma, title="삼마 있는 밤", by=admin)
    for m in [MemberFactory(club=club, user=UserFactory()) for _ in range(7)]:
        night_services.check_in(night=night, member=m, by=admin)
    rnd, _ = night_services.round_seat(night=night, number=1, by=admin, seed=1)
    four, three = sorted(rnd.tables.all(), key=lambda t: -t.game.seats)
    assert (four.game.season, three.game.season) == (season, sanma)
    game_services.hand_record(game=four.game, position=0, event=YAKUMAN_RON, by=admin)
    game_services.hand_record(game=three.game, position=0, event=YAKUMAN_RON, by=admin)
    night_services.night_close(night=night, by=admin)
    return season


def tournament_with_threes_season() -> Season:
    """Seven entrants: each round a table of four and a table of three (the tournament's 3-player season)."""
    club, ruleset, admin = _club("cup3")
    t = tournament_services.tournament_create(club=club, ruleset=ruleset, sanma_ruleset=_sanma_ruleset(club),
                                              by=admin, name="삼마 있는 대회", rounds=1)
    for m in [MemberFactory(club=club, user=UserFactory()) for _ in range(7)]:
        e, _ = tournament_services.register(tournament=t, member=m, by=admin)
        tournament_services.check_in(entrant=tournament_services.approve(entrant=e, by=admin), by=admin)
    rnd, _ = tournament_services.round_seat(tournament=t, number=1, by=admin, seed=1)
    three = next(tt for tt in rnd.tables.all() if tt.game.season_id == t.sanma_season_id)
    game_services.hand_record(game=three.game, position=0, event=YAKUMAN_RON, by=admin)
    return t.season


LINKED = {"club night": (night_with_threes_season, lambda s: ClubNight.objects.get(season=s).sanma_season),
          "tournament": (tournament_with_threes_season, lambda s: Tournament.objects.get(season=s).sanma_season)}


def comparable_linked(doc: dict) -> dict:
    """``comparable`` with the linked seasons' games renumbered in order after the season's own."""
    doc = json.loads(json.dumps(doc))
    linked = doc.pop("linked_seasons", [])
    linked_games = [g for ld in linked for g in ld["games"]]
    doc["games"] += linked_games
    doc = comparable(doc)
    n = len(doc["games"]) - len(linked_games)
    order = {g["id"]: n + i for i, g in enumerate(linked_games)}
    doc["games"] = doc["games"][:n]
    for ld in linked:
        for g in ld["games"]:
            g["id"] = order[g["id"]]
        for p in ld["penalties"]:
            p.pop("id")
            p["game"] = order.get(p["game"])
        for e in ld["audit"]:
            e.pop("object_id")
            if e["object_type"] == "hand":
                for side in (e["before"], e["after"]):
                    if isinstance(side, dict):
                        side.pop("game", None)
    return doc | {"linked_seasons": linked}


@pytest.mark.django_db
@pytest.mark.parametrize("kind", LINKED, ids=[f"a {k} with tables of three" for k in LINKED])
def test_a_linked_3_player_season_is_carried_and_export_restore_export_gives_the_same_document(kind):
    build, linked_of = LINKED[kind]
    season = build()
    sanma = linked_of(season)
    first = export_season(season)
    assert [ld["season"]["name"] for ld in first.get("linked_seasons", [])] == [sanma.name]
    assert len(first["linked_seasons"][0]["games"]) == sanma.games.count() == 1
    restored = restored_copy(first, "restored")
    restored_sanma = linked_of(restored)
    assert restored_sanma is not None
    assert restored_sanma.club == restored.club
    assert (restored_sanma.name, restored_sanma.ruleset.key) == (sanma.name, sanma.ruleset.key)
    assert [g.final_points for g in restored_sanma.games.all()] == [g.final_points for g in sanma.games.all()]
    assert comparable_linked(export_season(restored)) == comparable_linked(first)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("breakage", "message"),
    [
        (lambda d: d["linked_seasons"][0]["games"][0]["record"].update(players=["없는 사람"]),
         "not among the exported members"),
        (lambda d: d["nights"][0].update(sanma_season="없는 시즌"), "not among the file's linked seasons"),
        (lambda d: d["linked_seasons"][0].update(audit="기록"), r"linked_seasons\[0\].audit: must be a list"),
    ],
    ids=["linked-game-of-an-unknown-member", "night-naming-an-unknown-3-player-season", "linked-audit-not-a-list"],
)
def test_a_bad_linked_season_is_refused_and_nothing_is_stored(breakage, message):
    doc = json.loads(json.dumps(export_season(night_with_threes_season())))
    doc["club"]["slug"] = "broken"
    breakage(doc)
    counts = (ClubNight.objects.count(), Game.objects.count(), Season.objects.count())
    with pytest.raises(RestoreError, match=message):
        restore_season(doc)
    assert (ClubNight.objects.count(), Game.objects.count(), Season.objects.count()) == counts
