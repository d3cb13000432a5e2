"""Why a federation write was refused: one code per reason (the ``code`` of the ValidationError)."""
from __future__ import annotations

import enum


class FederationErrorCode(enum.StrEnum):
    NOT_ADMIN = "not_admin"
    """Only the federation's admins (or a club's admins, for what their club shares) may do that."""
    SLUG_TAKEN = "slug_taken"
    ALREADY_MEMBER = "already_member"
    """The club already belongs to the federation."""
    NOT_MEMBER = "not_member"
    """The club does not belong to the federation."""
    BAD_DATES = "bad_dates"
    UNKNOWN_METHOD = "unknown_method"
    NOT_SHARED = "not_shared"
    """The tournament's club does not share its tournament results with the federation."""
    NOT_FINISHED = "not_finished"
    BAD_FILE = "bad_file"
    """An imported results file that cannot be read (each line says why); nothing was stored."""
    SEASON_NAME_TAKEN = "season_name_taken"
    """The federation already has a season of that name (a form sent twice opens one season)."""
    ALREADY_IMPORTED = "already_imported"
    """That tournament (title and first day) was already imported (a file sent twice counts once)."""
