"""Export a season, restore it into an empty database: identical standings and ratings."""
from __future__ import annotations

import json
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command

from club.models import Club, Member
from league.games import services as game_services
from league.models import Game, Penalty, Ruleset, Season
from league.referee import services as referee_services
from league.standings.services import load_season_data
from league.standings.stats import compute_standings
from league.transfer import tenhou6 as importers
from league.transfer.csv import games_rows, hands_rows
from league.transfer.season_file import FORMAT, RestoreError, export_season, restore_season
from tests.factories import ClubFactory, MemberFactory, RulesetFactory, SeasonFactory
from tests.league.test_import_tenhou6 import FULL_GAMES, load

YAKUMAN_RON = {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "yakuman": 1}], "riichi": []}


def build_season() -> Season:
    """A season with imported Tenhou games, table games, penalties (some cancelled), a cancelled game."""
    club = ClubFactory(slug="juki-agit")
    ruleset = RulesetFactory(club=club, key="tenhou", base="tenhou", version="1")
    season = SeasonFactory(club=club, ruleset=ruleset, rating_method=Season.RatingMethod.TENHOU_R, min_games=1)
    for name in FULL_GAMES[:3]:
        importers.import_log(season=season, log=load(name), create_members=True)
    table = [MemberFactory(club=club) for _ in range(4)]
    # a game with a chombo (penalty service), then a yakuman ron that busts seat 1
    g1 = game_services.game_start(season=season, members=table, table_label="A")
    game_services.hand_record(game=g1, position=0,
                              event={"kind": "ron", "loser": 2, "wins": [{"winner": 3, "han": 3, "fu": 30}]})
    referee_services.penalty_give(member=table[2], type="chombo", reason="wrong tsumo", game=g1)
    game_services.hand_record(game=g1, position=2, event=YAKUMAN_RON)
    # a game in progress, a cancelled game
    g2 = game_services.game_start(season=season, members=list(reversed(table)), table_label="B")
    game_services.hand_record(game=g2, position=0, event={"kind": "draw", "tenpai": [0], "riichi": [0]})
    g3 = game_services.game_start(season=season, members=table, table_label="C")
    game_services.hand_record(game=g3, position=0, event=YAKUMAN_RON)
    game_services.game_cancel(game=g3, reason="wrong players")
    # season-level penalties, one cancelled
    referee_services.penalty_give(member=table[0], type="season_deduction", points=Decimal("5.5"), reason="late",
                                  season=season)
    cancelled = referee_services.penalty_give(member=table[1], type="season_deduction", points=10, reason="x",
                                              season=season)
    referee_services.penalty_cancel(penalty=cancelled, reason="appeal")
    return season


def normalized(season: Season):
    """The standings rows and ratings keyed by member name and game order (ids differ after restore)."""
    rows, ratings = compute_standings(load_season_data(season))
    names = dict(Member.objects.filter(club=season.club).values_list("pk", "display_name"))
    order = {gid: i for i, gid in enumerate(season.games.order_by("finished_at", "pk").values_list("pk", flat=True))}
    rows = [_game_order({k: v for k, v in r.items() if k != "member_id"}, order) | {"member": names[r["member_id"]]}
            for r in rows]
    final = {names[int(k)]: v for k, v in ratings["final"].items()}
    history = {names[int(k)]: [[order[g], v] for g, v in steps] for k, steps in ratings["history"].items()}
    return rows, final, history


def _game_order(row: dict, order: dict) -> dict:
    """A row's evidence (issue 26: the awards' games and hands) by game order instead of game id."""
    out = dict(row)
    out["yakuman_hands"] = [[order[g], p] for g, p in row.get("yakuman_hands") or ()]
    out["comeback_games"] = [order[g] for g in row.get("comeback_games") or ()]
    out["near_bust_games"] = [order[g] for g in row.get("near_bust_games") or ()]
    if row.get("best"):
        out["best"] = [*row["best"][:-2], order[row["best"][-2]], row["best"][-1]]
    if row.get("streak"):
        out["streak"] = [row["streak"][0], order[row["streak"][1]], row["streak"][2]]
    if row.get("full_hands"):
        out["full_hands"] = [{**w, "game": order[w["game"]]} for w in row["full_hands"]]
    return out


