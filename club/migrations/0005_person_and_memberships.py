"""Issue 36: one person, many clubs. A login's member becomes one of its memberships (user: one-to-one →
foreign key, one membership per login and club), and every member gets a person of its own (today no two
members share a login, so no two share a person). Reversible while no login has two memberships."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def give_each_member_a_person(apps, schema_editor):
    Member = apps.get_model("club", "Member")
    Person = apps.get_model("club", "Person")
    by_login: dict[int, int] = {}
    for member in Member.objects.filter(person__isnull=True).order_by("pk").iterator():
        person_id = by_login.get(member.user_id) if member.user_id else None
        if person_id is None:
            person_id = Person.objects.create().pk
            if member.user_id:
                by_login[member.user_id] = person_id
        Member.objects.filter(pk=member.pk).update(person_id=person_id)


def forget_persons(apps, schema_editor):
    Member = apps.get_model("club", "Member")
    users = Member.objects.exclude(user=None).values_list("user_id", flat=True)
    if len(list(users)) != len(set(users)):
        raise RuntimeError("a login has memberships at two clubs: the one-login-one-member schema cannot hold it")
    Member.objects.update(person=None)


class Migration(migrations.Migration):

    dependencies = [
        ("club", "0004_member_guest"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Person",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("latin_name", models.CharField(blank=True, help_text="As the EMA and other federations list the player, e.g. 'KIM Minsu'.", max_length=80, verbose_name="name in Latin letters")),
                ("aliases", models.JSONField(blank=True, default=list, help_text="Other spellings of this person's name, for finding them across clubs.", verbose_name="other names")),
                ("federation_id", models.CharField(blank=True, max_length=32, verbose_name="federation ID")),
                ("ema_id", models.CharField(blank=True, max_length=16, verbose_name="EMA ID")),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="created at")),
            ],
            options={
                "verbose_name": "person",
                "verbose_name_plural": "persons",
                "constraints": [
                    models.UniqueConstraint(condition=models.Q(("ema_id", ""), _negated=True), fields=("ema_id",), name="person_unique_ema_id"),
                    models.UniqueConstraint(condition=models.Q(("federation_id", ""), _negated=True), fields=("federation_id",), name="person_unique_federation_id"),
                ],
            },
        ),
        migrations.AddField(
            model_name="member",
            name="person",
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name="memberships", to="club.person", verbose_name="person"),
        ),
        migrations.RunPython(give_each_member_a_person, forget_persons),
        migrations.AlterField(
            model_name="member",
            name="person",
            field=models.ForeignKey(help_text="The human behind this membership, shared by their memberships at other clubs.", on_delete=django.db.models.deletion.PROTECT, related_name="memberships", to="club.person", verbose_name="person"),
        ),
        migrations.AlterField(
            model_name="member",
            name="user",
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="memberships", to=settings.AUTH_USER_MODEL, verbose_name="user"),
        ),
        migrations.AddConstraint(
            model_name="member",
            constraint=models.UniqueConstraint(fields=("club", "user"), name="member_one_membership_per_login_and_club"),
        ),
    ]
