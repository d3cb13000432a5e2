# Written by hand (issue #11, item 4): fills Game.final_stats of the finished games from their hand
# records, with the very function the write path and the standings' fallback use
# (league.games.game_stats.stats_of_events), and moves each snapshot's rating histories into
# RatingHistory rows (one per member).

from collections import defaultdict

from django.db import migrations

CHUNK = 500


def fill_stats(apps, schema_editor):
    from league.games.game_stats import stats_of_events

    Game = apps.get_model("league", "Game")
    HandRecord = apps.get_model("league", "HandRecord")
    todo = Game.objects.filter(status="finished", final_stats__isnull=True).order_by("pk")
    ids = list(todo.values_list("pk", flat=True))
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


def move_histories(apps, schema_editor):
    StandingsSnapshot = apps.get_model("league", "StandingsSnapshot")
    RatingHistory = apps.get_model("league", "RatingHistory")
    for snapshot in StandingsSnapshot.objects.all():
        ratings = snapshot.ratings if isinstance(snapshot.ratings, dict) else {}
        history = ratings.pop("history", None)
        if isinstance(history, dict):
            RatingHistory.objects.bulk_create(
                [RatingHistory(snapshot=snapshot, member_id=int(m), steps=steps) for m, steps in history.items()
                 if str(m).isdigit() and isinstance(steps, list)], batch_size=CHUNK)
        snapshot.ratings = ratings
        snapshot.save(update_fields=["ratings"])


def histories_back(apps, schema_editor):
    StandingsSnapshot = apps.get_model("league", "StandingsSnapshot")
    RatingHistory = apps.get_model("league", "RatingHistory")
    for snapshot in StandingsSnapshot.objects.all():
        ratings = snapshot.ratings if isinstance(snapshot.ratings, dict) else {}
        ratings["history"] = {str(h.member_id): h.steps for h in RatingHistory.objects.filter(snapshot=snapshot)}
        snapshot.ratings = ratings
        snapshot.save(update_fields=["ratings"])


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0009_standings_incremental'),
    ]

    operations = [
        migrations.RunPython(fill_stats, migrations.RunPython.noop),
        migrations.RunPython(move_histories, histories_back),
    ]
