""""Save hand" answered with the next table screen itself (issue 41: one request a hand, not three).

The quick-entry form posts ``answer=screen`` when static/league/table.js runs (it also puts the table's address in
the answer's place). The answer is the table screen its GET would draw, with the saved hand's words at its top and
the table's address on it (``data-answers-save``), sent with the owner header the service worker keeps it by. What
does not change: without ``answer=screen`` the save redirects (a browser without the script); a form sent again (a
double tap, Back) redirects and says it was saved. The hand that ends the game is answered with the final table.
"""
from __future__ import annotations

import re
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from league.games import services as game_services
from league.models import HandRecord
from league.web.games.offline import OWNER_HEADER
from tests.league.events import TO_SOUTH_4

pytestmark = pytest.mark.django_db


@pytest.fixture
def host_client(players):
    client = Client()
    client.force_login(players[0].user)
    return client


def _hand_form(position: int, token: str, **more) -> dict:
    d = position % 4
    return {"position": position, "kind": "ron", "ron_winner": (d + 1) % 4, "ron_loser": (d + 2) % 4,
            "ron_value": "1-30", "action": "save", "entry_token": token, **more}


def _entry_token(html: str) -> str:
    return re.search(r'name="entry_token" value="([^"]+)"', html[html.index('id="hand-form"'):]).group(1)


def _same_screen(html: str) -> str:
    """The page without what differs from one drawing to the next (tokens) or between the answer and the GET
    after it (the answer's address, the saved hand's words shown once)."""
    html = re.sub(r'name="(csrfmiddlewaretoken|entry_token)" value="[^"]*"', r'name="\1" value=""', html)
    html = re.sub(r'"X-CSRFToken": "[^"]*"', '"X-CSRFToken": ""', html)
    html = html.replace(re.search(r' data-answers-save="[^"]*"', html).group(0), "", 1) if "data-answers-save" in html \
        else html
    html = re.sub(r'<ul class="messages">.*?</ul>', "", html, flags=re.S)
    return re.sub(r"\n[ \t]*(?=\n)", "", html)  # and the blank lines around them


def test_the_save_is_answered_with_the_next_table_screen(host_client, game, players):
    table = reverse("league:game_table", args=[game.pk])
    token = _entry_token(host_client.get(table).content.decode())

    answer = host_client.post(reverse("league:hand_create", args=[game.pk]),
                              _hand_form(0, token, answer="screen"))

    assert answer.status_code == HTTPStatus.OK
    html = answer.content.decode()
    assert f'data-answers-save="{table}"' in html
    assert re.search(r'<li class="saved success">1번째 국 저장: ', html)  # the saved hand in words, at the top
    assert 'name="position" value="1"' in html  # the next hand's form
    assert answer[OWNER_HEADER] == f"user:{players[0].user.pk}"  # as the table's GET is sent
    assert HandRecord.objects.filter(game=game).count() == 1
    # what the table's GET draws now, but for the address and the saved hand's words
    after = host_client.get(table).content.decode()
    assert _same_screen(html) == _same_screen(after)
    assert "data-answers-save" not in after


def test_the_next_hand_is_saved_from_the_answer(host_client, game):
    create = reverse("league:hand_create", args=[game.pk])
    html = host_client.get(reverse("league:game_table", args=[game.pk])).content.decode()
    for position in range(3):
        answer = host_client.post(create, _hand_form(position, _entry_token(html), answer="screen"))
        assert answer.status_code == HTTPStatus.OK
        html = answer.content.decode()
        assert f'name="position" value="{position + 1}"' in html
    assert list(HandRecord.objects.filter(game=game).order_by("position").values_list("position", flat=True)) == [
        0, 1, 2]


def test_without_the_script_the_save_redirects_as_always(host_client, game):
    table = reverse("league:game_table", args=[game.pk])
    token = _entry_token(host_client.get(table).content.decode())

    response = host_client.post(reverse("league:hand_create", args=[game.pk]), _hand_form(0, token))

    assert response.status_code == HTTPStatus.FOUND
    assert response["Location"] == table


def _at_south_4(host_client, game, players) -> tuple[str, dict]:
    """The game played to South 4: the table's address and the host's form of the mangan that ends it."""
    for i, event in enumerate(TO_SOUTH_4):
        game_services.hand_record(game=game, position=i, event=event, by=players[0].user)
    table = reverse("league:game_table", args=[game.pk])
    token = _entry_token(host_client.get(table).content.decode())
    return table, {"position": len(TO_SOUTH_4), "kind": "ron", "ron_winner": 0, "ron_loser": 1, "ron_value": "5",
                   "action": "save", "entry_token": token, "answer": "screen"}


def test_the_hand_that_ends_the_game_is_answered_with_the_final_table(host_client, game, players):
    table, ends = _at_south_4(host_client, game, players)  # a mangan at South 4: the game is over

    answer = host_client.post(reverse("league:hand_create", args=[game.pk]), ends)

    assert answer.status_code == HTTPStatus.OK
    html = answer.content.decode()
    assert f'data-answers-save="{table}"' in html
    assert 'data-testid="final"' in html
    assert 'name="position"' not in html  # no form for a next hand
    assert re.search(r'<li class="saved success">' + str(len(TO_SOUTH_4) + 1) + "번째 국 저장: ", html)
    assert answer[OWNER_HEADER] == f"user:{players[0].user.pk}"
    # the final table its GET draws, from the game's row as the save left it (its result, the next game's seats)
    after = host_client.get(table).content.decode()
    assert _same_screen(html) == _same_screen(after)


