"""Secrets at rest (a Discord webhook URL, a Telegram bot token): Fernet (``cryptography``), with a
key derived from ``NOTIFY_SECRET_KEY`` (default: ``SECRET_KEY``). Changing that key makes stored
secrets unreadable: the admin page then asks to connect the channel again."""
from __future__ import annotations

import base64
import hashlib

from cryptography.fernet import Fernet, InvalidToken
from django.conf import settings


def _fernet() -> Fernet:
    secret = getattr(settings, "NOTIFY_SECRET_KEY", "") or settings.SECRET_KEY
    return Fernet(base64.urlsafe_b64encode(hashlib.sha256(b"clubleague-notify:" + secret.encode()).digest()))


def encrypt(value: str) -> str:
    return _fernet().encrypt(value.encode()).decode()


def decrypt(token: str) -> str | None:
    try:
        return _fernet().decrypt(token.encode()).decode()
    except (InvalidToken, ValueError):
        return None


def mask(value: str, keep: int = 4) -> str:
    """What the admin sees of a secret: its last ``keep`` characters."""
    return "••••" + value[-keep:] if len(value) > keep * 3 else "••••"
