"""The what-if lab: a season's standings under a proposal beside today's (league.whatif).

Two finished Juki games of the same four players (points worked by hand: (final − 30,000)/1,000
+ uma 30/10/−10/−30 + oka 20 to first; ties by seat order):
  G1: p1 rons p2 for a yakuman at East 1 (tobi): [25000, 57000, −7000, 25000] -> p1 +77, p0 +5, p3 −15, p2 −67
  G2: p2 rons p3 for a mangan, then seven all-noten draws to the end of South 4:
      [25000, 25000, 33000, 17000] -> p2 +53, p0 +5, p1 −15, p3 −43
Today's totals: p1 62, p0 10, p2 −14, p3 −58.
"""
from __future__ import annotations

import html
import re
from datetime import timedelta
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from core.models import AuditEntry
from league.whatif import services as whatif_services
from league.whatif.models import WhatIfRun
from league.whatif.selectors import Proposal, ProposalError, compare
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

G1 = [{"kind": "ron", "loser": 2, "wins": [{"winner": 1, "yakuman": 1}], "riichi": []}]
G2 = [{"kind": "ron", "loser": 3, "wins": [{"winner": 2, "han": 5}], "riichi": []},
      *[{"kind": "draw", "tenpai": []}] * 7]


def lab_data(client, season, ruleset: str = "preset:juki-agit-2026", rating_method: str = "", **options) -> dict:
    """What the lab's page posts as a browser would: every field as shown for ``ruleset``, then ``options``
    changed (an option's name; False unticks a box); ``rating_method`` chosen."""
    page = client.get(reverse("whatif:lab", args=[season.pk]) + f"?ruleset={ruleset}")
    form = page.context["form"]
    data: dict = {"ruleset": ruleset, "shown": ruleset, "rating_method": rating_method}
    for bound in [*form.rules, *(f for _key, _label, fields in form.rating_param_fields() for f in fields)]:
        value = bound.value()
        data[bound.html_name] = value
    for name, value in options.items():
        data[form.rules.add_prefix(name)] = value
    return {k: ("on" if v is True else v) for k, v in data.items() if v is not None and v is not False}


def _ranks(comparison, side):
    return {r["member_id"]: r[side]["rank"] for r in comparison.rows}


def test_replaying_a_season_under_its_own_ruleset_gives_identical_standings(whatif_season, players):
    result = compare(whatif_season, Proposal(ruleset=whatif_season.ruleset.spec()))
    assert result.invalid == []
    assert result.replayed == result.games == 2
    assert result.changed_games == []
    for row in result.rows:
        assert row["today"] == row["proposal"]
        assert row["change"] == 0
    assert _ranks(result, "today") == {players[1].pk: 1, players[0].pk: 2, players[2].pk: 3, players[3].pk: 4}
    assert {r["member_id"]: Decimal(r["today"]["total"]) for r in result.rows} == {
        players[1].pk: 62, players[0].pk: 10, players[2].pk: -14, players[3].pk: -58}


def test_a_proposal_that_refuses_a_game_lists_it_and_moves_the_ranks(whatif_season, players):
    # Without tobi G1 is not over after its only hand: it drops out; G2 alone decides.
    result = compare(whatif_season, Proposal(ruleset={"base": "juki-agit-2026", "overrides": {"tobi": False}}))
    assert [g["table_label"] for g in result.invalid] == ["G1"]
    assert "not over" in result.invalid[0]["reason"]
    assert "끝나지 않습니다" in result.invalid[0]["reason_ko"]
    assert _ranks(result, "proposal") == {players[2].pk: 1, players[0].pk: 2, players[1].pk: 3, players[3].pk: 4}
    change = {r["member_id"]: r["change"] for r in result.rows}
    assert change == {players[2].pk: 2, players[0].pk: 0, players[1].pk: -2, players[3].pk: 0}


