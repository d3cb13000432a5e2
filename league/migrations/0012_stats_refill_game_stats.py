# Written by hand (issue 26, item 2): the per-game statistics cache (Game.final_stats) is version 2
# (points of wins and deal-ins, open hands, dealer keeps, value distribution, who dealt into whom):
# every finished game's document is made again from its hand records with the very function the
# write path and the standings' fallback use (league.games.game_stats.stats_of_events), and every
# season is marked changed at a new epoch, so its standings are recomputed whole (the requeue finds it).

from collections import defaultdict

from django.db import migrations
from django.db.models import F
from django.utils import timezone

CHUNK = 500


def refill(apps, schema_editor):
    from league.games.game_stats import STATS_VERSION, stats_of_events

    Game = apps.get_model("league", "Game")
    HandRecord = apps.get_model("league", "HandRecord")
    Season = apps.get_model("league", "Season")
    ids = [pk for pk, doc in Game.objects.filter(status="finished").order_by("pk").values_list("pk", "final_stats")
           if not (isinstance(doc, dict) and doc.get("version") == STATS_VERSION)]
    for i in range(0, len(ids), CHUNK):
        games = list(Game.objects.filter(pk__in=ids[i:i + CHUNK]).select_related("ruleset", "season__ruleset"))
        events = defaultdict(list)
        for game_id, event in (HandRecord.objects.filter(game_id__in=[g.pk for g in games])
                               .order_by("game_id", "position").values_list("game_id", "event")):
            events[game_id].append(event)
        for game in games:
            ruleset = game.ruleset or game.season.ruleset
            spec = {"base": ruleset.base, "overrides": dict(ruleset.overrides or {})}
            game.final_stats = stats_of_events(events.get(game.pk, []), game.seats, spec, game_id=game.pk)
        Game.objects.bulk_update(games, ["final_stats"])
    Season.objects.update(standings_epoch=F("standings_epoch") + 1, standings_changed_at=timezone.now())


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0011_stats_awards'),
    ]

    operations = [
        migrations.RunPython(refill, migrations.RunPython.noop),
    ]
