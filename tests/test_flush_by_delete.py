"""The root conftest's flush after a transactional test on PostgreSQL (DELETE with the foreign-key triggers off
for its transaction, the content types and permissions kept) leaves what Django's TRUNCATE and post_migrate
leave: every table empty but those two, which hold every model's row, and foreign keys enforced again after
it."""
from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import IntegrityError, transaction

from conftest import FLUSH_KEEPS, flush_by_delete
from tests.factories import AuditEntryFactory, GameFactory, HandRecordFactory, PenaltyFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _flush() -> None:
    """What a transactional test's teardown runs (Django's TransactionTestCase: sequences not reset)."""
    call_command("flush", verbosity=0, interactive=False, reset_sequences=False)


def _rows() -> dict[str, int]:
    return {model._meta.db_table: model.objects.count() for model in apps.get_models()
            if model._meta.managed and not model._meta.proxy}


def test_a_flush_empties_every_table_but_the_content_types_and_permissions_it_keeps_whole():
    game = GameFactory()
    HandRecordFactory(game=game)
    PenaltyFactory(game=game)
    AuditEntryFactory()
    kept = {"django_content_type": ContentType.objects.count(), "auth_permission": Permission.objects.count()}
    assert kept["django_content_type"] >= len(list(apps.get_models()))
    assert sum(_rows().values()) > sum(kept.values())  # the test left rows in other tables

    _flush()

    assert {table: n for table, n in _rows().items() if n} == kept
    assert all(ContentType.objects.get_for_model(model) for model in apps.get_models())


def test_foreign_keys_are_checked_again_after_the_flush():
    _flush()
    from league.models import HandRecord

    def dangling_hand():
        with transaction.atomic():
            HandRecord.objects.bulk_create([HandRecord(game_id=987654, position=0, event={})])

    with pytest.raises(IntegrityError):  # at the commit: the deferred foreign-key check runs again
        dangling_hand()


def test_the_statements_delete_with_the_triggers_off_and_truncate_when_sequences_are_reset():
    class Ops:
        quote_name = staticmethod(lambda name: f'"{name}"')

    def truncate(ops, style, tables, **kwargs):
        return ["TRUNCATE", kwargs]

    tables = ["club_club", *FLUSH_KEEPS, "league_game"]
    assert flush_by_delete(Ops(), no_style(), tables, truncate=truncate) == [
        "SET LOCAL session_replication_role = replica", 'DELETE FROM "club_club";', 'DELETE FROM "league_game";']
    assert flush_by_delete(Ops(), no_style(), list(FLUSH_KEEPS), truncate=truncate) == []
    assert flush_by_delete(Ops(), no_style(), tables, reset_sequences=True, truncate=truncate) == [
        "TRUNCATE", {"reset_sequences": True, "allow_cascade": False}]
