"""A run killed mid-test leaves its containers behind, and the engine brings them back (``restart:
unless-stopped``) holding the ports they had: CI once failed "Container ... is unhealthy" at the stack's
``up`` because such containers sat on the fixed ports 55432/56379. Now each run names its containers after
itself, takes ports found free, and removes what ended runs left."""
from __future__ import annotations

import socket
import subprocess

import pytest

from tests.deploy import containers
from tests.ports import free_port


def _a_dead_pid() -> int:
    probe = subprocess.Popen(["true"])
    probe.wait()
    return probe.pid  # reaped: no process has it now (pids are not reused at once)


@pytest.mark.parametrize(("name", "gone"), [
    ("clubleague-ci-stack-{run}_db_1", False),  # compose v1's container names
    ("clubleague-ci-stack-{run}-redis-1", False),  # compose v2's
    ("clubleague-ci-venue-empty-{run}", False),
    ("clubleague-ci-stack_db_1", True),  # an older checkout's fixed names: no run owns them
    ("clubleague-ci-venue", True),
])
def test_a_name_belongs_to_a_live_run_or_is_left_over(name, gone):
    # the run's id goes in here, not in the test's id: each xdist worker must collect the same tests
    assert containers._gone(name.format(run=containers.RUN)) is gone


def test_a_dead_runs_name_is_left_over():
    assert containers._gone(f"clubleague-ci-upgrade-{_a_dead_pid()}_web_1") is True


def test_a_free_port_has_no_listener():
    port = free_port()
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", port))  # would raise "Address already in use"


@pytest.mark.docker
def test_what_a_dead_run_left_is_removed_and_a_live_runs_kept(built_images):
    dead, live = (f"clubleague-ci-stack-{_a_dead_pid()}_redis_1",
                  containers.named("leftover-check"))
    for name in (dead, live):
        containers.run(["docker", "rm", "-f", name], check=False)
        containers.run(["docker", "create", "--name", name, "--restart", "unless-stopped", "--network", "host",
                        containers.REDIS_IMAGE, "redis-server", "--bind", "127.0.0.1", "--port",
                        str(free_port())])
    try:
        removed = containers.remove_leftovers()
        assert dead in removed
        assert live not in removed
        names = containers.run(["docker", "ps", "-a", "--format", "{{.Names}}"]).stdout.split()
        assert dead not in names
        assert live in names
    finally:
        containers.run(["docker", "rm", "-f", dead, live], check=False)
