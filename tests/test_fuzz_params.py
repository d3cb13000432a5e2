"""Issue 35, item 5: no form or URL parameter of any view answers 500, whatever is sent in it.

The walk enumerates the URLconf (tests/page_walk.py, as the other walks do) with the demo club's objects, as its
admin, and for every address:

* its path arguments: each id replaced by junk the converter still lets through (0, an id beyond any
  database integer, a missing one);
* its query parameters: every name the page's forms carry and every ``request.GET`` name its view's
  module reads, each set in turn to junk;
* its forms: each POST form of the page sent with its own values, one field at a time replaced by junk
  (and the ``request.POST`` names its view's module reads, alone).

Which junk (issue 34, item 5: the walk was a third of ``make test``): every parameter of every view gets
the two kinds that reach a view's own code whatever the field, ``JUNK_EVERYWHERE`` (a number no database
integer holds, where 500s were found; text that is neither a number nor short); the other kinds
(``JUNK_ONCE_PER_NAME``: short text, a negative number) are sent to a parameter name at its first
meeting in the walk, where the same name is the same field read by the same code on the next page.

Which fields of a big form (issue 34: the ruleset's hundred-odd options on the season's settings and the new
ruleset page were two thirds of the walk's time, each junk POST re-rendering the whole form): a form with more
than ``FIELDS_PER_FORM`` fields gets junk in every ``stride``-th of its fields (sorted by name), starting at
``FUZZ_SEED`` modulo the stride, so that ``stride`` consecutive seeds cover every field. The seed is the UTC
day's number unless ``FUZZ_SEED`` is set (it is printed with the counts and with any 500, to send the same
again); ``FUZZ_ALL=1`` or ``HYPOTHESIS_PROFILE=deep`` fuzzes every field of every form. Every address, its
path ids, its query names and every form still get junk in every run.

A 500 is a failure, listed with the address and what was sent; every other answer (a form's error, 400,
403, 404, 422) is the view's own. The counts of requests sent are printed (``-s``).
"""
from __future__ import annotations

import datetime
import html
import inspect
import os
import re
from collections.abc import Iterator
from http import HTTPStatus
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest
from django.test import Client
from django.urls import get_resolver, reverse
from django.urls.exceptions import NoReverseMatch

from tests.depth import DEEP
from tests.page_walk import demo_values as _values
from tests.page_walk import kwargs_for as _kwargs_for
from tests.page_walk import patterns as _patterns

pytestmark = pytest.mark.django_db