def test_another_uma_changes_the_points_of_every_game(whatif_season, players):
    # uma 10-20: G1 p1 27+20+20 = 67, G2 p2 3+20+20 = 43
    result = compare(whatif_season, Proposal(ruleset={"base": "juki-agit-2026",
                                               "overrides": {"uma": [20000, 10000, -10000, -20000]}}))
    assert len(result.changed_games) == 2
    totals = {r["member_id"]: Decimal(r["proposal"]["total"]) for r in result.rows}
    # p1: 67 − 5 − 10 = 52 (G2: −5 −10 = −15 under 10-30, −5 −10 = −15 under 10-20 too)
    assert totals[players[1].pk] == 52


@pytest.mark.parametrize(
    ("proposal", "fragment"),
    [
        (Proposal(ruleset={"base": "no-such-rules"}), "no-such-rules"),
        (Proposal(ruleset={"base": "juki-agit-2026", "overrides": {"no_such_field": 1}}), "no_such_field"),
        (Proposal(rating_method="p_rating", rating_params={"bogus": 1}), "bogus"),
    ],
    ids=["an unknown preset", "an unknown ruleset field", "an unknown rating parameter"],
)
def test_an_invalid_proposal_is_refused_with_the_engines_reason(whatif_season, proposal, fragment):
    with pytest.raises(ProposalError) as exc:
        compare(whatif_season, proposal)
    assert fragment in exc.value.message
    with pytest.raises(ProposalError):
        whatif_services.run_create(season=whatif_season, proposal=proposal, by=None)
    assert not WhatIfRun.objects.exists()