def wipe():
    call_command("flush", interactive=False, verbosity=0)
    assert not Club.objects.exists()
    assert not Game.objects.exists()
    assert not Ruleset.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_export_then_restore_into_empty_database_gives_identical_standings(tmp_path):
    season = build_season()
    before = normalized(season)
    games_before = games_rows(season)[1:]
    assert len(before[0]) >= 8
    assert before[1]
    path = tmp_path / "season.json"
    call_command("export_season", str(season.pk), "-o", str(path))
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == FORMAT
    assert {r["ref"] for r in doc["rulesets"]} == {"tenhou@1"}
    assert doc["rulesets"][0]["spec"] == {"base": "tenhou", "overrides": {}}
    assert {p["type"] for p in doc["penalties"]} == {"chombo", "season_deduction"}
    assert all(g["record"]["format"] == "mahjong-club-game/1" for g in doc["games"])

    wipe()
    call_command("import_season", str(path))
    restored = Season.objects.get()
    assert normalized(restored) == before
    assert [r[1:] for r in games_rows(restored)[1:]] == [r[1:] for r in games_before]
    assert restored.games.filter(status=Game.Status.CANCELLED).get().cancel_reason == "wrong players"
    assert restored.games.filter(status=Game.Status.IN_PROGRESS).count() == 1
    chombo = Penalty.objects.get(type="chombo")
    assert chombo.hand_record.position == 1
    assert chombo.hand_record.event["kind"] == "chombo"
    assert Penalty.objects.filter(type="season_deduction", cancelled_at__isnull=False).count() == 1
    # the snapshot written by the recompute task agrees too
    snap_rows = restored.standings_snapshot.rows
    assert [r["name"] for r in snap_rows] == [r["member"] for r in before[0]]


@pytest.mark.django_db
def test_restore_refuses_an_existing_club():
    season = build_season()
    doc = export_season(season)
    with pytest.raises(RestoreError, match="exists already"):
        restore_season(doc)


@pytest.mark.django_db(transaction=True)
def test_a_second_season_of_the_club_is_restored_into_the_existing_club(tmp_path):
    season = build_season()
    club = season.club
    other = SeasonFactory(club=club, ruleset=season.ruleset, name="두 번째 시즌")
    table = list(Member.objects.filter(club=club).order_by("pk")[:4])
    g = game_services.game_start(season=other, members=table)
    game_services.hand_record(game=g, position=0, event=YAKUMAN_RON)
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    call_command("export_season", str(season.pk), "-o", str(first))
    call_command("export_season", str(other.pk), "-o", str(second))
    before = normalized(other)

    wipe()
    call_command("import_season", str(first))
    with pytest.raises(CommandError, match="--into-existing-club"):
        call_command("import_season", str(second))
    call_command("import_season", "--into-existing-club", str(second))
    assert Club.objects.count() == 1
    assert Ruleset.objects.count() == 1
    restored = Season.objects.get(name="두 번째 시즌")
    assert normalized(restored) == before
    assert Member.objects.filter(club=restored.club).count() == len({m["display_name"] for m in json.loads(
        first.read_text(encoding="utf-8"))["members"]} | {m["display_name"] for m in json.loads(
        second.read_text(encoding="utf-8"))["members"]})
    with pytest.raises(CommandError, match="already"):
        call_command("import_season", "--into-existing-club", str(second))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("breakage", "message"),
    [
        (lambda d: d.update(format="x"), "Not a season export"),
        (lambda d: d["games"][0]["record"]["hands"].append({"kind": "draw", "tenpai": []}), "already over"),
        (lambda d: d["games"][0]["record"]["hands"].__setitem__(0, {"kind": "ron"}), "game"),
        (lambda d: d["members"].pop(0), "not among the exported members"),
        (lambda d: d["season"].update(ruleset="nope@1"), "not among the exported rulesets"),
    ],
    ids=["wrong-format", "hand-after-the-end", "malformed-event", "missing-member", "unknown-ruleset"],
)
def test_restore_refuses_a_bad_file_without_writing(breakage, message):
    club = ClubFactory(slug="src")
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="tenhou", base="tenhou"))
    members = [MemberFactory(club=club) for _ in range(4)]
    game = game_services.game_start(season=season, members=members)
    game_services.hand_record(game=game, position=0, event=YAKUMAN_RON)
    doc = export_season(season)
    doc["club"]["slug"] = "restored"
    breakage(doc)
    counts = (Club.objects.count(), Game.objects.count(), Member.objects.count())
    with pytest.raises(RestoreError, match=message):
        restore_season(doc)
    assert (Club.objects.count(), Game.objects.count(), Member.objects.count()) == counts


@pytest.mark.django_db
def test_import_season_command_refuses_a_non_json_file(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CommandError, match="not JSON"):
        call_command("import_season", str(path))


@pytest.mark.django_db
def test_hands_csv_has_one_row_per_hand_with_the_replayed_scores():
    club = ClubFactory()
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="tenhou", base="tenhou"))
    members = [MemberFactory(club=club, display_name=n) for n in ("=cmd", "이", "박", "최")]
    game = game_services.game_start(season=season, members=members)
    game_services.hand_record(game=game, position=0, event=YAKUMAN_RON)
    header, row = hands_rows(season)
    assert row[:6] == [game.pk, 0, "ron", "E1", 0, 0]
    assert row[6:10] == [48000, -48000, 0, 0]  # dealer yakuman
    assert row[10:14] == [73000, -23000, 25000, 25000]
    games = games_rows(season)
    assert games[1][7] == "'=cmd"  # formula injection guard


