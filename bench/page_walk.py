#!/usr/bin/env python3
"""Render every page of the demo data as each role and keep what it shows, to diff two commits' pages.

Issue 34's "behaviour unchanged": the screens moved into each app's ``web`` package and the answering
signals went, so every page must answer as before. This script builds the demo club on a fresh SQLite
database (``manage.py migrate`` + ``load_demo``, plus a club night with check-ins and a tournament with
entrants), signs in as each demo login (and as nobody), GETs every URL pattern of the site with real ids,
and writes one file a page: its status, then its HTML with what changes from run to run taken out (tokens,
nonces, times, static files' hashes). Two runs — one per commit — are then compared with ``diff -r``.

    .venv/bin/python bench/page_walk.py --out /tmp/pages-after
    git worktree add /tmp/before 1e4c4a6 && cp bench/page_walk.py /tmp/before/bench/
    (cd /tmp/before && ln -s /work/main/.venv .venv && .venv/bin/python bench/page_walk.py --out /tmp/pages-before)
    diff -r /tmp/pages-before /tmp/pages-after

It runs against the checkout it sits in (its own folder's parent), so the same file serves both commits.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROLES = ["anonymous", "admin", "referee", "host", "player"]
SKIP_PREFIXES = ("admin/", "api/", "accounts/logout", "__debug__")
# The word before an id in a route says what it is an id of (the first row of that kind is used).
ID_OF = {
    "games": "game", "game": "game", "seasons": "season", "season": "season", "members": "member",
    "member": "member", "nights": "night", "night": "night", "tournaments": "tournament",
    "tournament": "tournament", "tables": "table", "table": "table", "penalties": "penalty",
    "rulesets": "ruleset", "ruleset": "ruleset", "entrants": "entrant", "rounds": "round", "calls": "call",
    "channels": "channel", "runs": "run", "exports": "export", "requests": "request", "hands": "hand",
}
NOISE = [
    (re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"'), 'name="csrfmiddlewaretoken" value=""'),
    (re.compile(r'name="entry_token" value="[^"]*"'), 'name="entry_token" value=""'),
    (re.compile(r'nonce="[^"]*"'), 'nonce=""'),
    (re.compile(r'"X-CSRFToken": "[^"]*"'), '"X-CSRFToken": ""'),
    (re.compile(r'csrfToken[^,;]*'), "csrfToken"),
    (re.compile(r'data-etag="[^"]*"'), 'data-etag=""'),
    (re.compile(r'ETag: [^\n]*'), "ETag"),
    (re.compile(r"\b\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}:?\d{2}|Z)?)?"), "DATE"),
    (re.compile(r"\b\d{4}\.\s?\d{1,2}\.\s?\d{1,2}\.?"), "DATE"),
    (re.compile(r"\b\d{1,2}:\d{2}(:\d{2})?\b"), "TIME"),
    (re.compile(r"\b\d{1,2}월 \d{1,2}일"), "DATE"),
    (re.compile(r"\.[0-9a-f]{8,}\.(css|js|png|svg|webmanifest|json|woff2?)"), r".HASH.\1"),
    (re.compile(r'"[0-9a-f]{16,}(-[a-z]+)?"'), '"HASH"'),
    (re.compile(r"\b[0-9a-f]{32,64}\b"), "HASH"),
    (re.compile(r"\d+ (seconds?|minutes?|hours?|days?)|\d+(초|분|시간|일) 전"), "AGO"),
]


def normalized(body: str) -> str:
    for pattern, replacement in NOISE:
        body = pattern.sub(replacement, body)
    return body


def setup(db_path: Path) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ.pop("CELERY_TEST_FORCE_BROKER_URL", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("load_demo", verbosity=0)
    _events()


def _events() -> None:
    """A club night with its check-ins and a tournament with entrants, through the services (as the desk)."""
    from club.models import Club, Member
    from events.nights import services as nights
    from events.tournaments import services as tournaments
    from league.models import Season

    club = Club.objects.first()
    admin = Member.objects.get(club=club, user__username="admin").user
    season = Season.objects.filter(club=club).order_by("pk").first()
    night = nights.night_open(club=club, season=season, by=admin, title="page walk")
    for member in Member.objects.filter(club=club, active=True).order_by("pk")[:6]:
        nights.check_in(night=night, member=member, by=admin)
    cup = tournaments.tournament_create(club=club, by=admin, name="페이지 대회", ruleset=season.ruleset)
    for member in Member.objects.filter(club=club, active=True).order_by("pk")[:8]:
        tournaments.register(tournament=cup, member=member, by=admin)


def ids() -> dict[str, str]:
    """The first row of each kind the routes name, as the text an URL takes."""
    from django.apps import apps

    models = {"game": "league.Game", "season": "league.Season", "member": "club.Member", "night": "events.ClubNight",
              "tournament": "events.Tournament", "table": "events.NightTable", "penalty": "league.Penalty",
              "ruleset": "league.Ruleset", "entrant": "events.Entrant", "round": "events.NightRound",
              "call": "league.RefereeCall", "channel": "notify.Channel", "run": "league.WhatIfRun",
              "export": "league.SeasonExport", "request": "club.Request", "hand": "league.HandRecord"}
    found = {}
    for kind, label in models.items():
        try:
            row = apps.get_model(label).objects.order_by("pk").first()
        except LookupError:
            row = None
        found[kind] = str(row.pk) if row is not None else "1"
    return found


def routes() -> list[tuple[str, str]]:
    """(name, route) of every named URL pattern, routes joined from the root."""
    from django.urls import get_resolver
    from django.urls.resolvers import URLPattern, URLResolver

    out: list[tuple[str, str]] = []

    def walk(patterns, prefix: str, namespace: str) -> None:
        for p in patterns:
            route = prefix + str(p.pattern)
            if isinstance(p, URLResolver):
                ns = f"{namespace}{p.namespace}:" if p.namespace else namespace
                walk(p.url_patterns, route, ns)
            elif isinstance(p, URLPattern) and p.name:
                out.append((f"{namespace}{p.name}", route))

    walk(get_resolver().url_patterns, "", "")
    return sorted(set(out))


def path_for(route: str, known: dict[str, str], club_slug: str) -> str | None:
    """The route with real values for its parameters (None: a regex route we do not fill)."""
    if route.startswith("^") or "(?P" in route:
        return None
    words = re.split(r"(<[^>]+>)", route)
    out = []
    for i, part in enumerate(words):
        if not (part.startswith("<") and part.endswith(">")):
            out.append(part)
            continue
        converter, _, name = part[1:-1].rpartition(":")
        before = [w for w in re.split(r"[/._-]", "".join(words[:i])) if w and not w.startswith("<")]
        if converter in ("slug", "str") and name in ("slug", "club", "club_slug"):
            out.append(club_slug)
        elif converter in ("int", ""):
            kind = next((ID_OF[w] for w in reversed(before) if w in ID_OF), None)
            kind = kind or ID_OF.get(name.removesuffix("_id").removesuffix("_pk") + "s") or "game"
            out.append(known.get(kind, "1"))
        else:
            out.append("x")
    return "/" + "".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, type=Path, help="folder for one file a page (made anew)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="page-walk-") as tmp:
        setup(Path(tmp) / "walk.sqlite3")
        from django.test import Client

        from club.models import Club

        club = Club.objects.first()
        known = ids()
        pages = [(name, path) for name, route in routes() if not route.startswith(SKIP_PREFIXES)
                 for path in [path_for(route, known, club.slug)] if path is not None]
        args.out.mkdir(parents=True, exist_ok=True)
        index = []
        for role in ROLES:
            client = Client(HTTP_ACCEPT_LANGUAGE="ko")
            if role != "anonymous":
                client.login(username=role, password=f"{role}1234")
            folder = args.out / role
            folder.mkdir(exist_ok=True)
            for name, path in pages:
                try:
                    response = client.get(path)
                    status = response.status_code
                    kind = response.get("Content-Type", "")
                    body = response.content.decode("utf-8", "replace") if "text" in kind or "json" in kind \
                        else f"<{kind}: {len(response.content)} bytes>"
                    if response.get("Location"):
                        body = f"Location: {response['Location']}\n" + body
                except Exception as exc:
                    status, body = 599, f"{type(exc).__name__}: {exc}"
                (folder / (name.replace(":", "__") + ".html")).write_text(
                    f"{status} {path}\n{normalized(body)}", encoding="utf-8")
                index.append(f"{role}\t{name}\t{path}\t{status}")
        (args.out / "index.tsv").write_text("\n".join(index) + "\n", encoding="utf-8")
        print(f"{len(pages)} pages × {len(ROLES)} roles written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
