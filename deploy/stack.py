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

    def start(self, *, timeout: float = 60) -> Stack:
        self.state_dir.mkdir(parents=True, exist_ok=True)
        env = {**self.env, "PYTHONUNBUFFERED": "1"}
        out = self.log if self.log is not None else None
        for name, cmd in self.commands().items():
            self.procs[name] = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out,
                                                stderr=subprocess.STDOUT if out else None,
                                                start_new_session=True, text=True)
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
