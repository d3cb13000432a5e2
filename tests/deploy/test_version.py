"""The release this code is: CHANGELOG.md's top section, in every page's footer and in /healthz/."""
from __future__ import annotations

import re
import subprocess

import pytest

from config.version import VERSION
from tests.deploy.releases import ROOT, previous, releases


def test_the_changelog_s_top_release_is_this_version():
    assert releases()[0].version == VERSION


def test_every_release_but_this_one_names_its_commit_and_the_first_is_0_4_0():
    found = releases()
    assert [r for r in found[1:] if r.commit is None] == []
    assert found[-1].version == "0.4.0"
    assert found[-1].commit == "1e4c4a6"
    assert previous(VERSION).version != VERSION


def test_the_previous_release_s_commit_is_in_this_clone():
    release = previous(VERSION)
    out = subprocess.run(["git", "cat-file", "-t", release.commit], cwd=ROOT, capture_output=True, text=True)
    if out.returncode and "not a git repository" in out.stderr:
        pytest.skip("not a git checkout")
    if out.returncode and (ROOT / ".git" / "shallow").exists() or out.returncode and "shallow" in out.stderr:
        pytest.skip("a shallow clone")
    assert out.stdout.strip() == "commit", out.stderr


def test_healthz_names_the_version(client, db):
    response = client.get("/healthz/")
    assert response.status_code == 200
    assert response.content.decode() == f"ok {VERSION}\n"
    assert response["X-Clubleague-Version"] == VERSION


def test_the_footer_names_the_version(client, db):
    response = client.get("/accounts/login/")
    assert response.status_code == 200
    assert re.search(rf'<footer class="site-footer">[^<]+ {re.escape(VERSION)}</footer>', response.content.decode())
