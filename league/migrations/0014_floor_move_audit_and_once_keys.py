"""The audit log and the once-only keys now belong to the floor (``core``, issue 24): the league forgets the
two models (state only; their tables stay, now ``core``'s, see ``core.0001_floor_audit_and_once_keys``).

Their content types move with them (``league`` -> ``core``), so permissions given on them are kept.
"""
from django.db import migrations

MOVED = ("auditentry", "idempotencykey")


def _move_content_types(apps, schema_editor, *, old: str, new: str) -> None:
    content_type = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    for model in MOVED:
        if not content_type.objects.using(db).filter(app_label=new, model=model).exists():
            content_type.objects.using(db).filter(app_label=old, model=model).update(app_label=new)


def forwards(apps, schema_editor):
    _move_content_types(apps, schema_editor, old="league", new="core")


def backwards(apps, schema_editor):
    _move_content_types(apps, schema_editor, old="core", new="league")


class Migration(migrations.Migration):

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("core", "0001_floor_audit_and_once_keys"),
        ("league", "0013_merge_notify_stats"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.DeleteModel(name="AuditEntry"),
            migrations.DeleteModel(name="IdempotencyKey"),
        ]),
        migrations.RunPython(forwards, backwards),
    ]