# --- issue 9, item 7: the history survives export → restore → export -------------------------------
def _history_season():
    """A table game with people behind every write: a ruling that moves points (amount and
    beneficiary), a cancelled penalty, hands entered by a player, an edit, a season deduction."""
    from tests.factories import ClubRoleFactory, UserFactory

    club = ClubFactory(slug="history")
    ruleset = RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026")
    season = SeasonFactory(club=club, ruleset=ruleset)
    table = [MemberFactory(club=club, user=UserFactory()) for _ in range(4)]
    referee = MemberFactory(club=club, user=UserFactory(), display_name="심판")
    ClubRoleFactory(club=club, member=referee, role="referee")
    game = game_services.game_start(season=season, members=table, table_label="A", by=referee.user)
    game_services.hand_record(game=game, position=0, by=table[0].user,
                         event={"kind": "ron", "loser": 2, "wins": [{"winner": 3, "han": 3, "fu": 30}]})
    referee_services.penalty_give(member=table[1], type="ruling", reason="moved seats", game=game, amount=2000,
                          beneficiary=table[0], by=referee.user)
    card = referee_services.penalty_give(member=table[2], type="yellow_card", reason="exposed tiles", game=game,
                                 by=referee.user)
    referee_services.penalty_cancel(penalty=card, reason="not exposed after all", by=referee.user)
    hand = game_services.hand_record(game=game, position=2, by=table[1].user,
                                event={"kind": "tsumo", "winner": 1, "han": 2, "fu": 30})
    game_services.hand_edit(hand=hand, event={"kind": "tsumo", "winner": 1, "han": 3, "fu": 30}, by=table[1].user,
                       reason="counted dora")
    referee_services.penalty_give(member=table[3], type="season_deduction", points=Decimal("2.0"), reason="late",
                          season=season, by=referee.user)
    return season


def _without_ids(doc):
    doc = json.loads(json.dumps(doc))
    doc.pop("exported_at")
    for g in doc["games"]:
        g.pop("id")
    for p in doc["penalties"]:
        p.pop("id"), p.pop("game")
    for e in doc["audit"]:
        e.pop("object_id")
        if e["object_type"] == "hand":
            for side in (e["before"], e["after"]):
                if isinstance(side, dict):
                    side.pop("game", None)
    return doc


@pytest.mark.django_db(transaction=True)
def test_export_restore_export_keeps_rulings_people_and_the_audit_log(tmp_path):
    first = export_season(_history_season())
    ruling = next(p for p in first["penalties"] if p["type"] == "ruling")
    east = first["games"][0]["record"]["players"][0]
    assert (ruling["amount"], ruling["beneficiary"], ruling["given_by"]) == (2000, east, "심판")
    card = next(p for p in first["penalties"] if p["type"] == "yellow_card")
    assert card["cancelled_by"] == "심판"
    game = first["games"][0]
    assert game["started_by"] == "심판"
    assert [e["by"] for e in game["entered"]] == [game["record"]["players"][0], "심판", game["record"]["players"][1]]
    assert {(e["action"], e["object_type"]) for e in first["audit"]} >= {
        ("create", "game"), ("create", "hand"), ("edit", "hand"), ("create", "penalty"),
        ("cancel", "penalty"), ("delete", "hand")}
    assert any(e["reason"] == "counted dora" and e["actor"] == game["record"]["players"][1] for e in first["audit"])

    path = tmp_path / "season.json"
    path.write_text(json.dumps(first), encoding="utf-8")
    wipe()
    call_command("import_season", str(path))
    second = export_season(Season.objects.get())

    assert _without_ids(second) == _without_ids(first)


@pytest.mark.django_db(transaction=True)
def test_a_season_with_a_ruling_that_moves_points_can_be_restored():
    doc = export_season(_history_season())
    wipe()
    restored = restore_season(doc)
    ruling = Penalty.objects.get(season=restored, type="ruling")
    assert (ruling.amount, ruling.beneficiary.display_name) == (2000, doc["games"][0]["record"]["players"][0])
    assert ruling.hand_record.event == {"kind": "penalty", "player": 1, "type": "ruling", "amount": 2000, "to": 0}


@pytest.mark.django_db(transaction=True)
def test_one_writer_a_restore_leaves_its_own_audit_entry_beside_the_restored_history():
    """Issue 24: the season import writes through ``core.audit``: the club sees that a file was restored, and
    when; the season's exported history comes back as it was, without the restore in it."""
    from core.models import AuditEntry

    doc = export_season(_history_season())
    wipe()
    restored = restore_season(doc)

    entry = AuditEntry.objects.get(object_type="season_file")
    assert (entry.club_id, entry.object_id, entry.action, entry.actor, entry.reason) == (
        restored.club_id, str(restored.pk), AuditEntry.Action.CREATE, None, "season restore")
    assert entry.after == {"season": restored.name, "games": len(doc["games"]), "penalties": len(doc["penalties"])}
    assert all(e["object_type"] != "season_file" for e in export_season(restored)["audit"])
