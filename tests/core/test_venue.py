"""The venue way of running (issue 42 item 7): ``manage.py venue`` (``make venue``) listens on every interface, with
DEBUG off, and answers a phone that reached it by the laptop's LAN address (the Host header ``192.168.0.10:8000``);
a host no LAN has is refused. The test talks to loopback only."""
from __future__ import annotations

import http.client
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]



def _listening_on_every_interface(port: int) -> bool:
    """/proc/net/tcp: a socket in LISTEN (0A) bound to 0.0.0.0 on ``port``."""
    wanted = f"00000000:{port:04X}"
    lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
    return any(line.split()[1] == wanted and line.split()[3] == "0A" for line in lines)


def _get(port: int, path: str, host: str) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers={"Host": host, "Accept-Language": "ko"})
        response = conn.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        conn.close()


@pytest.fixture
def venue(tmp_path):
    if not Path("/proc/net/tcp").exists():
        pytest.skip("needs Linux's /proc/net/tcp to read the bound socket")
    port = free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.local",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'venue.sqlite3'}", "DJANGO_DEBUG": "0"}
    env.pop("LEAGUE_VENUE", None)
    log = open(tmp_path / "venue.log", "w")  # noqa: SIM115 - closed below
    process = subprocess.Popen([sys.executable, "manage.py", "venue", "--port", str(port), "--noreload"],
                               cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while not _listening_on_every_interface(port):
            assert process.poll() is None, (tmp_path / "venue.log").read_text()
            assert time.monotonic() < deadline, (tmp_path / "venue.log").read_text()
            time.sleep(0.2)
        yield port, tmp_path / "venue.log"
    finally:
        process.terminate()
        process.wait(timeout=20)
        log.close()


@pytest.mark.waits
def test_the_venue_listens_on_every_interface_and_answers_a_lan_address(venue):
    port, log = venue
    assert _listening_on_every_interface(port)
    status, page = _get(port, "/no-such-page/", "192.168.0.10:8000")
    assert status == 404
    assert "페이지를 찾을 수 없습니다" in page
    assert "Traceback" not in page
    assert "URLconf" not in page
    status, page = _get(port, "/static/css/app.css", "192.168.0.10:8000")
    assert status == 200  # static files still served
    status, _ = _get(port, "/", "evil.example.com")
    assert status == 400
    printed = log.read_text()
    assert "http://" in printed
    assert "/t/" in printed
