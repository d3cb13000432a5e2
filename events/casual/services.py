"""Starting a casual game (audited by ``league.games.services.game_start``; the season's creation too)."""
from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from club.models import Club, Member
from core.once import Once
from events.casual.models import CasualSeason
from league import permissions as league_permissions
from league.games import services as game_services
from league.models import Game, Ruleset
from league.seasons import services as season_services


def casual_season(*, club: Club, ruleset: Ruleset) -> CasualSeason:
    existing = CasualSeason.objects.filter(club=club, ruleset=ruleset).select_related("season").first()
    if existing is not None:
        return existing
    season = season_services.season_create(
        club=club, name=f"[{_('Casual')}] {ruleset.name} v{ruleset.version}"[:120], ruleset=ruleset, by=None)
    return CasualSeason.objects.create(club=club, ruleset=ruleset, season=season)


@transaction.atomic
def casual_game_start(*, club: Club, ruleset: Ruleset, members: Sequence[Member], by, table_label: str = "",
                      random_seats: bool = False, once: Once | None = None) -> Game:
    """Start a casual game (members in seat order, East first): whoever may start a game may start one."""
    if by is not None and not league_permissions.can_start_game(by, club):
        raise PermissionDenied(_("You may not start a game in this club."))
    Club.objects.select_for_update().filter(pk=club.pk).first()  # one casual season per ruleset, even at once
    holder = casual_season(club=club, ruleset=ruleset)
    from django.utils import timezone
    from django.utils.formats import date_format

    default_label = f'{_("Casual")} · {date_format(timezone.localdate(), "MONTH_DAY_FORMAT")}'
    game = game_services.game_start(season=holder.season, table_label=table_label or default_label,
                                    members=members, random_seats=random_seats, by=by, once=once)
    return game_services.table_code_issue(game=game, by=by)  # the table's phones come in with it
