"""The image in production: compose.yaml's stack (web, worker, beat, migrate, PostgreSQL, Redis, backup)
from this checkout's image, on the host's network; the smoke test and a backup/restore round trip."""
from __future__ import annotations

import pytest

from config.version import VERSION
from tests.deploy import containers

pytestmark = pytest.mark.docker


@pytest.fixture(scope="module")
def stack(built_images):
    project = containers.Compose(containers.project_dir("stack"), containers.named("stack"))
    project.down()
    try:
        project.up()
        yield project
    except BaseException:
        print(project.logs())
        raise
    finally:
        project.down()


def test_the_stack_answers_with_the_version_and_its_services_run(stack):
    assert stack.version() == f"ok {VERSION}"
    running = set(stack.compose("ps", "--services", "--filter", "status=running").stdout.split())
    assert running >= {"web", "worker", "beat", "db", "redis", "backup"}, running
    assert "migrate" not in running
    # migrate ran once and exited; web, worker and beat did not migrate themselves.
    assert "Apply" in stack.logs("migrate") or "No migrations" in stack.logs("migrate")
    assert "Applying" not in stack.logs("web", "worker", "beat")
    health = containers.run(["docker", "inspect", "-f", "{{.State.Health.Status}}",
                             stack.compose("ps", "-q", "web").stdout.strip()]).stdout.strip()
    assert health in ("starting", "healthy"), health


def test_a_hand_entered_finishes_a_game_and_the_worker_updates_the_standings(stack):
    containers.finish_a_game(stack, "CI-1")
    # The web process is not eager (a broker is set): the recompute was received by the worker.
    worker = stack.logs("worker")
    assert "Task league.season_recompute" in worker, worker[-3000:]
    assert "season_recompute" not in stack.logs("web")


def test_backup_and_restore_round_trip(stack):
    before = stack.inventory()
    out = stack.compose("exec", "-T", "backup", "backup-now").stdout
    dump = out.split("backup: ", 1)[1].split()[0].removeprefix("/backups/")
    assert (stack.directory / "backups" / dump).stat().st_size > 10_000

    # Something happens after the backup (a game finished), then the restore takes the database back.
    containers.finish_a_game(stack, "CI-after-backup")
    assert stack.inventory() != before
    stack.compose("stop", "web", "worker", "beat")
    stack.compose("exec", "-T", "backup", "pg_restore", "--clean", "--if-exists", "--no-owner",
                  "-d", "clubleague", f"/backups/{dump}")
    stack.compose("start", "web", "worker", "beat")
    containers.wait_healthy(stack.url)
    after = stack.inventory()
    assert containers.same_rows(before, after) == []
    assert {label: set(rows) for label, rows in after.items()} == {label: set(rows) for label, rows in before.items()}
