# Written by hand (issue #11, item 4): per-game cached statistics, the standings' epoch and state,
# and each member's rating history in its own row.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0008_whatif_runs'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='final_stats',
            field=models.JSONField(blank=True, help_text="Each seat's hand statistics and full-hand wins, for the standings (league.games.game_stats).", null=True, verbose_name='final statistics'),
        ),
        migrations.AddField(
            model_name='season',
            name='standings_epoch',
            field=models.PositiveIntegerField(default=0, editable=False, verbose_name='standings epoch'),
        ),
        migrations.AddField(
            model_name='standingssnapshot',
            name='state',
            field=models.JSONField(blank=True, default=dict, help_text="What the next game is added to: each player's tallies and the rating's state.", verbose_name='state'),
        ),
        migrations.CreateModel(
            name='RatingHistory',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('member_id', models.PositiveIntegerField(verbose_name='member id')),
                ('steps', models.JSONField(blank=True, default=list, help_text='[[game id, rating after], ...]', verbose_name='steps')),
                ('snapshot', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='histories', to='league.standingssnapshot', verbose_name='standings snapshot')),
            ],
            options={
                'verbose_name': 'rating history',
                'verbose_name_plural': 'rating histories',
                'constraints': [models.UniqueConstraint(fields=('snapshot', 'member_id'), name='ratinghistory_unique_member')],
            },
        ),
    ]
