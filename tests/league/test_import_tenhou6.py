"""Tenhou import: the real logs in shared/data/tenhou6 become games with the logs' final scores."""
from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from club.models import Member
from league.models import Game, ImportBatch
from league.transfer import tenhou6 as importers
from tests.factories import ClubFactory, MemberFactory, RulesetFactory, SeasonFactory
from tests.paths import TENHOU6_LOGS

DATA = TENHOU6_LOGS

FULL_GAMES = sorted(p.name for p in DATA.glob("t6-samples__random-games__*.json")) + [
    "tenhou-shuffle__test_data__2016022509gm-0009-0000-b327da61.json",
    "mjai-reviewer__ranked_game.json",
]


def load(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def season_for(log: dict, club=None):
    """A season whose ruleset is the one the converter derives from the log's rule (tenhou + overrides)."""
    from scoring.tenhou6 import derive_ruleset

    spec = derive_ruleset(log)
    spec = {"base": spec, "overrides": {}} if isinstance(spec, str) else spec
    club = club or ClubFactory()
    ruleset = RulesetFactory(club=club, key="tenhou", base=spec["base"], overrides=spec["overrides"])
    return SeasonFactory(club=club, ruleset=ruleset)


def test_data_is_there():
    assert len(FULL_GAMES) == 10, FULL_GAMES


@pytest.mark.django_db
@pytest.mark.parametrize("name", FULL_GAMES, ids=[n.split("__")[-1].removesuffix(".json") for n in FULL_GAMES])
def test_import_gives_the_logs_final_scores(name):
    log = load(name)
    season = season_for(log)
    game, created = importers.import_log(season=season, log=log, create_members=True)
    assert created
    n = game.seats
    assert game.status == Game.Status.FINISHED
    assert game.final_scores == [int(x) for x in log["sc"][0 : 2 * n : 2]]
    assert [float(p) for p in game.final_points] == pytest.approx([float(x) for x in log["sc"][1 : 2 * n : 2]])
    assert [s.member.display_name for s in game.seat_set.order_by("seat")] == log["name"]
    assert game.source == Game.Source.IMPORT
    assert game.hands.count() == len(log["log"])


@pytest.mark.django_db
def test_same_log_is_not_imported_twice():
    log = load(FULL_GAMES[0])
    season = season_for(log)
    first, created = importers.import_log(season=season, log=log, create_members=True)
    again, created_again = importers.import_log(season=season, log=json.loads(json.dumps(log)), create_members=True)
    assert (created, created_again) == (True, False)
    assert again.pk == first.pk
    assert Game.objects.filter(season=season).count() == 1
    assert first.external_id == importers.log_digest(log)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda log: log.__setitem__("ref", "2099010100gm-0000-0000-deadbeef"), id="another-ref"),
        pytest.param(lambda log: log.pop("ref", None), id="no-ref"),
        pytest.param(lambda log: log.__setitem__("title", ["a title", "another"]), id="another-title"),
        pytest.param(lambda log: log.__setitem__("extra", {"viewer": "me"}), id="an-extra-field"),
    ],
)
def test_issue22_item11_the_same_deal_and_results_is_the_same_game_whatever_the_other_fields(change):
    """A game is its rounds (deal and results), not the log's other fields (``ref``, a title)."""
    log = load(FULL_GAMES[0])
    season = season_for(log)
    first, _ = importers.import_log(season=season, log=log, create_members=True)
    other = json.loads(json.dumps(log))
    change(other)
    again, created = importers.import_log(season=season, log=other, create_members=True)
    assert not created
    assert again.pk == first.pk
    assert Game.objects.filter(season=season).count() == 1


def test_issue22_item11_another_deal_is_another_game():
    log = load(FULL_GAMES[0])
    assert importers.log_digest(log) != importers.log_digest({**log, "log": log["log"][:-1]})
    assert importers.log_digest(log) != importers.log_digest({**log, "sc": [0] * len(log["sc"])})


@pytest.mark.django_db
def test_issue22_item11_a_game_imported_under_the_old_whole_log_digest_is_still_recognised():
    import hashlib

    log = load(FULL_GAMES[0])
    season = season_for(log)
    first, _ = importers.import_log(season=season, log=log, create_members=True)
    whole = json.dumps(log, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    Game.objects.filter(pk=first.pk).update(external_id="tenhou6:" + hashlib.sha256(whole.encode()).hexdigest())
    again, created = importers.import_log(season=season, log=log, create_members=True)
    assert not created
    assert again.pk == first.pk


@pytest.mark.django_db
def test_unmapped_nickname_is_refused_without_writing():
    log = load(FULL_GAMES[0])
    season = season_for(log)
    with pytest.raises(importers.LogError, match="No member for the nickname"):
        importers.import_log(season=season, log=log)
    assert Game.objects.count() == 0
    assert Member.objects.filter(club=season.club).count() == 0


@pytest.mark.django_db
def test_mapping_by_id_and_by_display_name():
    log = load(FULL_GAMES[0])
    season = season_for(log)
    kim = MemberFactory(club=season.club, display_name="김민준")
    lee = MemberFactory(club=season.club, display_name="이서연")
    mapping = {log["name"][0]: str(kim.pk), log["name"][1]: "이서연"}
    game, _ = importers.import_log(season=season, log=log, mapping=mapping, create_members=True)
    seats = [s.member for s in game.seat_set.order_by("seat")]
    assert seats[:2] == [kim, lee]
    assert [m.display_name for m in seats[2:]] == log["name"][2:]


@pytest.mark.django_db
def test_ruleset_that_does_not_fit_the_log_is_refused():
    """An East-only log under a hanchan season does not end: refused, nothing stored."""
    east = load("t6-samples__random-games__2022081017gm-00e1-0000-2df24853.json")
    club = ClubFactory()
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="tenhou", base="tenhou"))
    with translation.override("en"), pytest.raises(importers.LogError, match="does not end.*needs the ruleset tenhou"):
        importers.import_log(season=season, log=east, create_members=True)
    assert Game.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("log", "message"),
    [
        ({"log": []}, "cannot be converted"),
        ({"log": [[1, 2, 3]]}, "malformed|cannot be converted"),
        ({"log": "x"}, "malformed|cannot be converted"),
    ],
    ids=["empty-log", "short-round", "log-not-a-list"],
)
def test_malformed_logs_are_refused(log, message):
    season = season_for({"rule": {"disp": "鳳南喰赤", "aka51": 1, "aka52": 1, "aka53": 1}})
    with pytest.raises(importers.LogError, match=message):
        importers.import_log(season=season, log=log, create_members=True)
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_command_imports_files_and_skips_a_repeat():
    names = FULL_GAMES[:2]
    season = season_for(load(names[0]))
    files = [str(DATA / n) for n in names]
    out = StringIO()
    call_command("import_tenhou6", "--season", str(season.pk), "--create-members", *files, stdout=out)
    assert Game.objects.filter(season=season, status=Game.Status.FINISHED).count() == 2
    out = StringIO()
    call_command("import_tenhou6", "--season", str(season.pk), "--create-members", files[0], stdout=out)
    assert "already imported" in out.getvalue()
    assert Game.objects.filter(season=season).count() == 2
    batch = ImportBatch.objects.order_by("-pk").first()
    assert (batch.total, batch.done, batch.errors, batch.status) == (1, 1, [], ImportBatch.Status.DONE)


