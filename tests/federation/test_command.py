"""``manage.py create_federation``: a federation with its first admin."""
from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from federation.models import Federation, FederationLog
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_create_federation_makes_the_login_its_admin():
    user = UserFactory(username="kim")
    call_command("create_federation", name="서울 마작 연맹", slug="seoul", admin="kim", verbosity=0)
    federation = Federation.objects.get(slug="seoul")
    assert list(federation.admins.all()) == [user]
    assert FederationLog.objects.filter(federation=federation, action="create", actor=user).exists()


def test_a_taken_address_is_refused():
    UserFactory(username="kim")
    call_command("create_federation", name="A", slug="seoul", admin="kim", verbosity=0)
    with pytest.raises(CommandError):
        call_command("create_federation", name="B", slug="seoul", admin="kim", verbosity=0)
