"""Issue 9, item 20: the Django admin speaks Korean — app, model and field labels (gettext_lazy)."""
from __future__ import annotations

import html
from http import HTTPStatus

import pytest
from django.apps import apps
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from tests.factories import AuditEntryFactory, MemberFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client_ko(club):
    MemberFactory(club=club, display_name="관리자회원")
    AuditEntryFactory(club=club)
    user = UserFactory(is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize(("url", "korean", "english"), [
    ("/admin/", ["클럽", "리그", "공통 기록"], [">Club<", ">League<", ">Shared records<"]),
    ("/admin/club/member/", ["가입 시각", "표시 이름", "사용자 계정"], ["Joined at", "Joined At", "JOINED AT"]),
    ("/admin/core/auditentry/", ["시각", "대상 종류"], ["Object type", "Object Type"]),
])
def test_korean_labels_in_the_django_admin(admin_client_ko, url, korean, english):
    response = admin_client_ko.get(url, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    text = html.unescape(response.content.decode())
    for word in korean:
        assert word in text, word
    for word in english:
        assert word not in text, word


def test_korean_labels_every_field_has_a_translated_label():
    with translation.override("ko"):
        for app in ("core", "club", "league"):
            for model in apps.get_app_config(app).get_models():
                for field in model._meta.get_fields():
                    if not hasattr(field, "verbose_name") or field.auto_created:
                        continue
                    label = str(field.verbose_name)
                    assert not label.isascii(), f"{model.__name__}.{field.name}: {label!r} is not Korean"


def test_korean_labels_migrations_are_in_step():
    call_command("makemigrations", "core", "club", "league", "--check", "--dry-run", verbosity=0)