@pytest.mark.django_db
def test_command_with_map_and_without_create_reports_errors():
    name = FULL_GAMES[0]
    log = load(name)
    season = season_for(log)
    members = [MemberFactory(club=season.club) for _ in range(3)]
    maps = []
    for nick, m in zip(log["name"], members, strict=False):
        maps += ["--map", f"{nick}={m.display_name}"]
    err = StringIO()
    with pytest.raises(CommandError, match="1 log"):
        call_command("import_tenhou6", "--season", str(season.pk), *maps, str(DATA / name), stderr=err)
    assert log["name"][3] in err.getvalue()
    assert Game.objects.count() == 0
    maps += ["--map", f"{log['name'][3]}={MemberFactory(club=season.club).pk}"]
    call_command("import_tenhou6", "--season", str(season.pk), *maps, str(DATA / name), stdout=StringIO())
    assert Game.objects.get().seat_set.get(seat=0).member == members[0]


@pytest.mark.django_db
@pytest.mark.parametrize("argv", [["--season", "999999", "x.json"], ["--map", "nomember", "x.json"]],
                         ids=["unknown-season", "map-without-equals"])
def test_command_refuses_bad_arguments(argv, tmp_path):
    season = SeasonFactory()
    if argv[0] == "--map":
        argv = ["--season", str(season.pk), *argv]
    with pytest.raises(CommandError):
        call_command("import_tenhou6", *argv)


@pytest.mark.django_db
def test_a_log_with_one_nickname_at_two_seats_says_which_and_writes_nothing():
    # One of the shared real logs (pantheon's, its names made anonymous) seats "TPlayer1" twice: no member can
    # take two seats, and a --map names a nickname, not a seat.
    log = load(FULL_GAMES[0])
    log["name"] = [log["name"][0], log["name"][1], log["name"][1], log["name"][3]]
    season = season_for(log)
    with pytest.raises(importers.LogError, match=f"The nickname '{log['name'][1]}' sits at more than one seat"):
        importers.import_log(season=season, log=log, create_members=True)
    assert Game.objects.count() == 0
    assert Member.objects.filter(club=season.club).count() == 0


@pytest.mark.django_db
def test_an_imported_games_hands_are_stored_in_order_and_each_audited():
    from core.models import AuditEntry
    from scoring.tenhou6 import convert_log

    log = load(FULL_GAMES[0])
    season = season_for(log)
    game, _created = importers.import_log(season=season, log=log, create_members=True)
    events = convert_log(log)["hands"]
    hands = list(game.hands.order_by("position"))
    assert [h.position for h in hands] == list(range(len(log["log"])))
    assert [h.event for h in hands] == events
    entries = AuditEntry.objects.filter(object_type="hand", action=AuditEntry.Action.CREATE).order_by("object_id")
    assert sorted(e.object_id for e in entries) == sorted(str(h.pk) for h in hands)
    assert all(e.after == {"game": game.pk, "position": h.position, "event": h.event}
               for h in hands for e in entries if e.object_id == str(h.pk))
    assert AuditEntry.objects.filter(object_type="game", object_id=str(game.pk)).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_batch_updates_its_seasons_standings_once_after_all_its_games(settings, monkeypatch):
    from league.standings import services as standings

    settings.EAGER_TASKS_AFTER_RESPONSE = True  # the embedded default: the update is deferred, not queued
    names = FULL_GAMES[:2]
    logs = [(n, load(n)) for n in names]
    season = season_for(logs[0][1])
    updates = []
    update = standings.standings_update

    def counted(*, season_id):
        updates.append((season_id, Game.objects.filter(season_id=season_id, status=Game.Status.FINISHED).count()))
        return update(season_id=season_id)

    monkeypatch.setattr(standings, "standings_update", counted)
    batch = importers.batch_create(season=season, logs=logs, create_members=True)
    batch = importers.batch_run(batch=batch, logs=logs, create_members=True)
    assert (batch.done, batch.errors) == (2, [])
    assert updates == [(season.pk, 2)]  # once, with both games stored
