"""manage.py import_season file.json [--into-existing-club] — restore an exported season."""
from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from league.transfer.season_file import RestoreError, restore_season


class Command(BaseCommand):
    help = "Restore a season exported by export_season (club, members, rulesets, season, games, penalties)."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument(
            "--into-existing-club", action="store_true",
            help="the club exists here (e.g. another season was restored first): add the season to it, "
            "matching members by display name",
        )

    def handle(self, *args, **opts):
        try:
            with open(opts["file"], encoding="utf-8") as fh:
                doc = json.load(fh)
        except OSError as exc:
            raise CommandError(f"{opts['file']}: {exc.strerror}") from None
        except json.JSONDecodeError as exc:
            raise CommandError(_("The season file cannot be restored; nothing was stored: %(reason)s")
                               % {"reason": f"{opts['file']}: not JSON ({exc})."}) from None
        try:
            season = restore_season(doc, into_existing_club=opts["into_existing_club"])
        except RestoreError as exc:
            raise CommandError(_("The season file cannot be restored; nothing was stored: %(reason)s")
                               % {"reason": exc}) from None
        games = season.games.count()
        self.stdout.write(f"Season {season.pk} ({season.name}) of club {season.club.slug} restored: {games} games.")
