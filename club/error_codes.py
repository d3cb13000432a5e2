"""Why a club write was refused: one code per reason (the ``code`` of the ValidationError)."""
from __future__ import annotations

import enum


class ClubErrorCode(enum.StrEnum):
    NAME_TAKEN = "name_taken"
    """Another member of the club already has that display name."""
    NAME_EMPTY = "name_empty"
    BULK_LINES = "bulk_lines"
    """A pasted member list has lines to fix (each line says why); nobody was added."""
    SAME_MEMBER = "same_member"
    """A member cannot be merged into itself."""
    OTHER_CLUB = "other_club"
    ALREADY_MERGED = "already_merged"
    SAT_TOGETHER = "sat_together"
    """Both members sat at the same game: they are two people, not a duplicate."""
    BOTH_HAVE_LOGINS = "both_have_logins"
    HAS_LOGIN = "has_login"
    """The member is already linked to a login."""
    USER_IS_MEMBER = "user_is_member"
    """That login already has a membership at this club (one membership per login and club)."""
    INVITE_UNKNOWN = "invite_unknown"
    INVITE_USED = "invite_used"
    INVITE_EXPIRED = "invite_expired"
    NOT_PENDING = "not_pending"
    """The request was already approved or declined."""
    LAST_ADMIN = "last_admin"
    """The club would be left without an admin."""
    INACTIVE = "inactive"
    LANGUAGE_UNKNOWN = "language_unknown"
    """A language the site does not speak (``settings.LANGUAGES``)."""
