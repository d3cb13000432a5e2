"""Issue 36 item 1: existing data migrates without loss. The demo club is loaded, the schema taken back to one
login — one member (club 0004), then forward to persons and memberships (0005, then the clubs' languages of
0006 and the visitors and claims of 0007) and back again: every member keeps its games, roles and login, and
gets a person of its own."""
from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

ONE_LOGIN_ONE_MEMBER = [("club", "0004_member_guest")]
PERSONS = [("club", "0005_person_and_memberships")]


def _migrate(club=None):
    """Every app at its latest, the club app at ``club`` (None: its latest too)."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    graph = executor.loader.graph
    target = graph.leaf_nodes()
    if club is not None:  # the other apps as far as they stand on that club schema (a federation needs persons)
        allowed = set(graph.forwards_plan(club[0]))
        target = club + [_last_standing_on(graph, leaf, allowed) for leaf in target if leaf[0] != "club"]
    executor.migrate(target)
    return executor.loader.project_state([node for node in target if node[1] is not None]).apps


def _last_standing_on(graph, leaf, allowed):
    """The latest migration of ``leaf``'s app whose club dependencies are all in ``allowed`` (None: not even its
    first): that app is taken back to it."""
    node = leaf
    while node is not None:
        if all(n in allowed for n in graph.forwards_plan(node) if n[0] == "club"):
            return node
        parents = [p for p in graph.node_map[node].parents if p.key[0] == node[0]]
        node = parents[0].key if parents else None
    return (leaf[0], None)  # the executor's way of saying: none of its migrations


def _record(apps) -> dict[int, tuple]:
    """Each member: (club, name, login, active, guest, sorted roles, sorted (game, seat))."""
    Member = apps.get_model("club", "Member")
    ClubRole = apps.get_model("club", "ClubRole")
    GameSeat = apps.get_model("league", "GameSeat")
    roles: dict[int, list] = {}
    for member_id, role in ClubRole.objects.values_list("member_id", "role"):
        roles.setdefault(member_id, []).append(role)
    seats: dict[int, list] = {}
    for member_id, game_id, seat in GameSeat.objects.values_list("member_id", "game_id", "seat"):
        seats.setdefault(member_id, []).append((game_id, seat))
    return {m.pk: (m.club_id, m.display_name, m.user_id, m.active, m.guest, sorted(roles.get(m.pk, [])),
                   sorted(seats.get(m.pk, []))) for m in Member.objects.all()}


@pytest.fixture
def back_to_latest():
    yield
    _migrate()


@pytest.mark.django_db(transaction=True)
@pytest.mark.long
def test_the_demo_keeps_every_members_games_roles_and_login_through_the_migration_and_back(back_to_latest):
    from django.apps import apps as latest

    call_command("load_demo", verbosity=0)
    before = _record(latest)
    assert sum(len(r[6]) for r in before.values()) > 0  # the demo has games to lose
    assert any(r[5] for r in before.values())  # and roles
    assert any(r[2] for r in before.values())  # and logins

    old = _migrate(ONE_LOGIN_ONE_MEMBER)
    assert _record(old) == before

    new = _migrate(PERSONS)
    assert _record(new) == before
    Member = new.get_model("club", "Member")
    persons = list(Member.objects.values_list("person_id", flat=True))
    assert None not in persons
    assert len(set(persons)) == len(persons)  # no two members of today share a login, so none share a person

    latest_apps = _migrate()
    assert _record(latest_apps) == before
    assert not latest_apps.get_model("club", "Member").objects.filter(visitor=True).exists()

    assert _record(_migrate(ONE_LOGIN_ONE_MEMBER)) == before  # and back, once more
