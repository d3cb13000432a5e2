"""A person across clubs (issue 36): their own details (Latin name, aliases, federation and EMA ids, whether
other clubs may find them), their card (a signed token the desk scans), and the visitor membership a club's
desk gives a member of another club who plays there. Writes are keyword-only, atomic and audited; refusals
are ``ValidationError``s whose ``code`` is a :class:`club.error_codes.ClubErrorCode`."""
from __future__ import annotations

from collections.abc import Iterable

from django.core import signing
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from club.error_codes import ClubErrorCode as Code
from club.models import Club, ClubRole, Member, Person
from club.selectors import may_manage
from core.audit import audit, snapshot
from core.models import AuditEntry

CARD_SALT = "club.person-card"
FINDABLE_RESULTS = 20
"""At most this many persons answer a desk's search (a name, not a list of the federation)."""


def person_state(person: Person) -> dict:
    return snapshot(person)


def logins_of(person: Person) -> set[int]:
    return set(person.memberships.exclude(user=None).values_list("user_id", flat=True))


def is_persons_login(*, user, person: Person) -> bool:
    return bool(user is not None and getattr(user, "is_authenticated", False) and user.pk in logins_of(person))


def may_edit_person(*, user, person: Person) -> bool:
    """The person themself, or an admin of a club where the person is a member (not a visitor)."""
    if is_persons_login(user=user, person=person):
        return True
    clubs = Club.objects.filter(members__person=person, members__visitor=False).distinct()
    return any(may_manage(user=user, club=club) for club in clubs)


def may_run_desk(*, user, club: Club) -> bool:
    """An admin or referee of ``club`` (a member, not a visitor), or a superuser: the desk that checks in."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return ClubRole.objects.filter(club=club, member__user=user, member__active=True, member__visitor=False,
                                   role__in=[ClubRole.Role.ADMIN, ClubRole.Role.REFEREE]).exists()


def _clean_aliases(aliases: Iterable[str]) -> list[str]:
    seen: list[str] = []
    for alias in aliases:
        alias = " ".join((alias or "").split())[:60]
        if alias and alias not in seen:
            seen.append(alias)
    return seen[:20]


@transaction.atomic
def person_update(*, person: Person, by, club: Club, latin_name: str | None = None,
                  aliases: Iterable[str] | None = None, federation_id: str | None = None,
                  ema_id: str | None = None, country: str | None = None, findable: bool | None = None) -> Person:
    """Change a person's details (``None``: unchanged); audited at ``club`` (where the edit was made).
    ``findable`` is the person's own choice: a club admin cannot set it."""
    person = Person.objects.select_for_update().get(pk=person.pk)
    own = by is None or is_persons_login(user=by, person=person)
    if not own and not may_edit_person(user=by, person=person):
        raise PermissionDenied(_("Only the person or an admin of their club may change these details."))
    before = person_state(person)
    if latin_name is not None:
        person.latin_name = " ".join(latin_name.split())[:80]
    if aliases is not None:
        person.aliases = _clean_aliases(aliases)
    if country is not None:
        person.country = " ".join(country.split())[:40]
    for field, value in (("federation_id", federation_id), ("ema_id", ema_id)):
        if value is None:
            continue
        value = value.strip()
        if value and Person.objects.filter(**{field: value}).exclude(pk=person.pk).exists():
            raise ValidationError(_("Another person already has the ID %(id)s.") % {"id": value},
                                  code=Code.ID_TAKEN)
        setattr(person, field, value)
    if findable is not None:
        if not own:
            raise PermissionDenied(_("Only the person may choose whether other clubs find them."))
        person.findable = findable
    person.full_clean()
    person.save()
    after = person_state(person)
    if after != before:
        audit(club=club, by=by, action=AuditEntry.Action.EDIT, object_type="person", object_id=person.pk,
              before=before, after=after)
    return person


# --- the card: a signed token of the person, shown as a QR code on "내 정보" ----------------------------
def card_token(person: Person) -> str:
    return signing.dumps({"p": person.pk}, salt=CARD_SALT, compress=True)