def test_a_run_is_a_task_with_progress_and_an_audit_entry(whatif_season, club_admin,
                                                          django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        run = whatif_services.run_create(season=whatif_season, proposal=Proposal(ruleset=whatif_season.ruleset.spec()),
                                         by=club_admin.user)
    run.refresh_from_db()
    assert (run.status, run.done, run.total) == ("done", 2, 2)
    assert len(run.result["rows"]) == 4
    assert AuditEntry.objects.filter(object_type="whatif", object_id=str(run.pk), actor=club_admin.user).exists()


def test_only_admins_run_the_lab(whatif_season, referee):
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        whatif_services.run_create(season=whatif_season, proposal=Proposal(rating_method="total"), by=referee.user)
    c = Client()
    c.force_login(referee.user)
    assert c.get(reverse("whatif:lab", args=[whatif_season.pk])).status_code == HTTPStatus.FORBIDDEN


def test_lab_in_the_browser_compares_two_rulesets(whatif_season, club_admin, players,
                                                   django_capture_on_commit_callbacks):
    c = Client()
    c.force_login(club_admin.user)
    url = reverse("whatif:lab", args=[whatif_season.pk])
    assert c.get(url).status_code == HTTPStatus.OK
    with django_capture_on_commit_callbacks(execute=True):
        response = c.post(url, lab_data(c, whatif_season, tobi=False))
    assert response.status_code == HTTPStatus.FOUND
    page = c.get(response["Location"]).content.decode()
    assert 'data-testid="whatif-table"' in page
    assert "▲2" in page
    assert "▼2" in page
    assert "G1" in page
    assert "끝나지 않습니다" in page


def test_lab_refuses_an_invalid_ruleset_with_the_engines_reason(whatif_season, club_admin):
    c = Client()
    c.force_login(club_admin.user)
    response = c.post(reverse("whatif:lab", args=[whatif_season.pk]), lab_data(c, whatif_season, uma="10, 20"),
                      HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert 'data-testid="whatif-refused"' in response.content.decode()
    assert not WhatIfRun.objects.exists()


def test_whatif_command(whatif_season, capsys):
    call_command("whatif", str(whatif_season.pk), "--ruleset", "juki-agit-2026", "--overrides", '{"tobi": false}')
    out = capsys.readouterr().out
    assert "+2" in out
    assert "-2" in out
    assert "G1" in out
    assert "not over" in out


def test_whatif_command_refuses_an_invalid_proposal(whatif_season):
    with pytest.raises(CommandError) as exc:
        call_command("whatif", str(whatif_season.pk), "--ruleset", "no-such-rules")
    assert "no-such-rules" in str(exc.value)


def test_outsiders_do_not_see_a_run(whatif_season, club_admin):
    run = whatif_services.run_create(season=whatif_season, proposal=Proposal(rating_method="total"), by=None, run=False)
    c = Client()
    c.force_login(UserFactory())
    # another club's run answers like one that does not exist (issue 22, item 9)
    assert c.get(reverse("whatif:run", args=[run.pk])).status_code == HTTPStatus.NOT_FOUND


def test_a_double_tap_makes_one_run(whatif_season, club_admin, django_capture_on_commit_callbacks):
    c = Client()
    c.force_login(club_admin.user)
    url = reverse("whatif:lab", args=[whatif_season.pk])
    data = lab_data(c, whatif_season, tobi=False)
    with django_capture_on_commit_callbacks(execute=True):
        first = c.post(url, data)
        again = c.post(url, data)
    assert first["Location"] == again["Location"]
    assert WhatIfRun.objects.count() == 1
    other = c.post(url, lab_data(c, whatif_season, ruleset="", rating_method="p_rating"))
    assert other["Location"] != first["Location"]
    assert WhatIfRun.objects.count() == 2


def test_the_standings_page_links_admins_to_the_lab(whatif_season, club_admin, players):
    url = reverse("standings:season", args=[whatif_season.pk])
    admin, member = Client(), Client()
    admin.force_login(club_admin.user)
    member.force_login(players[0].user)
    assert 'data-testid="whatif-link"' in admin.get(url).content.decode()
    assert 'data-testid="whatif-link"' not in member.get(url).content.decode()


def test_with_the_broker_down_the_run_is_done_in_the_request(whatif_season, club_admin, monkeypatch,
                                                              django_capture_on_commit_callbacks):
    from kombu.exceptions import OperationalError

    from league.whatif.tasks import whatif_run

    def down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(whatif_run, "delay", down)
    with django_capture_on_commit_callbacks(execute=True):
        run = whatif_services.run_create(season=whatif_season, proposal=Proposal(rating_method="p_rating"),
                                         by=club_admin.user)
    run.refresh_from_db()
    assert run.status == WhatIfRun.Status.DONE
    assert run.result["method_proposal"] == "p_rating"


def test_a_list_option_that_is_not_numbers_is_explained_in_korean(whatif_season, club_admin):
    c = Client()
    c.force_login(club_admin.user)
    response = c.post(reverse("whatif:lab", args=[whatif_season.pk]),
                      lab_data(c, whatif_season, uma="20000, 만, -10000, -20000"), HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    page = html.unescape(response.content.decode())
    assert "쉼표로 구분한" in page
    assert "invalid literal" not in page
    assert not WhatIfRun.objects.exists()


@pytest.mark.parametrize(("stored", "local"), [
    pytest.param("2026-01-10T16:30:00+00:00", "2026-01-11", id="after-15-utc-is-the-next-day-in-seoul"),
    pytest.param("2026-01-10T10:00:00+00:00", "2026-01-10", id="same-day"),
    pytest.param(None, "", id="no-date"),
])
def test_the_lab_dates_games_in_the_clubs_time_zone(stored, local):
    from league.web.templatetags.mahjong import local_date

    assert local_date(stored) == local


def test_the_lab_counts_finished_games_as_대국(whatif_season, club_admin, django_capture_on_commit_callbacks):
    c = Client()
    c.force_login(club_admin.user)
    with django_capture_on_commit_callbacks(execute=True):
        response = c.post(reverse("whatif:lab", args=[whatif_season.pk]), lab_data(c, whatif_season, tobi=False))
    page = c.get(response["Location"], HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert re.search(r"끝난 대국 \d+개 중 \d+개가", page)
    assert not re.search(r"끝난 대국 \d+국", page)
    assert not re.search(r"대국: \d+국", page)  # the games whose result changes are counted as games too


def test_one_queueing_policy_a_broker_error_never_fails_the_request_and_the_requeue_runs_it(
        whatif_season, club_admin, monkeypatch, caplog, django_capture_on_commit_callbacks):
    """Issue 24: the lab queues through ``core.queueing`` like every other task: any failure to queue is
    logged after the commit (not raised into the admin's page), and ``league.requeue_stale`` runs it later."""
    from config import tasks
    from league.whatif.tasks import whatif_run

    def broken(*args, **kwargs):
        raise RuntimeError("the broker answered nonsense")

    with monkeypatch.context() as patched:
        patched.setattr(whatif_run, "delay", broken)
        with django_capture_on_commit_callbacks(execute=True):
            run = whatif_services.run_create(season=whatif_season, proposal=Proposal(rating_method="p_rating"),
                                             by=club_admin.user)
    run.refresh_from_db()
    assert run.status == WhatIfRun.Status.PENDING
    assert "requeue_stale will retry" in caplog.text

    WhatIfRun.objects.filter(pk=run.pk).update(created_at=run.created_at - timedelta(minutes=2))
    assert tasks.requeue_stale()["whatif_runs"] == [run.pk]
    run.refresh_from_db()
    assert run.status == WhatIfRun.Status.DONE


def test_one_queueing_policy_the_run_is_queued_only_after_the_commit(whatif_season, club_admin, monkeypatch,
                                                                     django_capture_on_commit_callbacks):
    from league.whatif.tasks import whatif_run

    queued = []
    monkeypatch.setattr(whatif_run, "delay", queued.append)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        run = whatif_services.run_create(season=whatif_season, proposal=Proposal(rating_method="p_rating"),
                                         by=club_admin.user)
    assert queued == []
    assert len(callbacks) == 1
    callbacks[0]()
    assert queued == [run.pk]

@pytest.fixture
def one_window(monkeypatch):
    """The throttle's window (a minute of the clock) does not turn while the test runs (club.web.throttle)."""
    import time as real_time

    from club.web import throttle

    now = real_time.time()
    monkeypatch.setattr(throttle, "time", type("FrozenTime", (), {"time": staticmethod(lambda: now)}))


def test_lab_runs_are_throttled_per_member(whatif_season, club_admin, one_window):
    """Issue 35, item 1: each run recomputes the season's standings (in the worker): 6 a minute per member."""
    c = Client()
    c.force_login(club_admin.user)
    url = reverse("whatif:lab", args=[whatif_season.pk])
    data = lab_data(c, whatif_season, tobi=False)
    for _ in range(6):
        assert c.post(url, data).status_code == HTTPStatus.FOUND
    seventh = c.post(url, data, HTTP_ACCEPT_LANGUAGE="ko")
    assert seventh.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert "미리보기를 너무 많이" in html.unescape(seventh.content.decode())
    assert WhatIfRun.objects.count() == 1  # the same proposal again is the same run


# --- issue 38: the lab's refusals in the page's language, not only Korean or English ----------------------
def test_a_refused_game_says_why_in_every_language(whatif_season):
    result = compare(whatif_season, Proposal(ruleset={"base": "juki-agit-2026", "overrides": {"tobi": False}}))
    [game] = result.invalid
    assert game["reasons"]["ja"] == ("提案のルールでは、この対局は記録された最後の局の後も終わりません"
                                     "（東2局に続きます）。")
    assert game["reasons"]["ko"] == game["reason_ko"]
    assert game["reasons"]["en"] == game["reason"]


def test_the_lab_shows_a_refused_game_in_japanese_on_a_japanese_page(whatif_season, club_admin,
                                                                     django_capture_on_commit_callbacks):
    c = Client(HTTP_ACCEPT_LANGUAGE="ja")
    c.force_login(club_admin.user)
    with django_capture_on_commit_callbacks(execute=True):
        response = c.post(reverse("whatif:lab", args=[whatif_season.pk]), lab_data(c, whatif_season, tobi=False))
    page = html.unescape(c.get(response["Location"]).content.decode())
    assert "この対局は記録された最後の局の後も終わりません" in page
    assert "not over" not in page
    assert "끝나지 않습니다" not in page


def test_the_lab_refuses_an_invalid_ruleset_in_japanese(whatif_season, club_admin):
    c = Client(HTTP_ACCEPT_LANGUAGE="ja")
    c.force_login(club_admin.user)
    response = c.post(reverse("whatif:lab", args=[whatif_season.pk]), lab_data(c, whatif_season, uma="10, 20"))
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    refused = html.unescape(response.content.decode())
    start = refused.index('data-testid="whatif-refused"')
    assert re.search(r"[\u3040-\u30ff]", refused[start:start + 400])  # kana: the engine's Japanese
