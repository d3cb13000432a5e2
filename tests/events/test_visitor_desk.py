"""Issue 36 item 2 at the desk: one tap checks a member of another club in at tonight's night, or registers them
for a tournament, as a visitor — found by name when they chose to be findable, or by scanning their card."""
from http import HTTPStatus

import pytest
from django.urls import reverse

from club import persons
from club.models import Member
from events.tournaments.models import Entrant
from tests.factories import ClubFactory, MemberFactory, TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def visitor():
    """김민수 of another club, with a login."""
    return MemberFactory(club=ClubFactory(name="동부 클럽"), display_name="김민수", user=UserFactory())


@pytest.fixture
def desk(client, referee_user):
    client.force_login(referee_user)
    return client


def test_the_desk_finds_a_findable_visitor_and_checks_them_in_with_one_tap(desk, club, night, visitor):
    visitor.person.findable = True
    visitor.person.save()
    page = desk.get(reverse("events:visitor_desk", args=[club.slug]), {"q": "민수"}).content.decode()
    assert "김민수 (동부 클럽)" in page
    response = desk.post(reverse("events:visitor_admit", args=[club.slug]),
                         {"person": visitor.person_id, "night": night.pk})
    assert response.status_code == HTTPStatus.FOUND
    here = Member.objects.get(club=club, person=visitor.person)
    assert (here.visitor, here.user_id) == (True, visitor.user_id)
    assert night.checkins.filter(member=here, left_at__isnull=True).exists()


def test_a_visitor_who_is_not_findable_is_not_listed(desk, club, night, visitor):
    page = desk.get(reverse("events:visitor_desk", args=[club.slug]), {"q": "민수"}).content.decode()
    assert "김민수" not in page


def test_the_card_opens_the_scanning_desk_and_registers_for_the_tournament(desk, club, visitor):
    tournament = TournamentFactory(club=club, name="봄 대회")
    card = persons.card_token(visitor.person)
    page = desk.get(reverse("events:visit_card", args=[card])).content.decode()  # the desk of the scanner's club
    assert f'action="{reverse("events:visitor_admit", args=[club.slug])}"' in page
    assert "김민수 (동부 클럽)" in page
    desk.post(reverse("events:visitor_admit", args=[club.slug]),
              {"person": visitor.person_id, "card": card, "tournament": tournament.pk})
    entrant = tournament.entrants.get()
    assert (entrant.member.visitor, entrant.member.person_id, entrant.status) == (
        True, visitor.person_id, Entrant.Status.APPROVED)


def test_a_plain_member_has_no_visitor_desk(client, club, members):
    client.force_login(members[0].user)
    assert client.get(reverse("events:visitor_desk", args=[club.slug])).status_code == HTTPStatus.FORBIDDEN


def test_the_visitor_enters_their_own_tables_hands_but_does_not_see_the_club(client, club, night, visitor,
                                                                             referee_user, season, players):
    from league import permissions
    from league.games import services as game_services

    visitor.person.findable = True
    visitor.person.save()
    here, _ = persons.visitor_membership(club=club, person=visitor.person, by=referee_user)
    at_table = game_services.game_start(season=season, table_label="A", members=[here, *players[:3]],
                                        by=referee_user)
    others = [MemberFactory(club=club) for _ in range(3)]
    elsewhere = game_services.game_start(season=season, table_label="B", members=[players[3], *others],
                                         by=referee_user)
    assert permissions.can_enter_hands(visitor.user, at_table)
    assert not permissions.can_enter_hands(visitor.user, elsewhere)
    assert not permissions.can_view_club(visitor.user, club)
    client.force_login(visitor.user)
    assert client.get(reverse("events:night_detail", args=[night.pk])).status_code == HTTPStatus.NOT_FOUND


def test_a_posted_id_of_a_person_who_is_not_findable_is_refused(desk, club, night, visitor):
    """The desk's search lists only findable persons; a person's id posted without their card (a guessed id, or a
    page kept open after they turned "findable" off) checks nobody in and says why."""
    response = desk.post(reverse("events:visitor_admit", args=[club.slug]),
                         {"person": visitor.person_id, "night": night.pk}, follow=True)
    page = response.content.decode()
    assert "이 사람은 다른 클럽 검색을 허용하지 않았습니다. 선수 카드를 보여 달라고 하세요." in page
    assert not Member.objects.filter(club=club, person=visitor.person).exists()
    assert not night.checkins.filter(member__person=visitor.person).exists()
