"""Create a federation with its first admin (a login that exists):

    .venv/bin/python manage.py create_federation --name "서울 마작 연맹" --slug seoul --admin kim
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from federation import services


class Command(BaseCommand):
    help = "Create a federation and make a login its admin."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--name", required=True)
        parser.add_argument("--slug", required=True)
        parser.add_argument("--admin", required=True, help="the login name of its first admin")
        parser.add_argument("--country", default="Korea")

    def handle(self, *args, name: str, slug: str, admin: str, country: str, **options) -> None:
        user = get_user_model().objects.filter(username=admin).first()
        if user is None:
            raise CommandError(f"no login {admin!r}")
        try:
            federation = services.federation_create(name=name, slug=slug, by=user, country=country)
        except services.FederationRefused as refused:
            raise CommandError(refused.messages[0]) from refused
        self.stdout.write(f"/federations/{federation.slug}/ ({federation.name}), admin {admin}")
