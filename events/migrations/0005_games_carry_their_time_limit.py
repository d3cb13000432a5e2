"""Issue 34: a game carries the time rule it is played under (``league.Game.time_ends_at``/``time_rule``),
given by whoever seated it; here the games already seated at a timed round get theirs from their table."""
import datetime

from django.db import migrations


def give_the_games_their_time(apps, schema_editor):
    Game = apps.get_model("league", "Game")
    for model in ("NightTable", "TournamentTable"):
        for table in apps.get_model("events", model).objects.select_related("round").iterator():
            rnd = table.round
            if not rnd.minutes:
                continue
            ends_at = rnd.seated_at + datetime.timedelta(minutes=rnd.minutes + table.extra_minutes)
            Game.objects.filter(pk=table.game_id).update(time_ends_at=ends_at, time_rule=rnd.end_rule)


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0004_merge_gamelife_prod"),
        ("league", "0018_game_time_limit"),
    ]

    operations = [migrations.RunPython(give_the_games_their_time, migrations.RunPython.noop)]
