"""Django admin pages for every model, the home page, and the idempotent demo loader."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.apps import apps
from django.contrib import admin
from django.core.management import call_command
from django.urls import reverse

from club.models import Club, Member
from league.games.selectors import game_replay
from league.models import Game, HandRecord, Penalty, Ruleset, Season
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

OUR_MODELS = [m for m in apps.get_models() if m._meta.app_label in ("core", "club", "league")]


@pytest.fixture
def demo():
    call_command("load_demo", verbosity=0)
    return Club.objects.get(slug="juki-agit-demo")


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


def test_every_core_club_and_league_model_is_in_the_admin():
    assert OUR_MODELS
    assert all(admin.site.is_registered(m) for m in OUR_MODELS)


@pytest.mark.parametrize("model", OUR_MODELS, ids=lambda m: m._meta.model_name)
def test_admin_changelist_with_search_and_filters(admin_client, demo, model):
    url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")

    response = admin_client.get(url, {"q": "김"})

    assert response.status_code == HTTPStatus.OK
    model_admin = admin.site._registry[model]
    assert model_admin.search_fields
    assert model_admin.list_filter


def test_admin_game_change_page(admin_client, demo):
    game = Game.objects.filter(club=demo).first()

    response = admin_client.get(reverse("admin:league_game_change", args=[game.pk]))

    assert response.status_code == HTTPStatus.OK


def test_load_demo_is_complete_and_replays(demo):
    assert demo.public_standings
    assert Member.objects.filter(club=demo).count() >= 8
    assert {r.key for r in Ruleset.objects.filter(club=demo)} == {"asi-shirai", "juki-agit-2026"}
    assert Season.objects.filter(club=demo).count() == 2
    games = Game.objects.filter(club=demo)
    assert games.filter(status=Game.Status.FINISHED).count() >= 3
    assert games.filter(status=Game.Status.IN_PROGRESS).count() == 1
    for game in games:
        replay = game_replay(game)
        assert (replay.final is not None) is (game.status == Game.Status.FINISHED)
        if replay.final is not None:
            assert game.final_scores == list(replay.final.scores)
    assert Penalty.objects.filter(season__club=demo, hand_record__event__kind="chombo").exists()
    for username in ("admin", "referee", "host", "player"):
        assert Member.objects.get(club=demo, user__username=username)


def test_load_demo_twice_duplicates_nothing(demo):
    counts = [m.objects.count() for m in (Club, Member, Ruleset, Season, Game, HandRecord, Penalty)]

    call_command("load_demo", verbosity=0)

    assert [m.objects.count() for m in (Club, Member, Ruleset, Season, Game, HandRecord, Penalty)] == counts


@pytest.mark.parametrize(
    ("username", "password"),
    [pytest.param(u, f"{u}1234", id=f"{u}-login") for u in ("admin", "referee", "host", "player")],
)
def test_demo_logins_work(client, demo, username, password):
    assert client.login(username=username, password=password)


def test_home_lists_the_users_club_and_seasons(client, demo):
    client.login(username="player", password="player1234")

    response = client.get("/")

    assert response.status_code == HTTPStatus.OK
    assert "주키 아지트 데모" in response.content.decode()


@pytest.mark.parametrize("model", [HandRecord, Penalty], ids=["hand records", "penalties"])
def test_admin_shows_but_never_writes_what_the_services_own(admin_client, demo, model):
    obj = model.objects.first()
    url = reverse(f"admin:league_{model._meta.model_name}_change", args=[obj.pk])
    assert admin_client.get(url).status_code == HTTPStatus.OK  # a read-only view
    assert admin_client.post(url, {}).status_code == HTTPStatus.FORBIDDEN
    add = reverse(f"admin:league_{model._meta.model_name}_add")
    assert admin_client.get(add).status_code == HTTPStatus.FORBIDDEN


def test_admin_game_page_links_to_the_app_and_keeps_its_hands(admin_client, demo):
    game = Game.objects.filter(status=Game.Status.FINISHED).first()
    events = list(game.hands.order_by("position").values_list("event", flat=True))
    url = reverse("admin:league_game_change", args=[game.pk])
    page = admin_client.get(url).content.decode()
    assert reverse("league:game_detail", args=[game.pk]) in page
    admin_client.post(url, {"table_label": "Z"})
    assert list(game.hands.order_by("position").values_list("event", flat=True)) == events


def test_admin_refuses_a_ruleset_the_engine_refuses(admin_client, demo):
    club = Club.objects.get(slug="juki-agit-demo")
    response = admin_client.post(reverse("admin:league_ruleset_add"), {
        "club": club.pk, "key": "house", "name": "House rules", "base": "juki-agit-2026",
        "overrides": '{"kiriage": "maybe"}', "version": "1",
    })
    assert response.status_code == HTTPStatus.OK  # the form again, with the engine's reason
    assert "kiriage" in response.content.decode()
    assert not Ruleset.objects.filter(key="house").exists()


def test_a_frozen_ruleset_cannot_be_changed_in_the_admin(admin_client, demo):
    ruleset = Ruleset.objects.filter(frozen=True).first()
    url = reverse("admin:league_ruleset_change", args=[ruleset.pk])
    admin_client.post(url, {"key": ruleset.key, "name": "renamed", "base": "tenhou", "overrides": "{}",
                            "version": ruleset.version})
    ruleset.refresh_from_db()
    assert ruleset.base != "tenhou"
    assert ruleset.name != "renamed"
