"""The audit log and the once-only keys move from ``league`` to the floor (issue 24), keeping their tables.

State only: the tables ``league_auditentry`` and ``league_idempotencykey`` were made by the league's
migrations (hence the dependency on them) and stay as they are; ``league.0014_floor_move_audit_and_once_keys``
drops the two models from the league's state. No row moves, on PostgreSQL or SQLite.
"""
import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("league", "0013_merge_notify_stats"),
        migrations.swappable_dependency(settings.AUDIT_OWNER_MODEL),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    state_operations = [
        migrations.CreateModel(
            name="AuditEntry",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("at", models.DateTimeField(default=django.utils.timezone.now, verbose_name="at")),
                ("action", models.CharField(choices=[("create", "Create"), ("edit", "Edit"), ("delete", "Delete"),
                                                     ("cancel", "Cancel")], max_length=16, verbose_name="action")),
                ("object_type", models.CharField(max_length=60, verbose_name="object type")),
                ("object_id", models.CharField(max_length=60, verbose_name="object id")),
                ("before", models.JSONField(blank=True, null=True, verbose_name="before")),
                ("after", models.JSONField(blank=True, null=True, verbose_name="after")),
                ("reason", models.TextField(blank=True, verbose_name="reason")),
                ("actor", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL,
                                            related_name="+", to=settings.AUTH_USER_MODEL, verbose_name="actor")),
                ("club", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="audit_entries",
                                           to=settings.AUDIT_OWNER_MODEL, verbose_name="club")),
            ],
            options={
                "verbose_name": "audit entry",
                "verbose_name_plural": "audit entries",
                "db_table": "league_auditentry",
                "ordering": ["-at", "-id"],
                "indexes": [models.Index(fields=["object_type", "object_id"], name="league_audi_object__1b9feb_idx"),
                            models.Index(fields=["club", "-at"], name="league_audi_club_id_6e3c57_idx")],
                "constraints": [models.CheckConstraint(
                    condition=models.Q(("action__in", ["create", "edit", "delete", "cancel"])),
                    name="auditentry_action_valid")],
            },
        ),
        migrations.CreateModel(
            name="IdempotencyKey",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("key", models.CharField(max_length=200, unique=True, verbose_name="key")),
                ("scope", models.CharField(max_length=60, verbose_name="scope")),
                ("fingerprint", models.CharField(blank=True, max_length=64, verbose_name="fingerprint")),
                ("object_type", models.CharField(blank=True, max_length=60, verbose_name="object type")),
                ("object_id", models.CharField(blank=True, max_length=60, verbose_name="object id")),
                ("response", models.JSONField(blank=True, null=True, verbose_name="response")),
                ("created_at", models.DateTimeField(default=django.utils.timezone.now, verbose_name="created at")),
                ("user", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE,
                                           related_name="+", to=settings.AUTH_USER_MODEL, verbose_name="user")),
            ],
            options={
                "verbose_name": "idempotency key",
                "verbose_name_plural": "idempotency keys",
                "db_table": "league_idempotencykey",
                "indexes": [models.Index(fields=["created_at"], name="league_idem_created_c12d52_idx")],
            },
        ),
    ]

    operations = [migrations.SeparateDatabaseAndState(state_operations=state_operations)]
