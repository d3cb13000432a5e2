"""The API's own refusal codes: what the transport refuses before (or besides) any domain.

Every error body of the API carries a ``code`` (``league.api.errors.api_exception_handler``): a
domain's refusal keeps its own (``LeagueErrorCode``, ``ClubErrorCode``, ``NightErrorCode``...),
everything else is one of these. The values are Django REST framework's default codes, so a
client reading DRF's ``code`` elsewhere reads the same words here.
"""
from __future__ import annotations

import enum


class ApiErrorCode(enum.StrEnum):
    INVALID = "invalid"
    """The request's fields were refused (the body names each field and why)."""
    PARSE_ERROR = "parse_error"
    """The body is not JSON the API can read (nested too deep, a NUL, a lone surrogate)."""
    NOT_AUTHENTICATED = "not_authenticated"
    AUTHENTICATION_FAILED = "authentication_failed"
    PERMISSION_DENIED = "permission_denied"
    NOT_FOUND = "not_found"
    """No such object, or another club's (their ids are not probed)."""
    METHOD_NOT_ALLOWED = "method_not_allowed"
    NOT_ACCEPTABLE = "not_acceptable"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    THROTTLED = "throttled"
    CONFLICT = "conflict"
    """The write conflicts with data already stored (a lost race on a unique key)."""
    KEY_REUSED = "key_reused"
    ERROR = "error"
    """A refusal with no more particular code."""
