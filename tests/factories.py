"""factory_boy factories for the club and league models."""
from __future__ import annotations

import datetime

import factory
from django.contrib.auth import get_user_model

from club.models import Club, ClubRole, Member
from league.models import AuditEntry, Game, GameSeat, HandRecord, Penalty, Ruleset, Season

HANGUL_SURNAMES = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "한", "오"]
HANGUL_GIVEN = ["민준", "서연", "도윤", "하은", "지호", "수아", "예준", "지우", "시우", "서윤"]


def _hangul_name(n: int) -> str:
    return f"{HANGUL_SURNAMES[n % len(HANGUL_SURNAMES)]}{HANGUL_GIVEN[(n // len(HANGUL_SURNAMES)) % len(HANGUL_GIVEN)]}{n}"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", "pass1234")

    @factory.post_generation
    def _save(obj, create, extracted, **kwargs):  # noqa: N805
        if create:
            obj.save()


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"마작 클럽 {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")
    public_standings = False


class MemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Member

    club = factory.SubFactory(ClubFactory)
    user = None
    display_name = factory.Sequence(_hangul_name)
    active = True


class ClubRoleFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ClubRole

    member = factory.SubFactory(MemberFactory)
    club = factory.SelfAttribute("member.club")
    role = ClubRole.Role.HOST


class RulesetFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Ruleset

    club = factory.SubFactory(ClubFactory)
    key = "juki-agit-2026"
    name = factory.LazyAttribute(lambda o: o.key)
    base = factory.LazyAttribute(lambda o: o.key)
    overrides = factory.LazyFunction(dict)
    version = factory.Sequence(lambda n: str(n + 1))


class SeasonFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Season

    club = factory.SubFactory(ClubFactory)
    ruleset = factory.SubFactory(RulesetFactory, club=factory.SelfAttribute("..club"))
    name = factory.Sequence(lambda n: f"2026 시즌 {n}")
    starts_on = datetime.date(2026, 1, 1)
    ends_on = datetime.date(2026, 12, 31)


class GameFactory(factory.django.DjangoModelFactory):
    """A bare game row; ``seated=[m0, m1, m2, m3]`` also creates its seats.

    Prefer ``league.services.game_start`` when the test is about behaviour.
    """

    class Meta:
        model = Game
        skip_postgeneration_save = True

    season = factory.SubFactory(SeasonFactory)
    club = factory.SelfAttribute("season.club")
    ruleset = factory.SelfAttribute("season.ruleset")
    table_label = factory.Sequence(lambda n: f"T{n}")
    seats = 4

    @factory.post_generation
    def seated(obj, create, extracted, **kwargs):  # noqa: N805
        if create and extracted:
            for seat, member in enumerate(extracted):
                GameSeat.objects.create(game=obj, seat=seat, member=member)


class HandRecordFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = HandRecord

    game = factory.SubFactory(GameFactory)
    position = factory.Sequence(lambda n: n)
    event = factory.LazyFunction(lambda: {"kind": "draw", "tenpai": [], "riichi": []})


class PenaltyFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Penalty

    season = factory.SubFactory(SeasonFactory)
    member = factory.SubFactory(MemberFactory, club=factory.SelfAttribute("..season.club"))
    type = Penalty.Kind.SEASON_DEDUCTION
    points = 10
    reason = "지각"


class AuditEntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = AuditEntry

    club = factory.SubFactory(ClubFactory)
    action = AuditEntry.Action.CREATE
    object_type = "game"
    object_id = "1"
