"""Issue 22, item 13: a malformed season file is refused with a message (never a traceback) and
leaves the database untouched; two members with one display name are refused, not merged."""
from __future__ import annotations

import copy
import json

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.models import Club, Member
from core.models import AuditEntry
from league.games import services as game_services
from league.models import Game, HandRecord, Penalty, Ruleset, Season
from league.referee import services as referee_services
from league.transfer.season_file import RestoreError, export_season, restore_season
from tests.factories import ClubFactory, MemberFactory, RulesetFactory, SeasonFactory
from tests.league.events import ron

pytestmark = pytest.mark.django_db


@pytest.fixture
def doc(db):
    club = ClubFactory(slug="src")
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="tenhou", base="tenhou"))
    members = [MemberFactory(club=club) for _ in range(4)]
    game = game_services.game_start(season=season, members=members, table_label="A")
    for position, loser in enumerate([2, 3]):
        game_services.hand_record(game=game, position=position, event=ron(1, loser=loser))
    referee_services.penalty_give(member=members[3], type="season_deduction", points=5, reason="late", season=season)
    exported = export_season(season)
    exported["club"]["slug"] = "restored"
    return exported


def _counts():
    return tuple(m.objects.count() for m in (Club, Member, Ruleset, Season, Game, HandRecord, Penalty, AuditEntry))


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
                 st.text(max_size=5), st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=3),
                                                                                            st.integers(), max_size=2))


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


def _set(doc, path, value, delete=False):
    target = doc
    for step in path[:-1]:
        target = target[step]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value


def _refused_or_restored(broken) -> None:
    """Restored (then rolled back here) or refused with a RestoreError that left nothing behind."""
    before = _counts()

    class Undo(Exception):
        pass

    refusal = None
    try:
        with transaction.atomic():
            restore_season(broken)
            raise Undo
    except Undo:
        pass
    except RestoreError as exc:
        refusal = str(exc)
    assert refusal != "", "a refusal says why"
    assert _counts() == before


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(data=st.data())
def test_item13_any_one_broken_value_is_refused_with_a_message_and_nothing_written(doc, data):
    paths = [p for p in _paths(doc) if p]
    path = data.draw(st.sampled_from(paths), label="path")
    broken = copy.deepcopy(doc)
    if data.draw(st.booleans(), label="delete") and not isinstance(path[-1], int):
        _set(broken, path, None, delete=True)
    else:
        _set(broken, path, data.draw(JUNK, label="value"))
    _refused_or_restored(broken)


@pytest.mark.parametrize(
    "breakage",
    [
        pytest.param(lambda d: d.__setitem__("members", [["a list", "not an object"]]), id="member-not-an-object"),
        pytest.param(lambda d: d["members"][0].__setitem__("roles", "admin"), id="roles-a-string"),
        pytest.param(lambda d: d["members"][0].__setitem__("roles", [None]), id="a-role-null"),
        pytest.param(lambda d: d.__setitem__("penalties", ["late"]), id="penalty-not-an-object"),
        pytest.param(lambda d: d["penalties"][0].__setitem__("points", "abc"), id="penalty-points-not-a-number"),
        pytest.param(lambda d: d.__setitem__("games", [7]), id="game-not-an-object"),
        pytest.param(lambda d: d["games"][0].__setitem__("record", []), id="record-not-an-object"),
        pytest.param(lambda d: d["games"][0].__setitem__("started_at", "yesterday"), id="a-bad-time"),
        pytest.param(lambda d: d["rulesets"][0].__setitem__("key", None), id="ruleset-key-null"),
        pytest.param(lambda d: d.__setitem__("audit", [{"action": "x"}]), id="audit-entry-incomplete"),
        pytest.param(lambda d: d["season"].__setitem__("min_games", "many"), id="min-games-a-word"),
        pytest.param(lambda d: d["members"][0].__setitem__("display_name", "x" * 500), id="name-too-long"),
        pytest.param(lambda d: d["club"].__setitem__("slug", "not a slug!"), id="bad-slug"),
    ],
)
def test_item13_malformed_parts_are_refused_with_a_message(doc, breakage):
    breakage(doc)
    before = _counts()
    with pytest.raises(RestoreError):
        restore_season(doc)
    assert _counts() == before


def test_item13_two_members_with_one_display_name_are_refused_not_merged(doc):
    doc["members"].append(dict(doc["members"][0]))
    before = _counts()
    with pytest.raises(RestoreError, match="twice") as refused:
        restore_season(doc)
    assert doc["members"][0]["display_name"] in str(refused.value)
    assert _counts() == before


def test_item13_the_command_says_it_in_korean_first(doc, tmp_path):
    doc["members"].append(dict(doc["members"][0]))
    path = tmp_path / "season.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(CommandError, match="복원할 수 없습니다"):
        call_command("import_season", str(path))
