"""manage.py export_season SEASON_ID -o file.json"""
from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from league.models import Season
from league.transfer.season_file import export_season


class Command(BaseCommand):
    help = "Write a season (members, rulesets, games as game records, penalties) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("season_id", type=int)
        parser.add_argument("-o", "--output", default="-", help="file to write (default: standard output)")

    def handle(self, *args, **opts):
        season = Season.objects.select_related("club", "ruleset").filter(pk=opts["season_id"]).first()
        if season is None:
            raise CommandError(f"No season with id {opts['season_id']}.")
        text = json.dumps(export_season(season), ensure_ascii=False, indent=1)
        if opts["output"] == "-":
            sys.stdout.write(text + "\n")
        else:
            with open(opts["output"], "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
            self.stderr.write(f"Season {season.pk} written to {opts['output']}.")
