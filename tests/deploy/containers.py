"""What the container tests (``pytest -m docker``) share: the images, a compose project and a venue
container on the host's network, a small browser, and scripts run inside the containers.

Nothing is pulled from a registry: ``deploy/docker/build-ci.sh`` builds the base images from Debian's
packages, this checkout's image and the previous release's (CHANGELOG.md). Every compose project,
container and volume is named for this run (``RUN``: the test process's id) and listens on ports found free
when it is made: a container another run left (``restart: unless-stopped`` brings it back with the engine)
or another run beside this one never holds our ports or our names. ``remove_leftovers`` removes what runs
that are gone left behind.
"""
from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlencode

from tests.deploy.releases import ROOT
from tests.ports import free_port

IMAGE = os.environ.get("CLUBLEAGUE_TEST_IMAGE", "clubleague:ci")
POSTGRES_IMAGE = os.environ.get("CLUBLEAGUE_TEST_POSTGRES_IMAGE", "clubleague-local/postgres:15")
REDIS_IMAGE = os.environ.get("CLUBLEAGUE_TEST_REDIS_IMAGE", "clubleague-local/redis:7")
RUN = str(os.getpid())
PREFIX = "clubleague-ci-"
HOST_PASSWORD = "host1234"  # the demo club's table host (league/management/commands/load_demo.py)


