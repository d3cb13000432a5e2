"""factory_boy factories for the club, league and events models.

The events factories build rows as they stand after the services made them (a checked-in
player, an approved entrant, a round with its tables), for tests about what comes after; a test
about the step itself (checking in, registering, seating) calls the service."""
from __future__ import annotations

import datetime

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone

from club.models import Club, ClubRole, Member
from core.models import AuditEntry
from events.casual.models import CasualSeason
from events.models import CheckIn, ClubNight, NightRound, NightTable
from events.tournaments.models import Entrant, SeatingMethod, Tournament, TournamentRound, TournamentTable
from league.models import Game, GameSeat, HandRecord, Penalty, Ruleset, Season

HANGUL_SURNAMES = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "한", "오"]
HANGUL_GIVEN = ["민준", "서연", "도윤", "하은", "지호", "수아", "예준", "지우", "시우", "서윤"]


def _hangul_name(n: int) -> str:
    surname = HANGUL_SURNAMES[n % len(HANGUL_SURNAMES)]
    given = HANGUL_GIVEN[(n // len(HANGUL_SURNAMES)) % len(HANGUL_GIVEN)]
    return f"{surname}{given}{n}"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", "pass1234")

    @factory.post_generation
    def _save(obj, create, extracted, **kwargs):
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
    def seated(obj, create, extracted, **kwargs):
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


# --- events: club nights --------------------------------------------------------------------------
class ClubNightFactory(factory.django.DjangoModelFactory):
    """An open night of a 4-player season (``sanma_season`` None: no tables of three)."""

    class Meta:
        model = ClubNight

    club = factory.SubFactory(ClubFactory)
    season = factory.SubFactory(SeasonFactory, club=factory.SelfAttribute("..club"))
    sanma_season = None
    title = factory.Sequence(lambda n: f"목요일 클럽 나이트 {n}")
    round_minutes = 80


class CheckInFactory(factory.django.DjangoModelFactory):
    """A member present at the night (checked in, not left), in the order the rows are made."""

    class Meta:
        model = CheckIn

    night = factory.SubFactory(ClubNightFactory)
    member = factory.SubFactory(MemberFactory, club=factory.SelfAttribute("..night.club"))

    @classmethod
    def for_members(cls, night: ClubNight, members, **kwargs) -> list[CheckIn]:
        """``members`` checked in at ``night``, in that order."""
        return [cls(night=night, member=m, **kwargs) for m in members]


class NightRoundFactory(factory.django.DjangoModelFactory):
    """The night's next round (numbered after the ones it has), with the night's clock."""

    class Meta:
        model = NightRound

    night = factory.SubFactory(ClubNightFactory)
    number = factory.LazyAttribute(lambda o: o.night.rounds.count() + 1)
    minutes = factory.SelfAttribute("night.round_minutes")
    end_rule = factory.SelfAttribute("night.end_rule")


class NightTableFactory(factory.django.DjangoModelFactory):
    """A table of a round and its game in the night's season; ``game__seated=[m0, m1, m2, m3]`` seats it."""

    class Meta:
        model = NightTable

    round = factory.SubFactory(NightRoundFactory)
    game = factory.SubFactory(GameFactory, season=factory.SelfAttribute("..round.night.season"))
    label = factory.LazyAttribute(lambda o: str(o.round.tables.count() + 1))


# --- events: tournaments -----------------------------------------------------------------------------
class TournamentFactory(factory.django.DjangoModelFactory):
    """A tournament in registration with its own season (as ``tournament_create`` makes it)."""

    class Meta:
        model = Tournament

    club = factory.SubFactory(ClubFactory)
    ruleset = factory.SubFactory(RulesetFactory, club=factory.SelfAttribute("..club"))
    name = factory.Sequence(lambda n: f"쥬키배 {n}")
    season = factory.SubFactory(SeasonFactory, club=factory.SelfAttribute("..club"),
                                ruleset=factory.SelfAttribute("..ruleset"),
                                name=factory.LazyAttribute(lambda o: f"[대회] {o.factory_parent.name}"))
    rounds = 4
    round_minutes = 90


class EntrantFactory(factory.django.DjangoModelFactory):
    """An approved, checked-in player of the tournament (``pending=True``: just signed up;
    ``absent=True``: approved, not checked in)."""

    class Meta:
        model = Entrant

    tournament = factory.SubFactory(TournamentFactory)
    member = factory.SubFactory(MemberFactory, club=factory.SelfAttribute("..tournament.club"))
    status = Entrant.Status.APPROVED
    decided_at = factory.LazyFunction(timezone.now)
    checked_in_at = factory.LazyFunction(timezone.now)

    class Params:
        pending = factory.Trait(status=Entrant.Status.PENDING, decided_at=None, checked_in_at=None)
        absent = factory.Trait(checked_in_at=None)

    @classmethod
    def for_members(cls, tournament: Tournament, members, **kwargs) -> list[Entrant]:
        """``members`` entered in ``tournament``, registered in that order."""
        return [cls(tournament=tournament, member=m, **kwargs) for m in members]


class TournamentRoundFactory(factory.django.DjangoModelFactory):
    """The tournament's next round (numbered after the ones it has), with its clock."""

    class Meta:
        model = TournamentRound

    tournament = factory.SubFactory(TournamentFactory)
    number = factory.LazyAttribute(lambda o: o.tournament.round_set.count() + 1)
    method = SeatingMethod.BALANCED
    minutes = factory.SelfAttribute("tournament.round_minutes")
    end_rule = factory.SelfAttribute("tournament.end_rule")


class TournamentTableFactory(factory.django.DjangoModelFactory):
    """A table of a round and its game in the tournament's season; ``game__seated=[...]`` seats it."""

    class Meta:
        model = TournamentTable

    round = factory.SubFactory(TournamentRoundFactory)
    game = factory.SubFactory(GameFactory, season=factory.SelfAttribute("..round.tournament.season"))
    label = factory.LazyAttribute(lambda o: str(o.round.tables.count() + 1))


# --- events: casual games --------------------------------------------------------------------------
class CasualSeasonFactory(factory.django.DjangoModelFactory):
    """The season a club keeps its casual games under one ruleset in."""

    class Meta:
        model = CasualSeason

    club = factory.SubFactory(ClubFactory)
    ruleset = factory.SubFactory(RulesetFactory, club=factory.SelfAttribute("..club"))
    season = factory.SubFactory(SeasonFactory, club=factory.SelfAttribute("..club"),
                                ruleset=factory.SelfAttribute("..ruleset"), name="캐주얼")
