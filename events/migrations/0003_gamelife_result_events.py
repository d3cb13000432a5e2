"""Tournament tables whose final scores were entered before issue 21 were finished by writing the
game row directly (``ended_by="final_scores"``, no hand record). Their result becomes the record's one
``result`` event (the table's entered scores and sticks) and ``ended_by`` the contract's ``result``, so
a replay gives the same final table and no hand can follow it."""
from django.db import migrations


def forwards(apps, schema_editor):
    TournamentTable = apps.get_model("events", "TournamentTable")
    HandRecord = apps.get_model("league", "HandRecord")
    Game = apps.get_model("league", "Game")
    for table in TournamentTable.objects.filter(entry="scores", scores__isnull=False).select_related("game"):
        game = table.game
        if game is None or game.ended_by != "final_scores" or HandRecord.objects.filter(game=game).exists():
            continue
        HandRecord.objects.create(game=game, position=0,
                                  event={"kind": "result", "scores": list(table.scores), "sticks": table.sticks or 0})
        Game.objects.filter(pk=game.pk).update(ended_by="result")


def backwards(apps, schema_editor):
    HandRecord = apps.get_model("league", "HandRecord")
    Game = apps.get_model("league", "Game")
    ids = list(Game.objects.filter(ended_by="result").values_list("pk", flat=True))
    HandRecord.objects.filter(game_id__in=ids, position=0, event__kind="result").delete()
    Game.objects.filter(pk__in=ids).update(ended_by="final_scores")


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0002_tournaments"),
        ("league", "0010_fill_game_stats"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
