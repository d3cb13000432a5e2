"""manage.py import_tenhou6 --season ID [--map nick=member ...] [--create-members] FILE..."""
from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from league.models import Season
from league.transfer.tenhou6 import LogError, batch_create, batch_run, parse_mapping, read_log_bytes


class Command(BaseCommand):
    help = "Import tenhou.net/6 JSON logs as games of a season (a log already imported is skipped)."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE", help="tenhou.net/6 JSON files")
        parser.add_argument("--season", type=int, required=True, help="season id")
        parser.add_argument(
            "--map", action="append", default=[], metavar="NICK=MEMBER",
            help="map an online nickname to a member (id or display name); repeat for each",
        )
        parser.add_argument(
            "--create-members", action="store_true", help="create a member for an unmapped nickname"
        )

    def handle(self, *args, **opts):
        season = Season.objects.select_related("club").filter(pk=opts["season"]).first()
        if season is None:
            raise CommandError(f"No season with id {opts['season']}.")
        try:
            mapping = parse_mapping(opts["map"])
        except LogError as exc:
            raise CommandError(str(exc)) from None
        logs = []
        for name in opts["files"]:
            path = Path(name)
            try:
                logs.append((path.name, read_log_bytes(path.read_bytes())))
            except OSError as exc:
                raise CommandError(f"{name}: {exc.strerror}") from None
            except LogError as exc:
                raise CommandError(f"{name}: {exc}") from None
        batch = batch_create(season=season, logs=logs, mapping=mapping, create_members=opts["create_members"])

        def progress(outcome):
            if "error" in outcome:
                self.stderr.write(f"{outcome['file']}: {outcome['error']}")
            elif outcome["created"]:
                self.stdout.write(f"{outcome['file']}: game {outcome['game']} imported")
            else:
                self.stdout.write(f"{outcome['file']}: already imported (game {outcome['game']})")

        batch = batch_run(
            batch=batch, logs=logs, mapping=mapping, create_members=opts["create_members"], progress=progress
        )
        self.stdout.write(f"Batch {batch.pk}: {batch.done}/{batch.total} processed, {len(batch.errors)} error(s).")
        if batch.errors:
            raise CommandError(f"{len(batch.errors)} log(s) were not imported.")