def docker_answers() -> bool:
    """A Docker engine answers (``docker info``)."""
    if shutil.which("docker") is None:
        return False
    try:
        return subprocess.run(["docker", "info"], capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def run(cmd: Sequence[str], *, input: str | None = None, timeout: float = 600, check: bool = True,
        cwd: Path | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    out = subprocess.run(list(cmd), input=input, capture_output=True, text=True, timeout=timeout, cwd=cwd,
                         env=env)
    if check and out.returncode:
        raise AssertionError(f"{' '.join(cmd)} exited {out.returncode}:\n{out.stdout[-4000:]}\n{out.stderr[-4000:]}")
    return out


def named(what: str) -> str:
    """This run's name for a compose project, a container or a volume: ``clubleague-ci-<what>-<RUN>``."""
    return f"{PREFIX}{what}-{RUN}"


_RUN_OF_NAME = re.compile(rf"^{re.escape(PREFIX)}[a-z-]*?-(\d+)(?:[_-]|$)")


def _gone(name: str) -> bool:
    """Whether the run that made ``name`` has ended (a name without a run is an older checkout's)."""
    found = _RUN_OF_NAME.match(name)
    if found is None:
        return True
    try:
        os.kill(int(found.group(1)), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def remove_leftovers() -> list[str]:
    """Remove the containers, volumes and networks that ended runs left (a run killed mid-test; the engine
    restarts their containers, which would hold a run's ports); another live run's are kept. Returns the
    names removed."""
    removed = []
    for kind, listing, force in (("container", ["docker", "ps", "-a", "--format", "{{.Names}}"], ["-f", "-v"]),
                                 ("network", ["docker", "network", "ls", "--format", "{{.Name}}"], []),
                                 ("volume", ["docker", "volume", "ls", "--format", "{{.Name}}"], ["-f"])):
        names = [n for n in run([*listing, "--filter", f"name={PREFIX}"], check=False).stdout.split()
                 if n.startswith(PREFIX) and _gone(n)]
        if names:
            run(["docker", kind, "rm", *force, *names], check=False)
            removed += names
    return removed


def build_images() -> str | None:
    """deploy/docker/build-ci.sh (cached: seconds when nothing changed). What it needs from outside (Debian's
    mirror for the base images, PyPI for the wheels) is tried first: when that fails, the reason is
    returned (the tests skip: infrastructure); a failing image build fails the tests."""
    docker = ROOT / "deploy" / "docker"
    for step, what in (("build-local-base.sh", "the base images from Debian's packages"),
                       ("wheelhouse.sh", "the wheelhouse from PyPI")):
        out = run(["bash", str(docker / step)], timeout=1200, cwd=ROOT, check=False)
        if out.returncode:
            return f"{what} could not be built ({step} exited {out.returncode}): {out.stderr.strip()[-500:]}"
    run(["bash", str(docker / "build-ci.sh")], timeout=1800, cwd=ROOT)
    return None


def image_exists(tag: str) -> bool:
    return run(["docker", "image", "inspect", tag], check=False).returncode == 0


def wait_healthy(url: str, *, timeout: float = 180, body: str = "ok", alive=None) -> str:
    """Poll ``url``/healthz/ until it answers 200 (and its body starts with ``body``)."""
    deadline = time.monotonic() + timeout
    last = ""
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(urllib.request.Request(f"{url}/healthz/", headers={"Host": "127.0.0.1"}),
                                        timeout=3) as response:
                last = response.read().decode()
                if response.status == 200 and last.startswith(body):
                    return last
        except (urllib.error.URLError, ConnectionError, TimeoutError, http.client.HTTPException) as exc:
            last = repr(exc)
        if alive is not None and not alive():
            break
        time.sleep(0.5)
    raise AssertionError(f"{url}/healthz/ did not answer {body!r} in {timeout:g} s (last: {last})")


# --- scripts run inside a container by ``manage.py shell`` (through the entrypoint: its settings) -----------

# East 1 .. South 3 (tests/league/events.py's TO_SOUTH_4): the next hand, a non-dealer mangan, ends the game.
TO_SOUTH_4 = [{"kind": "ron", "loser": (d + 2) % 4, "wins": [{"winner": (d + 1) % 4, "han": 1, "fu": 30}],
               "riichi": []} for d in (0, 1, 2, 3, 0, 1, 2)]

_SETUP = """
import json
from django.contrib.auth import get_user_model
from club.models import Member
from league.games import services
from league.models import Game, Season, StandingsSnapshot

users = get_user_model().objects
season = Season.objects.get(name="2026 주키 시즌 1")
host = Member.objects.get(club=season.club, user__username="host")
others = list(Member.objects.filter(club=season.club, user__isnull=True).order_by("pk")[:3])
game = services.game_start(season=season, table_label=%(label)r, members=[host, *others],
                           by=users.get(username="referee"), override_seated=True)
for position, event in enumerate(json.loads(%(events)r)):
    services.hand_record(game=game, position=position, event=event, by=host.user)
StandingsSnapshot.objects.filter(season=season).delete()
finished = Game.objects.filter(season=season, status=Game.Status.FINISHED).count()
print("RESULT " + json.dumps({"game": game.pk, "season": season.pk, "finished_after": finished + 1}))
"""

_WAIT_STANDINGS = """
import json, time
from league.models import StandingsSnapshot

deadline = time.monotonic() + %(timeout)r
snapshot = None
while time.monotonic() < deadline:
    snapshot = StandingsSnapshot.objects.filter(season_id=%(season)r).first()
    if snapshot is not None and snapshot.games_count == %(games)r:
        break
    time.sleep(0.25)
print("RESULT " + json.dumps({"games_count": snapshot.games_count if snapshot else None}))
"""

# Every row a night leaves (games, hands, seats, penalties, standings, ratings, the audit log, members):
# as Django serialises them, by model and primary key.
INVENTORY_MODELS = ["club.Club", "club.Member", "club.ClubRole", "league.Season", "league.Ruleset", "league.Game",
                    "league.GameSeat", "league.HandRecord", "league.Penalty", "league.StandingsSnapshot",
                    "league.StandingRow", "league.RatingHistory", "core.AuditEntry"]
_INVENTORY = """
import json
from django.apps import apps
from django.core import serializers

rows = {}
for label in %(models)r:
    model = apps.get_model(label)
    data = json.loads(serializers.serialize("json", model.objects.order_by("pk")))
    rows[label] = {str(row["pk"]): row["fields"] for row in data}
print("RESULT " + json.dumps(rows, sort_keys=True))
"""

_COUNT_CLUBS = """
from club.models import Club
print("RESULT " + str(Club.objects.count()))
"""


def _result(out: subprocess.CompletedProcess):
    for line in reversed(out.stdout.splitlines()):
        if line.startswith("RESULT "):
            return json.loads(line.removeprefix("RESULT "))
    raise AssertionError(f"no RESULT from the script:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}")


class Target:
    """A running installation: where it answers, and how to run ``manage.py shell`` in it."""

    url: str
    https: bool  # behind the (simulated) TLS proxy: X-Forwarded-Proto https, Secure cookies

    def shell_command(self) -> list[str]:
        raise NotImplementedError

    def shell(self, script: str, *, timeout: float = 180):
        return _result(run(self.shell_command(), input=script, timeout=timeout))

    def start_last_hand(self, label: str) -> dict:
        """A game of the demo season at South 4 (seven hands), the season's standings gone."""
        return self.shell(_SETUP % {"label": label, "events": json.dumps(TO_SOUTH_4)})

    def wait_standings(self, season: int, games: int, timeout: float = 90) -> int | None:
        return self.shell(_WAIT_STANDINGS % {"season": season, "games": games, "timeout": timeout},
                          timeout=timeout + 60)["games_count"]

    def inventory(self) -> dict:
        return self.shell(_INVENTORY % {"models": INVENTORY_MODELS})

    def clubs(self) -> int:
        return self.shell(_COUNT_CLUBS)

    def version(self) -> str:
        with urllib.request.urlopen(urllib.request.Request(f"{self.url}/healthz/", headers={"Host": "127.0.0.1"}),
                                    timeout=5) as response:
            return response.read().decode().strip()


class Compose(Target):
    """A compose project of compose.yaml (copied with its Caddyfile into ``directory``), its own ``.env``."""

    https = True

    def __init__(self, directory: Path, name: str, **env: str):
        self.directory = directory
        self.name = name
        self.web_port = free_port()
        self.url = f"http://127.0.0.1:{self.web_port}"
        shutil.copy(ROOT / "compose.yaml", directory / "compose.yaml")
        (directory / "deploy" / "docker").mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "deploy" / "docker" / "Caddyfile", directory / "deploy" / "docker" / "Caddyfile")
        self.env = {
            "COMPOSE_PROJECT_NAME": name,
            "CLUBLEAGUE_IMAGE": IMAGE,
            "POSTGRES_IMAGE": POSTGRES_IMAGE,
            "REDIS_IMAGE": REDIS_IMAGE,
            "DJANGO_SECRET_KEY": "container-test-" + "x" * 40,
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "POSTGRES_PASSWORD": "containertest1234",
            "POSTGRES_PORT": str(free_port()),
            "REDIS_PORT": str(free_port()),
            "WEB_PORT": str(self.web_port),
            "WEB_CONCURRENCY": "2",
            "CELERY_CONCURRENCY": "1",
            "LEAGUE_STANDINGS_GATHER_SECONDS": "0",
            "CLUBLEAGUE_DEMO": "1",
            "BACKUP_DIR": str(directory / "backups"),
            **env,
        }
        self.write_env()

    def write_env(self, **changes: str) -> None:
        self.env.update(changes)
        (self.directory / ".env").write_text("".join(f"{k}={v}\n" for k, v in self.env.items()))

    @staticmethod
    def program() -> list[str]:
        if run(["docker", "compose", "version"], check=False).returncode == 0:
            return ["docker", "compose"]
        return ["docker-compose"]

    def compose(self, *args: str, timeout: float = 600, check: bool = True, input: str | None = None):
        return run([*self.program(), "--project-directory", str(self.directory), "-f",
                    str(self.directory / "compose.yaml"), "-p", self.name, *args],
                   cwd=self.directory, timeout=timeout, check=check, input=input)

    def up(self) -> None:
        self.compose("up", "-d", "--no-build")
        wait_healthy(self.url, alive=self.web_running)

    def web_running(self) -> bool:
        out = self.compose("ps", "-q", "web", check=False).stdout.strip()
        if not out:
            return True  # not created yet
        state = run(["docker", "inspect", "-f", "{{.State.Status}}", out], check=False).stdout.strip()
        return state in ("running", "created", "restarting")

    def down(self) -> None:
        self.compose("down", "-v", "--remove-orphans", check=False, timeout=300)

    def logs(self, *services: str) -> str:
        return self.compose("logs", "--no-color", "--tail", "200", *services, check=False).stdout

    def shell_command(self) -> list[str]:
        return [*self.program(), "--project-directory", str(self.directory), "-f", str(self.directory / "compose.yaml"),
                "-p", self.name, "exec", "-T", "web", "/app/deploy/docker/entrypoint.sh", "manage", "shell"]


class Venue(Target):
    """The one-container venue mode: ``docker run -v VOLUME:/data IMAGE`` (here on the host's network)."""

    https = False

    def __init__(self, name: str, volume: str, image: str = IMAGE, *, demo: bool = True):
        self.name, self.volume, self.image, self.demo = name, volume, image, demo
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> Venue:
        run(["docker", "rm", "-f", self.name], check=False)
        run(["docker", "run", "-d", "--name", self.name, "--network", "host", "-e", f"PORT={self.port}",
             "-e", f"CLUBLEAGUE_DEMO={int(self.demo)}", "-v", f"{self.volume}:/data", self.image])
        wait_healthy(self.url, alive=self.running)
        return self

    def running(self) -> bool:
        return run(["docker", "inspect", "-f", "{{.State.Running}}", self.name], check=False).stdout.strip() == "true"

    def stop(self) -> None:
        run(["docker", "rm", "-f", self.name], check=False)

    def logs(self) -> str:
        out = run(["docker", "logs", "--tail", "200", self.name], check=False)
        return out.stdout + out.stderr

    def shell_command(self) -> list[str]:
        return ["docker", "exec", "-i", self.name, "/app/deploy/docker/entrypoint.sh", "manage", "shell"]


def remove_volume(name: str) -> None:
    run(["docker", "volume", "rm", "-f", name], check=False)


def project_dir(prefix: str) -> Path:
    return Path(tempfile.mkdtemp(prefix=f"clubleague-{prefix}-"))


class Browser:
    """Just enough of a browser: its cookie jar; behind the simulated proxy when ``target.https``."""

    def __init__(self, target: Target):
        self.target = target
        self.port = int(target.url.rsplit(":", 1)[1])
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, *, data: dict | None = None) -> tuple[int, dict, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        host = "127.0.0.1" if self.target.https else f"127.0.0.1:{self.port}"
        origin = f"https://{host}" if self.target.https else f"http://{host}"
        headers = {"Host": host, "Accept-Language": "ko"}
        if self.target.https:
            headers["X-Forwarded-Proto"] = "https"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urlencode(data, doseq=True)
            headers.update({"Content-Type": "application/x-www-form-urlencoded", "Origin": origin,
                            "Referer": f"{origin}{path}"})
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        content = response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        conn.close()
        return response.status, dict(response.getheaders()), content

    @staticmethod
    def csrf(html: bytes) -> str:
        return re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1).decode()

    def login(self, username: str, password: str) -> None:
        status, _, html = self.request("GET", "/accounts/login/")
        assert status == 200, html[:1000]
        status, _, body = self.request("POST", "/accounts/login/", data={
            "username": username, "password": password, "csrfmiddlewaretoken": self.csrf(html)})
        assert status == 302, body[:2000]


def finish_a_game(target: Target, label: str) -> dict:
    """The smoke test: the host logs in and enters the game-ending hand through HTTP; the game is finished
    and the season's standings are recomputed (by the worker in compose, after the response in the venue
    mode). Returns the setup's ids."""
    ids = target.start_last_hand(label)
    web = Browser(target)
    web.login("host", HOST_PASSWORD)
    table = f"/games/{ids['game']}/table/"
    status, _, html = web.request("GET", table)
    assert status == 200, html[:2000]
    assert b'name="position" value="7"' in html
    health = target.version().split()  # "ok 0.5.0"; a release before 0.5.0 says "ok" alone
    if len(health) > 1:
        assert f" {health[1]}</footer>".encode() in html  # the footer names the version
    hand = {"position": 7, "kind": "ron", "ron_winner": 0, "ron_loser": 1, "ron_value": "5",
            "csrfmiddlewaretoken": web.csrf(html)}
    status, _, body = web.request("POST", f"/games/{ids['game']}/hands/", data={**hand, "action": "preview"})
    assert status == 200, body[:2000]
    status, headers, body = web.request("POST", f"/games/{ids['game']}/hands/", data={**hand, "action": "save"})
    assert status == 302, body[:2000]
    assert headers.get("Location") == table
    status, _, html = web.request("GET", f"/games/{ids['game']}/")
    assert status == 200
    assert target.wait_standings(ids["season"], ids["finished_after"]) == ids["finished_after"]
    return ids


def same_rows(before: dict, after: dict) -> list[str]:
    """Every row of ``before`` is in ``after`` with the same values (fields a migration added are new)."""
    problems = []
    for label, rows in before.items():
        for pk, fields in rows.items():
            now = after.get(label, {}).get(pk)
            if now is None:
                problems.append(f"{label} {pk} is gone")
                continue
            changed = {k: (v, now.get(k)) for k, v in fields.items() if now.get(k) != v}
            if changed:
                problems.append(f"{label} {pk} changed: {changed}")
    return problems
