"""Outbound notifications (issue 27): a club's channels (Discord webhook, Telegram bot) and the
outbox of messages, written in the same transaction as the change that causes them."""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from notify import crypto


class EventKind(models.TextChoices):
    ROUND_SEATED = "round_seated", _("Round seated (the tables)")
    GAME_ENDED = "game_ended", _("Game ended (final table)")
    NIGHT_ENDED = "night_ended", _("Night ended (tonight's results)")
    PENALTY_GIVEN = "penalty_given", _("Penalty given")
    TOURNAMENT_ROUND_SEATED = "tournament_round_seated", _("Tournament round seated")
    TOURNAMENT_CUT = "tournament_cut", _("Tournament cut (who goes through)")
    TOURNAMENT_RESULTS = "tournament_results", _("Tournament results")
    TOURNAMENT_ROUND_RESULTS = "tournament_round_results", _("Tournament round results")
    NIGHT_AWARDS = "night_awards", _("Tonight's awards")
    SEASON_AWARDS = "season_awards", _("Season awards (when a season is closed)")
    TEAM_LINEUPS = "team_lineups", _("Team league line-ups (when they close)")
    TEAM_MATCH_DAY_RESULTS = "team_match_day_results", _("Team league match day results")
    # Not chosen per channel: the admin's test button, and a member's own messages (MemberTelegram).
    TEST = "test", _("Test message")
    MY_LINK = "my_link", _("Telegram linked")
    MY_SEAT = "my_seat", _("My seat")
    MY_CALL = "my_call", _("Referee call at my table")
    MY_RESULT = "my_result", _("My result")


# What a club admin may tick for a channel (the rest are sent without being chosen).
CHANNEL_EVENTS = [EventKind.ROUND_SEATED, EventKind.GAME_ENDED, EventKind.NIGHT_ENDED, EventKind.NIGHT_AWARDS,
                  EventKind.PENALTY_GIVEN, EventKind.TOURNAMENT_ROUND_SEATED, EventKind.TOURNAMENT_ROUND_RESULTS,
                  EventKind.TOURNAMENT_CUT, EventKind.TOURNAMENT_RESULTS, EventKind.SEASON_AWARDS,
                  EventKind.TEAM_LINEUPS, EventKind.TEAM_MATCH_DAY_RESULTS]
CHANNEL_EVENT_CHOICES = [(e.value, e.label) for e in CHANNEL_EVENTS]


class ChannelKind(models.TextChoices):
    DISCORD = "discord", "Discord"
    TELEGRAM = "telegram", "Telegram"


class Channel(models.Model):
    Kind = ChannelKind

    club = models.ForeignKey("club.Club", on_delete=models.CASCADE, related_name="notify_channels")
    kind = models.CharField(_("service"), max_length=16, choices=ChannelKind.choices)
    label = models.CharField(_("name"), max_length=80, blank=True)
    # The webhook URL (Discord) or the bot token (Telegram), encrypted (notify.crypto); never shown in full.
    secret_encrypted = models.TextField(editable=False)
    secret_hint = models.CharField(max_length=16, editable=False)
    chat_id = models.CharField(_("chat id"), max_length=64, blank=True, help_text=_("Telegram only."))
    bot_username = models.CharField(_("bot username"), max_length=64, blank=True,
                                    help_text=_("Telegram only: members open t.me/<username> to link their own chat."))
    # Telegram getUpdates' offset: the next update to read (members' /start codes; notify.personal).
    update_offset = models.BigIntegerField(default=0, editable=False)
    events = models.JSONField(default=list, blank=True)
    active = models.BooleanField(_("active"), default=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["club", "id"]
        verbose_name = _("notification channel")
        verbose_name_plural = _("notification channels")
        constraints = [models.CheckConstraint(condition=Q(kind__in=["discord", "telegram"]),
                                              name="notify_channel_kind_valid")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.label or self.secret_hint}"

    def __repr__(self) -> str:  # never the secret
        return f"<Channel {self.pk} {self.kind} {self.secret_hint}>"

    def set_secret(self, value: str) -> None:
        self.secret_encrypted = crypto.encrypt(value)
        self.secret_hint = crypto.mask(value)

    @property
    def secret(self) -> str | None:
        return crypto.decrypt(self.secret_encrypted) if self.secret_encrypted else None


def _nonce() -> str:
    return secrets.token_hex(12)  # Discord accepts a nonce of at most 25 characters


class OutboxStatus(models.TextChoices):
    PENDING = "pending", _("Waiting")
    SENDING = "sending", _("Sending")
    SENT = "sent", _("Sent")
    FAILED = "failed", _("Failed")


class MemberTelegram(models.Model):
    """A member's own Telegram chat with the club's bot, for their own messages only (seat, call, result).

    Linking: the member asks for a one-time ``code`` on their page and sends ``/start <code>`` to the
    bot (the deep link t.me/<bot>?start=<code> does it in one tap); ``notify.personal`` reads it from
    the bot's updates and stores the private chat's id. Unlinking deletes the row (and its unsent messages).
    """

    member = models.OneToOneField("club.Member", on_delete=models.CASCADE, related_name="telegram",
                                  verbose_name=_("member"))
    channel = models.ForeignKey(Channel, on_delete=models.CASCADE, related_name="members",
                                verbose_name=_("notification channel"))
    code = models.CharField(_("link code"), max_length=32, null=True, blank=True, unique=True, editable=False)
    code_expires_at = models.DateTimeField(_("code expires at"), null=True, blank=True)
    chat_id = models.CharField(_("chat id"), max_length=64, blank=True, editable=False)
    linked_at = models.DateTimeField(_("linked at"), null=True, blank=True)

    class Meta:
        verbose_name = _("member's Telegram")
        verbose_name_plural = _("members' Telegram")

    def __str__(self) -> str:
        return f"{self.member_id} ({'linked' if self.linked else 'waiting'})"

    @property
    def linked(self) -> bool:
        return bool(self.chat_id)


class Outbox(models.Model):
    """One message to one channel. ``key`` names the change (one message per change and channel)."""

    Status = OutboxStatus

    channel = models.ForeignKey(Channel, on_delete=models.CASCADE, related_name="outbox")
    # A member's own message (sent to their chat with the channel's bot), else the channel's chat.
    recipient = models.ForeignKey(MemberTelegram, null=True, blank=True, on_delete=models.CASCADE,
                                  related_name="outbox")
    event = models.CharField(max_length=32, choices=EventKind.choices)
    key = models.CharField(max_length=120)
    text = models.TextField()
    status = models.CharField(max_length=16, choices=OutboxStatus.choices, default=OutboxStatus.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(default=timezone.now)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)
    nonce = models.CharField(max_length=25, default=_nonce, editable=False)
    remote_id = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("outbox message")
        verbose_name_plural = _("outbox messages")
        constraints = [
            models.UniqueConstraint(fields=["channel", "key"], name="notify_outbox_once_per_change"),
            models.CheckConstraint(condition=Q(status__in=["pending", "sending", "sent", "failed"]),
                                   name="notify_outbox_status_valid"),
        ]
        indexes = [models.Index(fields=["status", "next_attempt_at"], name="notify_outbox_due")]

    def __str__(self) -> str:
        return f"{self.channel_id}:{self.key} ({self.status})"
