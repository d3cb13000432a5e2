from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0005_season_closed'),
    ]

    operations = [
        migrations.AddField(
            model_name='season',
            name='standings_changed_at',
            field=models.DateTimeField(blank=True, editable=False, null=True, verbose_name='standings changed at'),
        ),
        migrations.AddField(
            model_name='importbatch',
            name='progress_at',
            field=models.DateTimeField(blank=True, editable=False, null=True),
        ),
    ]