JUNK_EVERYWHERE = ["99999999999999999999", "x" * 3000]  # a NUL is refused before any view (400, middleware)
JUNK_ONCE_PER_NAME = ["abc", "-1"]
JUNK = [*JUNK_EVERYWHERE, *JUNK_ONCE_PER_NAME]
JUNK_IDS = ["0", "99999999999999999999", "987654321"]
SKIP_PREFIXES = ("admin/", "accounts/logout", "i18n/", "healthz")
NAMES_READ = re.compile(r"request\.(GET|POST)(?:\.get|\.getlist|\.__contains__)?\s*[\[(]\s*[\"']([\w\-]+)[\"']")
FORM = re.compile(r"(?is)<form\b([^>]*)>(.*?)</form>")
FIELD = re.compile(r"(?is)<(input|select|textarea|button)\b([^>]*)>")
ATTR = re.compile(r"""(?is)\b([\w\-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
FIELDS_PER_FORM = 12
FUZZ_ALL = DEEP or os.environ.get("FUZZ_ALL") == "1"
FUZZ_SEED = int(os.environ.get("FUZZ_SEED") or datetime.datetime.now(datetime.UTC).date().toordinal())


@pytest.fixture
def demo(db):
    from django.core.management import call_command

    call_command("load_demo", verbosity=0)
    from club.models import Club

    return Club.objects.get(slug="juki-agit-demo")


def _attrs(text: str) -> dict[str, str]:
    return {m.group(1).lower(): html.unescape(m.group(2) if m.group(2) is not None else m.group(3) or "")
            for m in ATTR.finditer(text)}


def forms_of(page: str, url: str) -> Iterator[tuple[str, str, dict[str, str]]]:
    """(method, action, {name: value}) of each form of ``page``."""
    for m in FORM.finditer(page):
        attrs = _attrs(m.group(1))
        fields: dict[str, str] = {}
        for tag, raw in FIELD.findall(m.group(2)):
            a = _attrs(raw)
            name = a.get("name")
            if not name or (a.get("type") in ("checkbox", "radio") and "checked" not in raw.lower()):
                fields.setdefault(name or "", "") if name else None
                continue
            if tag.lower() == "select":
                fields.setdefault(name, "")
            else:
                fields.setdefault(name, a.get("value", ""))
        action = attrs.get("action") or url
        yield attrs.get("method", "get").lower(), action, {k: v for k, v in fields.items() if k}


def names_read(view) -> dict[str, set[str]]:
    """The ``request.GET``/``request.POST`` names the module of ``view`` reads."""
    func = inspect.unwrap(getattr(view, "view_class", view))
    try:
        source = Path(inspect.getsourcefile(func)).read_text()
    except (TypeError, OSError):
        return {"GET": set(), "POST": set()}
    found: dict[str, set[str]] = {"GET": set(), "POST": set()}
    for method, name in NAMES_READ.findall(source):
        found[method].add(name)
    return found


def _seated_tournament(demo, admin) -> tuple[int, list[int]]:
    """A second tournament of the demo club, four new members seated at its round 1: its desk's and its
    table's forms are walked too (the demo's members already sit at the night's tables)."""
    from events.tournaments import services
    from league.models import Ruleset
    from tests.factories import EntrantFactory, MemberFactory, TournamentFactory

    ruleset = Ruleset.objects.filter(club=demo, key="juki-agit-2026").first()
    cup = TournamentFactory(club=demo, ruleset=ruleset, rounds=2)
    EntrantFactory.for_members(cup, [MemberFactory(club=demo) for _ in range(4)])
    rnd, _ = services.round_seat(tournament=cup, number=1, by=admin)
    return cup.pk, list(rnd.tables.values_list("pk", flat=True))


def _send(client: Client, method: str, url: str, data: dict[str, str] | None, failures: list[str]) -> int:
    if method == "post":
        response = client.post(url, data or {}, HTTP_ACCEPT_LANGUAGE="ko")
    else:
        query = urlencode(data or {})
        response = client.get(url + ("&" if "?" in url else "?") + query if query else url, HTTP_ACCEPT_LANGUAGE="ko")
    if response.status_code >= HTTPStatus.INTERNAL_SERVER_ERROR:
        failures.append(f"{response.status_code} {method.upper()} {url} {data!r}"[:300])
    return response.status_code


def junk_for(method: str, name: str, met: set[tuple[str, str]]) -> list[str]:
    """The junk values that parameter ``name`` (sent by ``method``) gets here: every kind at its first
    meeting in the walk (``met`` remembers), ``JUNK_EVERYWHERE`` at each later one."""
    if (method, name) in met:
        return JUNK_EVERYWHERE
    met.add((method, name))
    return JUNK


def fields_fuzzed(fields, seed: int, *, every: bool = False) -> list[str]:
    """The fields of one form that get junk in this run: all of a small form (or ``every``); of a form
    with more than ``FIELDS_PER_FORM``, every ``stride``-th by name from ``seed`` modulo the stride."""
    names = sorted(fields)
    if every or len(names) <= FIELDS_PER_FORM:
        return names
    stride = -(-len(names) // FIELDS_PER_FORM)
    return names[seed % stride::stride]


SHARDS = {"club pages": ("c/",), "events": ("events/",), "games": ("games/",), "api": ("api/",)}
"""The walk in parts (``make test`` runs them side by side); "the rest": every address none of them holds."""


def _in_shard(route: str, shard: str) -> bool:
    if shard in SHARDS:
        return route.startswith(SHARDS[shard])
    return not any(route.startswith(p) for prefixes in SHARDS.values() for p in prefixes)


def test_open_games_with_a_game_that_is_no_number_answers_404(demo):
    client = Client(raise_request_exception=False)
    client.force_login(demo.members.get(user__username="admin").user)
    url = reverse("events:open_games", args=[demo.slug])
    for junk in ("abc", "1.5", "", "99999999999999999999"):
        assert client.post(url, {"game": junk, "action": "time"}).status_code == HTTPStatus.NOT_FOUND, junk


@pytest.mark.long
@pytest.mark.parametrize("shard", [*SHARDS, "the rest"])
def test_no_parameter_of_any_view_answers_500(demo, capsys, shard):
    client = Client(raise_request_exception=False)
    admin = demo.members.get(user__username="admin").user
    client.force_login(admin)
    values = _values(demo)
    cup, values["tournament_table"] = _seated_tournament(demo, admin)
    values["tournament"] = [cup, *values["tournament"]]  # its desk holds the tables' forms
    failures: list[str] = []
    sent = 0
    seen: set[tuple] = set()  # a form (or a query name of a view) met on several pages is sent once
    met: set[tuple[str, str]] = set()  # (method, parameter name) already sent every kind of junk
    for route, name, pattern in _patterns(get_resolver()):
        if route.startswith(SKIP_PREFIXES) or not _in_shard(route, shard):
            continue
        keys = list(pattern.pattern.regex.groupindex)
        candidates = dict(_kwargs_for(route, keys, values))
        if any(not v for v in candidates.values()):
            continue
        try:
            url = reverse(name, kwargs={k: v[0] for k, v in candidates.items()})
        except NoReverseMatch:
            continue
        # the path's ids
        for key in keys:
            if key in ("slug", "club_slug", "key", "fmt"):
                continue
            for junk in JUNK_IDS:
                try:
                    bad = reverse(name, kwargs={**{k: v[0] for k, v in candidates.items()}, key: junk})
                except NoReverseMatch:
                    continue
                _send(client, "get", bad, None, failures)
                sent += 1
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="ko")
        sent += 1
        if response.status_code >= HTTPStatus.INTERNAL_SERVER_ERROR:
            failures.append(f"{response.status_code} GET {url}")
            continue
        read = names_read(pattern.callback)
        page = response.content.decode(errors="replace") if "text/html" in response.get("Content-Type", "") else ""
        forms = list(forms_of(page, url))
        query_names = set(read["GET"]) | {n for method, action, fields in forms if method == "get"
                                          and urlsplit(action).path == urlsplit(url).path for n in fields}
        for qname in sorted(query_names):
            if (name, qname) in seen:
                continue
            seen.add((name, qname))
            for junk in junk_for("get", qname, met):
                _send(client, "get", url, {qname: junk}, failures)
                sent += 1
        posted = [(action, fields) for method, action, fields in forms
                  if method == "post" and urlsplit(action).path.lstrip("/").split("/")[0] not in ("accounts", "i18n")]
        for action, fields in posted:
            key = (urlsplit(action).path, tuple(sorted(fields)))
            if key in seen:
                continue
            seen.add(key)
            for field in fields_fuzzed(fields, FUZZ_SEED, every=FUZZ_ALL):
                if field in ("csrfmiddlewaretoken", "entry_token"):
                    continue
                for junk in junk_for("post", field, met):
                    _send(client, "post", action, {**fields, field: junk}, failures)
                    sent += 1
        for pname in sorted(read["POST"]):
            for junk in junk_for("post", pname, met):
                _send(client, "post", url, {pname: junk}, failures)
                sent += 1
        client.force_login(admin)  # a form may have logged the walker out
    with capsys.disabled():
        print(f"\nfuzz ({shard}, FUZZ_SEED={FUZZ_SEED}{', every field' if FUZZ_ALL else ''}): {sent} requests, "
              f"{len(failures)} answered 500")
        print("\n".join(failures))
    assert failures == [], f"FUZZ_SEED={FUZZ_SEED}"


def test_a_big_forms_fields_are_fuzzed_in_turn_and_every_one_within_a_stride_of_seeds():
    small = [f"f{i:02}" for i in range(12)]
    assert fields_fuzzed(small, 5) == small  # twelve fields: every one, every run
    big = [f"f{i:02}" for i in range(30)]  # thirty: a stride of 3, ten fields a run
    assert fields_fuzzed(big, 0) == ["f00", "f03", "f06", "f09", "f12", "f15", "f18", "f21", "f24", "f27"]
    assert fields_fuzzed(big, 4) == ["f01", "f04", "f07", "f10", "f13", "f16", "f19", "f22", "f25", "f28"]
    assert sorted(f for seed in (7, 8, 9) for f in fields_fuzzed(big, seed)) == big
    assert fields_fuzzed(big, 0, every=True) == big


def test_a_parameter_gets_every_kind_of_junk_at_its_first_meeting_and_the_two_everywhere_kinds_after():
    met: set[tuple[str, str]] = set()
    assert junk_for("post", "host", met) == ["99999999999999999999", "x" * 3000, "abc", "-1"]
    assert junk_for("post", "host", met) == ["99999999999999999999", "x" * 3000]
    assert junk_for("get", "host", met) == ["99999999999999999999", "x" * 3000, "abc", "-1"]
