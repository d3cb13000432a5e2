"""Issue 28 item 1: one StandingRow per member instead of the snapshot's whole ``rows`` list and ``state``.

Each snapshot's rows move into its members' rows as they are (display order, rank), each with the
member's tally and rating state from the old state; the state without them becomes the header, so
the next finished game is added to the moved rows (no recompute). ``club_figures`` is left empty:
the player page adds the rows up until the next update stores it.
"""

import django.db.models.deletion
from django.db import migrations, models


BATCH = 500


def rows_apart(apps, schema_editor):
    StandingsSnapshot = apps.get_model("league", "StandingsSnapshot")
    StandingRow = apps.get_model("league", "StandingRow")
    for snapshot in StandingsSnapshot.objects.order_by("pk").iterator(chunk_size=20):
        state = snapshot.state if isinstance(snapshot.state, dict) else {}
        tallies = {t.get("member_id"): t for t in state.get("tallies") or () if isinstance(t, dict)}
        rating = state.get("rating") if isinstance(state.get("rating"), dict) else {}
        ratings = {p[0]: p[1:] for p in rating.get("players") or () if isinstance(p, list) and p}
        rows = [r for r in snapshot.rows or () if isinstance(r, dict) and isinstance(r.get("member_id"), int)]
        if {r["member_id"] for r in rows} != set(tallies):
            tallies, ratings, state = {}, {}, {}  # rows and state disagree: the next update recomputes whole
        StandingRow.objects.bulk_create(
            (StandingRow(snapshot=snapshot, member_id=r["member_id"], position=i, rank=r.get("rank"),
                         row={**r, "rank": None}, tally=tallies.get(r["member_id"]),
                         rating_state=ratings.get(r["member_id"])) for i, r in enumerate(rows)),
            batch_size=BATCH)
        header = {k: v for k, v in state.items() if k != "tallies"}
        if rating:
            header["rating"] = {k: v for k, v in rating.items() if k != "players"}
        snapshot.header = header
        snapshot.save(update_fields=["header"])


def rows_together(apps, schema_editor):
    StandingsSnapshot = apps.get_model("league", "StandingsSnapshot")
    StandingRow = apps.get_model("league", "StandingRow")
    for snapshot in StandingsSnapshot.objects.order_by("pk").iterator(chunk_size=20):
        parts = list(StandingRow.objects.filter(snapshot=snapshot).order_by("position"))
        snapshot.rows = [{**p.row, "rank": p.rank} for p in parts]
        state = dict(snapshot.header or {})
        if state:
            by_id = sorted(parts, key=lambda p: p.pk)
            state["tallies"] = [p.tally for p in by_id if p.tally is not None]
            state["rating"] = {**state.get("rating", {}),
                               "players": [[p.member_id, *p.rating_state] for p in by_id if p.rating_state]}
        snapshot.state = state
        snapshot.save(update_fields=["rows", "state"])


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0013_merge_notify_stats'),
    ]

    operations = [
        migrations.AddField(
            model_name='standingssnapshot',
            name='club_figures',
            field=models.JSONField(blank=True, default=dict, help_text="Every row's counts added up: the club's figures on a player page.", verbose_name='club figures'),
        ),
        migrations.AddField(
            model_name='standingssnapshot',
            name='header',
            field=models.JSONField(blank=True, default=dict, help_text="What the next game is added to, besides each member's row: the epoch and settings it was made at, the games it covers and the last of them.", verbose_name='state'),
        ),
        migrations.CreateModel(
            name='StandingRow',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('member_id', models.PositiveIntegerField(blank=True, help_text='Empty only in rows given by hand without a member.', null=True, verbose_name='member id')),
                ('position', models.PositiveIntegerField(help_text='Display order, from 0.', verbose_name='position')),
                ('rank', models.PositiveIntegerField(blank=True, null=True, verbose_name='rank')),
                ('row', models.JSONField(blank=True, default=dict, verbose_name='row')),
                ('tally', models.JSONField(blank=True, null=True, verbose_name='tally')),
                ('rating_state', models.JSONField(blank=True, help_text="[games, ...the rating's values]", null=True, verbose_name='rating state')),
                ('snapshot', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='standing_rows', to='league.standingssnapshot', verbose_name='standings snapshot')),
            ],
            options={
                'verbose_name': 'standing row',
                'verbose_name_plural': 'standing rows',
                'indexes': [models.Index(fields=['snapshot', 'position'], name='standingrow_position')],
                'constraints': [models.UniqueConstraint(fields=('snapshot', 'member_id'), name='standingrow_unique_member')],
            },
        ),
        migrations.RunPython(rows_apart, rows_together),
        migrations.RemoveField(
            model_name='standingssnapshot',
            name='rows',
        ),
        migrations.RemoveField(
            model_name='standingssnapshot',
            name='state',
        ),
    ]