def test_the_final_table_is_drawn_from_the_row_the_save_wrote_not_read_again(host_client, game, players):
    """The game-ending save reads the game's row twice: the request's (with its seat names and the viewer's
    membership) and under its lock, which the save writes the result to and the final table is drawn from (it read
    the game a third time, and its hands again, after the commit)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    table, ends = _at_south_4(host_client, game, players)

    with CaptureQueriesContext(connection) as queries:
        answer = host_client.post(reverse("league:hand_create", args=[game.pk]), ends)

    reads = [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith("SELECT")]
    assert len([sql for sql in reads if re.search(r'FROM "league_game"', sql)]) == 2
    # the hands: the form's and the save's, whose list (with the new hand) the final table is drawn from (it read
    # them a third time after the commit, and before that a fourth)
    assert len([sql for sql in reads if re.search(r'FROM "league_handrecord"', sql)]) == 2
    game.refresh_from_db()
    assert game.status == game.Status.FINISHED
    assert 'data-testid="final"' in answer.content.decode()
    # the final table its GET draws from the row read again
    assert _same_screen(answer.content.decode()) == _same_screen(host_client.get(table).content.decode())


def test_the_game_ending_form_sent_again_is_saved_once(host_client, game, players):
    """A double tap (or Back and Save again) on the hand that ended the game: "already saved", one hand stored,
    the final table (the redirect's)."""
    table, ends = _at_south_4(host_client, game, players)
    create = reverse("league:hand_create", args=[game.pk])

    first = host_client.post(create, ends)
    again = host_client.post(create, ends, follow=True)

    assert first.status_code == HTTPStatus.OK
    assert again.redirect_chain == [(table, HTTPStatus.FOUND)]
    assert 'data-testid="final"' in again.content.decode()
    assert "이 핸드는 이미 저장되었습니다" in again.content.decode()
    assert HandRecord.objects.filter(game=game).count() == len(TO_SOUTH_4) + 1


def test_a_table_codes_visitor_who_ends_the_game_is_answered_with_its_final_table(game, players):
    """The code enters no more hands once its game is over, but still shows that game (as the redirect's GET did)."""
    for i, event in enumerate(TO_SOUTH_4):
        game_services.hand_record(game=game, position=i, event=event, by=players[0].user)
    game = game_services.table_code_issue(game=game)
    visitor = Client()
    table = reverse("league:game_table", args=[game.pk])
    assert visitor.post(reverse("table_code"), {"code": game.table_code})["Location"] == table
    html = visitor.get(table).content.decode()
    ends = {"position": len(TO_SOUTH_4), "kind": "ron", "ron_winner": 0, "ron_loser": 1, "ron_value": "5",
            "action": "save", "entry_token": _entry_token(html), "answer": "screen"}

    answer = visitor.post(reverse("league:hand_create", args=[game.pk]), ends)

    assert HandRecord.objects.filter(game=game).count() == len(TO_SOUTH_4) + 1
    assert answer.status_code == HTTPStatus.OK
    assert 'data-testid="final"' in answer.content.decode()
    assert _same_screen(answer.content.decode()) == _same_screen(visitor.get(table).content.decode())


def test_a_form_sent_again_redirects_and_says_it_was_saved(host_client, game):
    create = reverse("league:hand_create", args=[game.pk])
    token = _entry_token(host_client.get(reverse("league:game_table", args=[game.pk])).content.decode())
    assert host_client.post(create, _hand_form(0, token, answer="screen")).status_code == HTTPStatus.OK

    again = host_client.post(create, _hand_form(0, token, answer="screen"), follow=True)

    assert HandRecord.objects.filter(game=game).count() == 1
    assert again.redirect_chain[-1][1] == HTTPStatus.FOUND
    assert [m.tags for m in again.context["messages"]][-1] == "info"  # "already saved", not a refusal


def test_a_refused_hand_keeps_the_form_and_says_why(host_client, game):
    create = reverse("league:hand_create", args=[game.pk])
    token = _entry_token(host_client.get(reverse("league:game_table", args=[game.pk])).content.decode())
    refused = {**_hand_form(0, token, answer="screen"), "ron_loser": 1}  # the winner cannot ron themself

    response = host_client.post(create, refused)

    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert "data-answers-save" not in response.content.decode()
    assert HandRecord.objects.count() == 0


def test_at_a_club_nights_table_with_the_referee_called_the_answer_shows_both_as_its_get(host_client, game, players,
                                                                                         night):
    """The clock of the night's table and the open referee call are read with the game (one statement, not three):
    the save's answer shows them as the table's GET after it does."""
    from league.referee import calls
    from tests.factories import NightRoundFactory, NightTableFactory

    NightTableFactory(round=NightRoundFactory(night=night), game=game, label="7")
    calls.referee_call(game=game, reason="chombo", by=players[1].user)
    table = reverse("league:game_table", args=[game.pk])
    token = _entry_token(host_client.get(table).content.decode())

    html = host_client.post(reverse("league:hand_create", args=[game.pk]),
                            _hand_form(0, token, answer="screen")).content.decode()

    assert 'data-testid="night-timer"' in html
    assert 'data-testid="referee-call-open"' in html
    after = host_client.get(table).content.decode()

    def steady(page: str) -> str:  # the clock's seconds left move between the two drawings
        return re.sub(r'data-seconds-left="-?\d+"', 'data-seconds-left=""', _same_screen(page))

    assert steady(html) == steady(after)
