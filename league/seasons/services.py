"""Season writes beyond creation (``league.services.season_create``): closing and reopening."""
from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.audit import audit, snapshot
from league.models import AuditEntry, Season
from league.permissions import Action, can


@transaction.atomic
def season_close(*, season: Season, by=None, reason: str = "", reopen: bool = False) -> Season:
    """Close a season (no new games; its standings stay) or, with ``reopen``, open it again."""
    season = Season.objects.select_for_update().select_related("club").get(pk=season.pk)
    if by is not None and not can(by, Action.MANAGE_LEAGUE, club=season.club):
        raise PermissionDenied(_("Only the club's admins may close a season."))
    if (season.closed_at is None) == reopen:
        return season  # already as asked: closing twice is harmless
    before = snapshot(season)
    season.closed_at = None if reopen else timezone.now()
    if not reopen and season.ends_on is None:
        season.ends_on = max(timezone.localdate(), season.starts_on)
    season.save(update_fields=["closed_at", "ends_on"])
    audit(club=season.club, by=by, action=AuditEntry.Action.EDIT, object_type="season", object_id=season.pk,
          before=before, after=snapshot(season), reason=reason)
    return season
