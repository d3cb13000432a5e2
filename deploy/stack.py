"""The production stack as subprocesses: gunicorn + a Celery worker + Celery beat.

Used by ``make serve`` (``python -m deploy.serve``), by the CI smoke test (tests/deploy/) and by
``bench/club_night.py``. Each process runs in its own session (process group), so that stopping the
stack stops gunicorn's and the worker's children too, and nothing else.
"""
from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
QUEUES = "celery,recompute,import"


def manage(*args: str, env: Mapping[str, str], quiet: bool = True) -> None:
    """``manage.py <args>`` with ``env``; raises CalledProcessError (with its output) when it fails."""
    out = subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=dict(env), text=True,
                         stdout=subprocess.PIPE if quiet else None, stderr=subprocess.STDOUT if quiet else None)
    if out.returncode:
        raise subprocess.CalledProcessError(out.returncode, out.args, output=out.stdout)


def prepare(env: Mapping[str, str], *, migrate: bool = True, quiet: bool = True) -> None:
    """What a deploy runs before (re)starting: collect the static files (hashed, compressed) and migrate."""
    manage("collectstatic", "--noinput", "-v", "0", env=env, quiet=quiet)
    if migrate:
        manage("migrate", "--noinput", "-v", "0", env=env, quiet=quiet)


@dataclass
class Restarts:
    """Backoff of the restarts of each process, as systemd's ``RestartSec``/``RestartSteps``: the first restart
    after ``first`` seconds, each next one twice as late up to ``most``; a process that stayed up ``settled``
    seconds starts from ``first`` again."""

    first: float = 1.0
    most: float = 30.0
    settled: float = 60.0
    count: dict[str, int] = field(default_factory=dict)
    died_at: dict[str, float] = field(default_factory=dict)
    backoff: dict[str, float] = field(default_factory=dict)

    def ran(self, name: str, seconds: float) -> None:
        if seconds >= self.settled:
            self.backoff.pop(name, None)

    def delay(self, name: str, now: float) -> float | None:
        """None while ``name``'s backoff runs (it died at ``died_at``); else the next backoff, and it is due."""
        died = self.died_at.setdefault(name, now)
        wait = self.backoff.get(name, self.first)
        if now - died < wait:
            return None
        del self.died_at[name]
        self.count[name] = self.count.get(name, 0) + 1
        self.backoff[name] = min(self.most, wait * 2)
        return self.backoff[name]


@dataclass
class Stack:
    """gunicorn on 127.0.0.1:``port``, a worker on every queue, beat; ``env`` is the whole environment."""

    port: int
    env: Mapping[str, str]
    web_workers: int = 2
    worker_concurrency: int = 1
    beat: bool = True
    worker: bool = True
    state_dir: Path = field(default_factory=lambda: ROOT / ".serve")
    log: IO[str] | None = None  # None: inherit stdout/stderr (make serve); else every process writes here
    procs: dict[str, subprocess.Popen] = field(default_factory=dict)
    started_at: dict[str, float] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def commands(self) -> dict[str, list[str]]:
        cmds = {
            "web": [PYTHON, "-m", "gunicorn", "-c", str(ROOT / "config" / "gunicorn.conf.py"),
                    "--bind", f"127.0.0.1:{self.port}", "--workers", str(self.web_workers)],
        }
        if self.worker:
            cmds["worker"] = [PYTHON, "-m", "celery", "-A", "config", "worker", "-Q", QUEUES, "--loglevel=INFO",
                              f"--concurrency={self.worker_concurrency}", "--without-gossip", "--without-mingle",
                              "-n", f"clubleague-{self.port}@%h"]
        if self.beat:
            cmds["beat"] = [PYTHON, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO",
                            "--schedule", str(self.state_dir / f"celerybeat-schedule-{self.port}")]
        return cmds

    def start_one(self, name: str) -> subprocess.Popen:
        """(Re)start the process ``name`` (web, worker or beat) in its own session."""
        self.state_dir.mkdir(parents=True, exist_ok=True)
        env = {**self.env, "PYTHONUNBUFFERED": "1"}
        out = self.log if self.log is not None else None
        self.procs[name] = subprocess.Popen(self.commands()[name], cwd=ROOT, env=env, stdout=out,
                                            stderr=subprocess.STDOUT if out else None,
                                            start_new_session=True, text=True)
        self.started_at[name] = time.monotonic()
        return self.procs[name]

    def start(self, *, timeout: float = 60) -> Stack:
        for name in self.commands():
            self.start_one(name)
        try:
            self.wait_ready(timeout=timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def wait_ready(self, *, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            dead = {name: p.returncode for name, p in self.procs.items() if p.poll() is not None}
            if dead:
                raise RuntimeError(f"stack process exited: {dead}")
            try:
                with urllib.request.urlopen(f"{self.url}/healthz/", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.2)
        raise TimeoutError(f"gunicorn did not answer {self.url}/healthz/ within {timeout:g} s")

    def alive(self) -> dict[str, bool]:
        return {name: p.poll() is None for name, p in self.procs.items()}

    def supervise(self, restarts: Restarts, *, say=print) -> list[str]:
        """One look at the processes, as systemd's ``Restart=always`` does: a process that exited is started
        again after its backoff (``restarts``); the others are left alone, so the web never stops because the
        worker or beat died. Returns the names restarted now."""
        now, restarted = time.monotonic(), []
        for name, proc in list(self.procs.items()):
            if proc.poll() is None:
                restarts.ran(name, now - self.started_at.get(name, now))
                continue
            delay = restarts.delay(name, now)
            if delay is None:
                continue
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)  # what is left of its group (a prefork child)
            say(f"{name} exited ({proc.returncode}): started again (restart {restarts.count[name]}, "
                f"next backoff {delay:g} s)")
            self.start_one(name)
            restarted.append(name)
        return restarted

    def stop(self, *, timeout: float = 20) -> None:
        """SIGTERM each process (gunicorn and Celery shut down gracefully), then SIGKILL its group."""
        for p in self.procs.values():
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + timeout
        for p in self.procs.values():
            with contextlib.suppress(subprocess.TimeoutExpired):
                p.wait(timeout=max(0.1, deadline - time.monotonic()))
        for p in self.procs.values():
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(p.pid, signal.SIGKILL)  # the process's own group: its children, nobody else's
            if p.poll() is None:
                p.wait(timeout=5)
        self.procs.clear()

    def __enter__(self) -> Stack:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
