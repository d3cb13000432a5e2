"""Issue 38 item 2: a club's channel gets its messages in the club's language (``Club.language``), a member's
own messages come in the member's language (their login's choice, else their club's)."""
from __future__ import annotations

import pytest

from club import services as club_services
from league.games import services as game_services
from notify import personal, services
from notify.models import MemberTelegram, Outbox
from tests.league.events import ALL_LAST_FINISH
from tests.notify.fake_services import BOT_TOKEN

pytestmark = pytest.mark.django_db


@pytest.fixture
def bot(club, admin, fake):
    """The club's Telegram bot; its group chat gets the ended games."""
    return services.channel_connect(club=club, kind="telegram", secret=BOT_TOKEN, chat_id="-1001234567890",
                                    bot_username="club_league_bot", by=admin, events=["game_ended"])


def _link(member, bot, fake, chat_id, captured) -> None:
    link = personal.link_start(member=member, by=member.user)
    fake.start_from(chat_id, f"/start {link.code}")
    with captured(execute=True):
        assert personal.poll_updates(bot) == 1
    assert MemberTelegram.objects.filter(member=member).exists()


def _finish(game, captured) -> None:
    with captured(execute=True):
        for i, event in enumerate(ALL_LAST_FINISH):
            game_services.hand_record(game=game, position=i, event=event, by=None)
    game.refresh_from_db()


def test_the_clubs_channel_speaks_the_clubs_language_and_each_member_their_own(
        club, game, players, bot, fake, admin, django_capture_on_commit_callbacks):
    captured = django_capture_on_commit_callbacks
    club_services.club_update(club=club, by=admin, language="ja")
    english, unchosen = players[0], players[1]
    club_services.preference_set(user=english.user, language="en")
    _link(english, bot, fake, 555101, captured)
    _link(unchosen, bot, fake, 555102, captured)
    _finish(game, captured)

    [channel_row] = Outbox.objects.filter(event="game_ended", recipient__isnull=True)
    first = game.seat_set.get(seat=game.final_ranks.index(1)).member.display_name
    assert channel_row.text.startswith(f"<b>対局終了 · A</b>\n1位 {first} ")
    assert "点（" in channel_row.text

    mine = fake.sent_to(555101)[-1]  # the member who chose English
    seat = game.seat_set.get(member=english).seat
    assert mine.startswith("<b>My result · A</b>\n")
    assert f"#{game.final_ranks[seat]} · {game.final_scores[seat]:,} points" in mine

    theirs = fake.sent_to(555102)[-1]  # no choice: the club's language
    seat = game.seat_set.get(member=unchosen).seat
    assert theirs.startswith("<b>自分の結果 · A</b>\n")
    assert f"{game.final_ranks[seat]}位 · {game.final_scores[seat]:,}点" in theirs


def test_a_korean_club_keeps_its_korean_headings_with_the_english_beside(
        game, players, bot, fake, django_capture_on_commit_callbacks):
    _finish(game, django_capture_on_commit_callbacks)
    [row] = Outbox.objects.filter(event="game_ended", recipient__isnull=True)
    assert row.text.startswith("<b>대국 종료 (Game ended) · A</b>\n1위 ")


def test_the_language_is_the_readers_not_the_page_that_made_the_change(
        club, game, players, bot, fake, admin, django_capture_on_commit_callbacks):
    """A referee's English page ends the game: the Japanese club's chat still reads Japanese."""
    from django.utils import translation

    club_services.club_update(club=club, by=admin, language="ja")
    with translation.override("en"):
        _finish(game, django_capture_on_commit_callbacks)
    [row] = Outbox.objects.filter(event="game_ended", recipient__isnull=True)
    assert row.text.startswith("<b>対局終了 · A</b>")
