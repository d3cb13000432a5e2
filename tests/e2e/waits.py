"""Waiting in a real browser for a state, not for a navigation.

``page.expect_navigation()`` waits for *the* navigation that starts next; when a second one replaces it
(a double tap, a form that submits itself, a script that reloads) the first ends in ``net::ERR_ABORTED``
and the test fails though the page ends where it should. On a loaded CI machine that happens. The
helpers here wait for what the test checks next instead: a new document, loaded, whichever navigation
brought it.
"""
from __future__ import annotations

import time
from collections.abc import Callable

from tests.e2e.conftest import TIMEOUT_MS

_MARK = "() => { window.__e2eOldDocument = true; }"
_NEW_AND_LOADED = "() => document.readyState === 'complete' && !window.__e2eOldDocument"


def new_document(page, action: Callable[[], object], *, timeout_ms: int = TIMEOUT_MS, polling_ms: int = 100) -> None:
    """Run ``action`` (a tap, a submit, going online) and wait until the page holds another document,
    fully loaded. The page is polled through ``page.evaluate`` (the debugging protocol), not
    ``wait_for_function``, whose ``eval`` the site's Content-Security-Policy forbids."""
    page.evaluate(_MARK)
    action()
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            if page.evaluate(_NEW_AND_LOADED):
                return
        except Exception:  # the old document's context went away mid-call: a navigation is under way
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"no new document within {timeout_ms} ms (the page is at {page.url})")
        page.wait_for_timeout(polling_ms)


def left_login(page) -> None:
    """After the login form's submit: wait until the browser is off the login page, loaded."""
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def log_in(page, base_url: str, username: str, password: str, next_path: str) -> None:
    """Sign in through the login form, then wait until the browser is at ``next_path`` (off the login page)."""
    page.goto(f"{base_url}/accounts/login/?next={next_path}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("form[action$='/login/'] button[type=submit]")
    left_login(page)
