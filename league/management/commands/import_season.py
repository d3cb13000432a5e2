"""manage.py import_season file.json — restore an exported season into an empty database."""
from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from league.exports import RestoreError, restore_season


class Command(BaseCommand):
    help = "Restore a season exported by export_season (club, members, rulesets, season, games, penalties)."

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, **opts):
        try:
            with open(opts["file"], encoding="utf-8") as fh:
                doc = json.load(fh)
        except OSError as exc:
            raise CommandError(f"{opts['file']}: {exc.strerror}") from None
        except json.JSONDecodeError as exc:
            raise CommandError(f"{opts['file']}: not JSON ({exc}).") from None
        try:
            season = restore_season(doc)
        except RestoreError as exc:
            raise CommandError(str(exc)) from None
        games = season.games.count()
        self.stdout.write(f"Season {season.pk} ({season.name}) of club {season.club.slug} restored: {games} games.")
