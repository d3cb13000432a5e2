"""Many tables saving at once against a real server on a FILE SQLite database (the default setup).

Used by ``tests/league/test_sqlite_tables.py`` (errors must be 0) and ``bench/sqlite_tables.py``
(prints errors and latencies). Each table is a game with its own player logged in by API token;
every table posts its hands one after the other, all tables at the same moment.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

SETUP = r'''
import json, sys
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from club.models import Club, ClubRole, Member
from league.games import services as game_services
from league.seasons import services as season_services
from tests.ports import free_port
tables = int(sys.argv[1])
club = Club.objects.create(name="Busy club", slug="busy")
ruleset = season_services.ruleset_create(club=club, key="juki-agit-2026", name="Juki", base="juki-agit-2026")
season = season_services.season_create(club=club, name="Busy season", ruleset=ruleset)
out = []
User = get_user_model()
for t in range(tables):
    members = []
    for s in range(4):
        user = User.objects.create_user(f"t{t}s{s}", password="x")
        members.append(Member.objects.create(club=club, user=user, display_name=f"T{t}S{s}"))
    game = game_services.game_start(season=season, table_label=f"T{t}", members=members)
    out.append({"game": game.pk, "token": Token.objects.create(user=members[0].user).key})
print("PLAN" + json.dumps(out))
'''

# Non-dealer wins: the deal moves on; 8 of them would end a hanchan, so stay below.
HANDS = [
    {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 2, "fu": 30}]},
    {"kind": "ron", "loser": 3, "wins": [{"winner": 2, "han": 2, "fu": 30}]},
    {"kind": "tsumo", "winner": 3, "han": 2, "fu": 30},
    {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 2, "fu": 30}]},
    {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]},
    {"kind": "draw", "tenpai": [0, 1, 2, 3]},
]


def _env(db_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    env.update(DATABASE_URL=f"sqlite:///{db_path}", DJANGO_SETTINGS_MODULE="config.settings.test",
               PYTHONPATH=str(REPO))
    return env


def migrate(db_path: Path) -> None:
    """A migrated SQLite database file at ``db_path``, with the default setup's backend."""
    subprocess.run([sys.executable, str(REPO / "manage.py"), "migrate", "--noinput", "-v", "0"], env=_env(db_path),
                   check=True, cwd=REPO, timeout=600)


def prepare(db_path: Path, tables: int, *, migrated: Path | None = None) -> list[dict]:
    """``tables`` games on the file ``db_path``: a copy of ``migrated`` (a file :func:`migrate` made; the
    tests share one per process) when given, else migrated here."""
    env = _env(db_path)
    manage = [sys.executable, str(REPO / "manage.py")]
    if migrated is not None:
        shutil.copyfile(migrated, db_path)
    else:
        migrate(db_path)
    done = subprocess.run([*manage, "shell", "-c", SETUP.replace("sys.argv[1]", str(tables))], env=env, check=True,
                          cwd=REPO, capture_output=True, text=True)
    line = next(ln for ln in done.stdout.splitlines() if ln.startswith("PLAN"))
    return json.loads(line[4:])



def serve(db_path: Path, port: int) -> subprocess.Popen:
    """``manage.py runserver`` (threaded, as ``make run``) on the file database."""
    proc = subprocess.Popen([sys.executable, str(REPO / "manage.py"), "runserver", f"127.0.0.1:{port}", "--noreload"],
                            env=_env(db_path), cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("the server did not start")


def fire(port: int, plan: list[dict], hands: int = len(HANDS)) -> list[tuple[int, float]]:
    """Every table posts ``hands`` hands in order, all tables at once: (status, seconds) per save."""
    results: list[tuple[int, float]] = []
    lock = threading.Lock()
    start = threading.Barrier(len(plan))

    def table(entry: dict) -> None:
        start.wait()
        for position, event in enumerate(HANDS[:hands]):
            body = json.dumps({"game": entry["game"], "position": position, "event": event}).encode()
            req = urllib.request.Request(f"http://127.0.0.1:{port}/api/hands/", data=body, method="POST", headers={
                "Content-Type": "application/json", "Authorization": f"Token {entry['token']}",
                "Idempotency-Key": f"g{entry['game']}-h{position}"})
            t0 = time.perf_counter()
            try:
                with urllib.request.urlopen(req, timeout=60) as resp:
                    code = resp.status
            except urllib.error.HTTPError as exc:
                code = exc.code
            except (urllib.error.URLError, OSError):
                code = 0
            with lock:
                results.append((code, time.perf_counter() - t0))

    threads = [threading.Thread(target=table, args=(e,)) for e in plan]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results
