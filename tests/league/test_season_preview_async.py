"""Issue 35 item 1's leftover: the season settings page's preview of a ruleset change (the standings under the new
version) is built once per version of its inputs, in the worker or after the response, never in the request that
asks for it. The page says "계산 중" and asks again; the preview then comes from where it was kept."""
from __future__ import annotations

import re
from http import HTTPStatus

import pytest

from core import queueing
from league.games import services as game_services
from league.whatif import previews
from tests.league.test_views_season_edit import G1, _url, edit_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin(club_admin):
    from django.test import Client

    c = Client()
    c.force_login(club_admin.user)
    return c


def _finished_game(season, players, referee, label):
    game = game_services.game_start(season=season, table_label=label, members=players, by=referee.user)
    for i, event in enumerate(G1):
        game_services.hand_record(game=game, position=i, event=event, by=None)
    return game


@pytest.fixture
def computed(monkeypatch):
    """Every comparison the previews compute, and whether it ran inside a request (while the request defers its
    after-response jobs, ``core.queueing``) — it must not."""
    calls: list[bool] = []
    real = previews.compare

    def counting(season, proposal, **kw):
        calls.append(queueing._after_response.get() is not None)
        return real(season, proposal, **kw)

    monkeypatch.setattr(previews, "compare", counting)
    return calls


def _poll_url(page: str) -> str:
    return re.search(r'data-preview-poll="([^"]+)"', page).group(1).replace("&amp;", "&")


def test_the_preview_is_computed_after_the_response_and_then_read(admin, season, players, referee, computed):
    _finished_game(season, players, referee, "G1")
    data = edit_data(admin, season, tobi=False)
    first = admin.post(_url(season), data, HTTP_ACCEPT_LANGUAGE="ko")
    page = first.content.decode()
    assert first.status_code == HTTPStatus.OK
    assert "계산 중" in page
    assert 'data-testid="whatif-table"' not in page
    assert 'data-testid="confirm-new-version"' not in page  # nothing to confirm before it is seen
    assert computed == [False]  # computed once, after the response was sent, not inside the request
    poll = admin.get(_poll_url(page), HTTP_ACCEPT_LANGUAGE="ko")
    assert poll.status_code == HTTPStatus.OK
    assert 'data-testid="whatif-table"' in poll.content.decode()
    assert 'data-testid="confirm-new-version"' in poll.content.decode()
    again = admin.post(_url(season), data)
    assert 'data-testid="whatif-table"' in again.content.decode()
    assert computed == [False]  # the same inputs: read, not computed again


def test_a_new_result_is_a_new_version_of_the_preview(admin, season, players, referee, computed):
    _finished_game(season, players, referee, "G1")
    data = edit_data(admin, season, tobi=False)
    admin.post(_url(season), data)
    _finished_game(season, players, referee, "G2")
    page = admin.post(_url(season), data).content.decode()
    assert "계산 중" in page  # the standings changed: the preview of the old ones is not shown
    assert computed == [False, False]


def test_the_page_asking_again_hears_computing_until_it_is_ready(admin, season, players, referee):
    _finished_game(season, players, referee, "G1")
    url = _poll_url(admin.post(_url(season), edit_data(admin, season, tobi=False)).content.decode())
    unknown = re.sub(r"/preview/[0-9a-f]{32}/", "/preview/" + "0" * 32 + "/", url)
    waiting = admin.get(unknown, HTTP_ACCEPT_LANGUAGE="ko")
    assert waiting.status_code == HTTPStatus.ACCEPTED
    assert "계산 중" in waiting.content.decode()
    assert admin.get(url.replace("previewed=", "previewed=x")).status_code == HTTPStatus.NOT_FOUND


def test_with_a_worker_the_build_is_queued_once(admin, season, players, referee, settings, monkeypatch, computed):
    from league.whatif import tasks

    settings.CELERY_TASK_ALWAYS_EAGER = False
    queued = []
    monkeypatch.setattr(tasks.season_preview_build, "delay", lambda *args: queued.append(args))
    _finished_game(season, players, referee, "G1")
    data = edit_data(admin, season, tobi=False)
    for _ in range(2):  # a second ask while it is being built: the lock is taken, nothing queued again
        assert "계산 중" in admin.post(_url(season), data, HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert len(queued) == 1
    season_id, changes, key = queued[0]
    assert (season_id, changes) == (season.pk, {"tobi": False})
    assert computed == []  # nothing computed by the web
    tasks.season_preview_build(season_id, changes, key)  # the worker
    assert 'data-testid="whatif-table"' in admin.post(_url(season), data).content.decode()
    assert computed == [False]


@pytest.mark.parametrize(("language", "words"), [
    pytest.param("ko", "우마", id="korean"),
    pytest.param("ja", "ウマ", id="japanese"),
    pytest.param("zh-hans", "马", id="simplified-chinese"),
    pytest.param("en", "uma", id="english"),
])
def test_a_refused_proposal_reads_in_the_pages_language(season, language, words):
    """A ruleset the engine refuses in the worker (uma with three values at a four-player table) is kept with
    its refusal in every language; the settings page shows the one it is read in."""
    from django.utils import translation

    from league.web.whatif.season_views import _preview_context

    changes = {"uma": [15, 5, -20]}
    key = previews.preview_key(season, changes)
    kept = previews.preview_build(season_id=season.pk, changes=changes, key=key)
    assert set(kept["errors"]) == {"ko", "en", "ja", "zh-hans", "zh-hant"}
    with translation.override(language):
        shown = _preview_context(season.club, season, key, previews.preview_ready(key), previewed="")["error"]
    assert words in shown.lower()
