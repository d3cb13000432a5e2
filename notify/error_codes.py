"""Why a notification setting was refused: one code per reason (the ``code`` of the ValidationError)."""
from __future__ import annotations

import enum


class NotifyErrorCode(enum.StrEnum):
    EVENTS = "events"
    """An event name that is not one of the notices."""
    WEBHOOK = "webhook"
    TOKEN = "token"
    CHAT = "chat"
    KIND = "kind"
    """Neither Discord nor Telegram."""
    NO_BOT = "no_bot"
    """A member asks to link their Telegram where the club has no Telegram bot connected."""
    BOT_USERNAME = "bot_username"
    """A Telegram bot's username (for the members' one-tap link) that is not one."""
