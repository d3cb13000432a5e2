"""Clubs, their members and the roles members hold."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    public_standings = models.BooleanField(
        _("public standings"), default=False, help_text=_("Anonymous visitors may see the standings.")
    )
    visitors_ranked = models.BooleanField(
        _("visitors ranked"), default=True,
        help_text=_("Visitors from other clubs are ranked in this club's standings; otherwise their rows are "
                    "shown as visitors without a rank."))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default="ko",
        help_text=_("The language of the club's notification channels (Discord, Telegram)."),
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Person(models.Model):
    """One human across clubs (issue 36). A club's data stays the club's (a ``Member`` is one membership:
    the name, roles and games at that club); the person is what the memberships of one human share — every
    membership of one login points at the same person, and a claim ("이 기록은 저입니다") approved by both clubs
    moves another club's record onto the claimant's person. A federation ranks persons."""

    latin_name = models.CharField(
        _("name in Latin letters"), max_length=80, blank=True,
        help_text=_("As the EMA and other federations list the player, e.g. 'KIM Minsu'."))
    aliases = models.JSONField(
        _("other names"), default=list, blank=True,
        help_text=_("Other spellings of this person's name, for finding them across clubs."))
    federation_id = models.CharField(_("federation ID"), max_length=32, blank=True)
    ema_id = models.CharField(_("EMA ID"), max_length=16, blank=True)
    country = models.CharField(
        _("country"), max_length=40, blank=True,
        help_text=_("As the EMA lists it, e.g. 'Korea'; empty: the federation's country. A tournament's MERS "
                    "weight counts its players' countries."))
    findable = models.BooleanField(
        _("findable by other clubs"), default=False,
        help_text=_("Other clubs' desks may find you by name to check you in as a visitor."))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("person")
        verbose_name_plural = _("persons")
        constraints = [
            models.UniqueConstraint(fields=["ema_id"], condition=~models.Q(ema_id=""), name="person_unique_ema_id"),
            models.UniqueConstraint(fields=["federation_id"], condition=~models.Q(federation_id=""),
                                    name="person_unique_federation_id"),
        ]

    def __str__(self) -> str:
        return self.latin_name or f"#{self.pk}"


class Member(models.Model):
    """One membership: a person's name, roles and record at one club. A login has at most one per club."""

    club = models.ForeignKey(Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"), null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="memberships",
    )
    person = models.ForeignKey(
        Person, verbose_name=_("person"), on_delete=models.PROTECT, related_name="memberships",
        help_text=_("The human behind this membership, shared by their memberships at other clubs."),
    )
    display_name = models.CharField(_("display name"), max_length=60)
    active = models.BooleanField(_("active"), default=True)
    joined_at = models.DateTimeField(_("joined at"), auto_now_add=True)
    guest = models.BooleanField(
        _("guest"), default=False,
        help_text=_("Added by name at the desk (a walk-in, no login): can later be made a member or merged into one."),
    )
    visitor = models.BooleanField(
        _("visitor"), default=False,
        help_text=_("A member of another club who played here as a visitor: no roles, no view of the club's data."))
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="merged_from",
        verbose_name=_("merged into"),
        help_text=_("A duplicate merged into another member: its games and penalties moved there."),
    )

    class Meta:
        ordering = ["club", "display_name"]
        verbose_name = _("member")
        verbose_name_plural = _("members")
        constraints = [
            models.UniqueConstraint(fields=["club", "display_name"], name="member_unique_name_per_club"),
            models.UniqueConstraint(fields=["club", "user"], name="member_one_membership_per_login_and_club"),
            models.CheckConstraint(condition=~models.Q(display_name=""), name="member_display_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.display_name

    def save(self, *args, **kwargs) -> None:
        # Every membership has its person: a login's new membership joins the person of its other
        # memberships, anyone else (a guest, an imported name) is a person of their own until a claim.
        if self.person_id is None:
            self.person = person_of_login(self.user_id) or Person.objects.create()
        super().save(*args, **kwargs)


def person_of_login(user_id: int | None) -> Person | None:
    """The person a login's memberships share (None for no login, or a login with no membership yet)."""
    if user_id is None:
        return None
    return Person.objects.filter(memberships__user_id=user_id).order_by("pk").first()


class ClubRole(models.Model):
    class Role(models.TextChoices):
        ADMIN = "admin", _("Club admin")
        REFEREE = "referee", _("Referee")
        HOST = "host", _("Table host")

    club = models.ForeignKey(Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="roles")
    member = models.ForeignKey(Member, verbose_name=_("member"), on_delete=models.CASCADE, related_name="roles")
    role = models.CharField(_("role"), max_length=16, choices=Role.choices)

    class Meta:
        ordering = ["club", "member", "role"]
        verbose_name = _("club role")
        verbose_name_plural = _("club roles")
        constraints = [
            models.UniqueConstraint(fields=["club", "member", "role"], name="clubrole_unique"),
            models.CheckConstraint(
                condition=models.Q(role__in=["admin", "referee", "host"]), name="clubrole_role_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member} — {self.get_role_display()}"


class Invite(models.Model):
    """A one-time code that links a login to a member who has none (sent as a link or read out)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invites", verbose_name=_("club"))
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="invites", verbose_name=_("member"))
    code = models.CharField(_("code"), max_length=16, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires at"))
    used_at = models.DateTimeField(_("used at"), null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("used by"),
    )

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("invite")
        verbose_name_plural = _("invites")

    def __str__(self) -> str:
        return f"{self.member} ({self.code})"


class Request(models.Model):
    """Something a user asks of the club's admins: to join, or to change their display name."""

    class Kind(models.TextChoices):
        JOIN = "join", _("Join the club")
        RENAME = "rename", _("Change display name")

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        APPROVED = "approved", _("Approved")
        DECLINED = "declined", _("Declined")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="requests", verbose_name=_("club"))
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_requests",
                             verbose_name=_("user"))
    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.CASCADE, related_name="requests", verbose_name=_("member"),
        help_text=_("The member to rename (rename requests)."),
    )
    display_name = models.CharField(_("display name"), max_length=60)
    message = models.CharField(_("message"), max_length=300, blank=True)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("decided by"),
    )
    decision_note = models.CharField(_("note"), max_length=300, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("request")
        verbose_name_plural = _("requests")
        constraints = [
            models.CheckConstraint(condition=models.Q(kind__in=["join", "rename"]), name="request_kind_valid"),
            models.CheckConstraint(
                condition=models.Q(status__in=["pending", "approved", "declined"]), name="request_status_valid"
            ),
            # One open request of a kind per user and club: asking twice is the same request.
            models.UniqueConstraint(
                fields=["club", "user", "kind"], condition=models.Q(status="pending"),
                name="request_one_pending_per_kind",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.display_name}"


class Preference(models.Model):
    """What a login chose for itself: the language its pages and its own notifications speak (issue 38).
    Without a row (or with an empty language) the browser's Accept-Language decides."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="preference",
    )
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, blank=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("preference")
        verbose_name_plural = _("preferences")

    def __str__(self) -> str:
        return f"{self.user_id}: {self.language or '-'}"

class Claim(models.Model):
    """"이 기록은 저입니다": a person claims another club's record (a membership) as theirs. Both clubs' admins
    approve (the claimant's club: one where the claimant is a member; the record's club); on the second approval
    the record moves onto the claimant's person. An undo puts it back."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        APPROVED = "approved", _("Approved")
        DECLINED = "declined", _("Declined")
        UNDONE = "undone", _("Undone")

    claimant = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="claims", verbose_name=_("claimant"))
    claimant_member = models.ForeignKey(
        Member, on_delete=models.CASCADE, related_name="claims_made", verbose_name=_("claimant's membership"),
        help_text=_("The claimant's membership whose club's admin vouches for them."))
    target = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="claims_on",
                               verbose_name=_("claimed record"))
    message = models.CharField(_("message"), max_length=300, blank=True)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PENDING)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+", verbose_name=_("created by"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    home_approved_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                         related_name="+", verbose_name=_("approved by the claimant's club"))
    home_approved_at = models.DateTimeField(_("approved by the claimant's club at"), null=True, blank=True)
    target_approved_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                           on_delete=models.SET_NULL, related_name="+",
                                           verbose_name=_("approved by the record's club"))
    target_approved_at = models.DateTimeField(_("approved by the record's club at"), null=True, blank=True)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    previous_person = models.ForeignKey(
        Person, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("previous person"),
        help_text=_("The record's person before the claim (kept for the undo)."))
    previous_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                      related_name="+", verbose_name=_("previous login"))
    gave_login = models.BooleanField(_("gave the record the claimant's login"), default=False)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("claim")
        verbose_name_plural = _("claims")
        constraints = [
            models.CheckConstraint(condition=models.Q(status__in=["pending", "approved", "declined", "undone"]),
                                   name="claim_status_valid"),
            models.UniqueConstraint(fields=["claimant", "target"], condition=models.Q(status="pending"),
                                    name="claim_one_pending_per_record"),
        ]

    def __str__(self) -> str:
        return f"{self.claimant} → {self.target}"