def person_from_card(token: str) -> Person:
    try:
        data = signing.loads(token, salt=CARD_SALT)
        return Person.objects.get(pk=int(data["p"]))
    except (signing.BadSignature, KeyError, TypeError, ValueError, Person.DoesNotExist):
        raise ValidationError(_("This card is not valid here."), code=Code.CARD_INVALID) from None


# --- finding a visitor at the desk -------------------------------------------------------------------
def findable_persons(*, query: str, club: Club) -> list[Person]:
    """Persons who chose to be findable, by Latin name, alias or a name at one of their clubs, who are not
    already ``club``'s members (they are found on the club's own list)."""
    query = " ".join((query or "").split())
    if len(query) < 2:
        return []
    own = Member.objects.filter(club=club, visitor=False).values("person_id")
    match = (Q(latin_name__icontains=query) | Q(aliases__icontains=query)
             | Q(memberships__display_name__icontains=query, memberships__visitor=False))
    ids = (Person.objects.filter(findable=True).filter(match).exclude(pk__in=own)
           .values_list("pk", flat=True).distinct()[:FINDABLE_RESULTS])
    return list(Person.objects.filter(pk__in=list(ids)).prefetch_related("memberships__club").order_by("pk"))


def home_memberships(person: Person) -> list[Member]:
    """The person's memberships as a member (not a visitor), oldest first: the names a desk shows."""
    return [m for m in sorted(person.memberships.all(), key=lambda m: (m.joined_at, m.pk))
            if not m.visitor and m.merged_into_id is None]


def _free_name(*, club: Club, wanted: str, home: str) -> str:
    taken = set(Member.objects.filter(club=club).values_list("display_name", flat=True))
    for candidate in (wanted, f"{wanted} ({home})"):
        if candidate[:60] not in taken:
            return candidate[:60]
    n = 2
    while f"{wanted} ({home} {n})"[:60] in taken:
        n += 1
    return f"{wanted} ({home} {n})"[:60]


@transaction.atomic
def visitor_membership(*, club: Club, person: Person, by, shown_card: bool = False) -> tuple[Member, bool]:
    """The person's membership at ``club`` for a visit: their own (a member already, or a visitor before),
    else a new visitor membership — the same person and login, no roles, the name they use at their club.
    Returns (membership, created). The desk (an admin or referee of ``club``) finds a person who chose to be
    findable, or one who showed their card."""
    if by is not None and not may_run_desk(user=by, club=club):
        raise PermissionDenied(_("Only the club's admins and referees check visitors in."))
    person = Person.objects.select_for_update().get(pk=person.pk)
    if not (person.findable or shown_card):
        raise ValidationError(_("This person is not findable by other clubs: ask them to show their card."),
                              code=Code.NOT_FINDABLE)
    mine = Member.objects.filter(club=club, person=person, merged_into__isnull=True).order_by("visitor", "pk").first()
    if mine is not None:
        return mine, False
    home = home_memberships(person)
    if not home:
        raise ValidationError(_("This person is a member of no club."), code=Code.OTHER_CLUB)
    logins = [m.user_id for m in home if m.user_id]
    user_id = logins[0] if logins else None
    if user_id is not None:
        at_club = Member.objects.filter(club=club, user_id=user_id).first()
        if at_club is not None:  # the login's own record here, under another person until a claim
            return at_club, False
    name = _free_name(club=club, wanted=home[0].display_name, home=home[0].club.name)
    member = Member.objects.create(club=club, person=person, user_id=user_id, display_name=name, visitor=True)
    audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="member", object_id=member.pk,
          after={**snapshot(member), "roles": []}, reason=_("Visitor from %(club)s") % {"club": home[0].club.name})
    return member, True


def other_memberships(member: Member) -> QuerySet[Member]:
    """The same person's memberships at other clubs (as member or visitor)."""
    return (Member.objects.filter(person_id=member.person_id).exclude(club_id=member.club_id)
            .select_related("club").order_by("club__name", "pk"))
