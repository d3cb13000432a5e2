"""A game's end as cheap as a hand (issue 41, row "game-ending hand vs a normal hand at 10k games").

What the host waits for after tapping Save: the save answered with the next screen (``answer=screen``, as the
browser's static/league/table.js asks; ``--redirect``: the save, its redirect and the screen's GET, as a browser
without the script, and as this bench measured before the answer). For a normal hand that is the table with the
next hand's form; for the hand that ends the game it is the final screen, and the save is where the game's end
is announced (its result stored, the statistics, the
standings asked for, notify's messages, the tournament's table). This bench times both in one process,
through Django's whole request path, in a season that already holds ``--season-games`` finished games
(10,000 by default, played hand by hand on the engine as ``bench/season_scale.py`` plays them, and ranked
by a full recompute first), with the settings a club runs:

* ``--settings production``: PostgreSQL and Redis, DEBUG off, as gunicorn serves it; the standings' update
  is queued to the broker (no worker here: the worker's share is its own process's, not the host's wait);
* ``--settings embedded``: ``make run``'s SQLite, tasks in-process; the standings' update runs in the
  process's background runner ``LEAGUE_STANDINGS_GATHER_SECONDS`` after the save (its time is printed too:
  it shares the CPU with whatever the club's other tables ask then).

One host plays ``--games`` games of eight hands (``bench/club_night.py``'s hands: the eighth ends the
game); after each game the bench waits for the background runner to be idle, as a table's next game starts
minutes later. Printed: for the normal hands (all but the last of each game) and the game-ending ones, the
median of save + next GET in wall time and in the request thread's CPU; the ratio of the medians against
the target (≤ 1.5×), with the load average. The figures are printed, never asserted.

    .venv/bin/python bench/game_end.py [--settings production|embedded] [--season-games 10000] [--games 5]
        [--database-url postgres://postgres@127.0.0.1:5432/game_end] [--redis-url redis://127.0.0.1:6379/5]

The PostgreSQL database is dropped and re-created (it must not be a real one); SQLite is a temp file.
"""
from __future__ import annotations

import argparse
import cProfile
import datetime
import io
import os
import pstats
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

TARGET_RATIO = 1.5  # issue 41: the game-ending hand at most 1.5 times a normal hand, on both setups
FORM = "application/x-www-form-urlencoded"


def fill_season(season_id: int, table_members: list[int], *, games: int, players: int, seed: int) -> int:
    """``games`` finished games in the season (``bench/season_scale.add_games``: each played on the engine and
    replayed), among ``players`` members of whom the table's four are some, then a full recompute of its
    standings (a season's snapshot is in place when its next game ends). Returns the games that replay."""
    from django.db import connection
    from django.utils import timezone

    from bench.season_scale import REPLAYED, add_games
    from club.models import Member, Person
    from league.models import Season
    from league.standings.services import standings_refresh

    season = Season.objects.select_related("club", "ruleset").get(pk=season_id)
    extra = players - len(table_members)
    persons = Person.objects.bulk_create([Person() for _ in range(extra)])
    Member.objects.bulk_create([Member(club=season.club, display_name=f"선수{i:03d}", person=persons[i])
                                for i in range(extra)])
    pool = list(Member.objects.filter(club=season.club).values_list("id", flat=True))
    assert set(table_members) <= set(pool)
    start = timezone.now() - datetime.timedelta(days=365)
    add_games(season, pool, random.Random(seed), games, start)
    if connection.vendor == "postgresql":  # as autovacuum keeps a live database: statistics for the planner
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    standings_refresh(season_id=season_id)
    return REPLAYED["games"]


PROFILE: cProfile.Profile | None = None  # --profile: the game-ending saves, by the CPU clock


CLOSED: list[tuple[float, float]] = []  # (wall, thread CPU) when a response began to be closed


def _watch_closing() -> None:
    """Note when each response begins to be closed: a server has sent its last byte by then, and what the request
    deferred until after its response (``core.queueing.after_response``: a broker's message) runs from there, in
    the test client as in gunicorn; the host no longer waits for it."""
    from django.http.response import HttpResponseBase

    close = HttpResponseBase.close

    def noted_close(self):
        CLOSED.append((time.perf_counter(), time.thread_time()))
        close(self)

    HttpResponseBase.close = noted_close


def timed(call, *, profiled: bool = False) -> tuple[object, float, float]:
    """The response, and the wall ms and the calling thread's CPU ms of ``call()`` until its response was ready
    (what ran after it, at the response's close, is the server's time, not the host's wait)."""
    CLOSED.clear()
    w0, c0 = time.perf_counter(), time.thread_time()
    if profiled and PROFILE is not None:
        PROFILE.enable()
    response = call()
    if profiled and PROFILE is not None:
        PROFILE.disable()
    w1, c1 = CLOSED[0] if CLOSED else (time.perf_counter(), time.thread_time())
    return response, (w1 - w0) * 1000, (c1 - c0) * 1000


def play_game(client, game: int, out: dict[str, list[tuple[float, float, float, float]]], *,
              redirect: bool = False) -> None:
    """Eight hands of ``game``; each hand's save (+ the next GET with ``redirect``) into ``out["normal"]`` or
    ``out["end"]``, as (save wall, GET wall, save CPU, GET CPU) (the GET's 0 where the save answered with it)."""
    from bench.club_night import HANDS_PER_GAME, event_for

    response = client.get(f"/games/{game}/table/")
    for position in range(HANDS_PER_GAME):
        assert response.status_code == 200, response.status_code
        shown = int(re.search(rb'name="position" value="(\d+)"', response.content).group(1))
        assert shown == position, (shown, position)
        form = {"position": str(position), **event_for(position)}
        token = re.search(rb'name="entry_token" value="([^"]+)"',  # the hand form's own one-time token
                          response.content[response.content.index(b'id="hand-form"'):])
        if token:
            form["entry_token"] = token.group(1).decode()
        r = client.post(f"/games/{game}/hands/preview/", urlencode(form), content_type=FORM,
                        HTTP_HX_REQUEST="true", HTTP_HX_TARGET="preview")
        assert r.status_code == 200, r.status_code
        sent = {**form, "action": "save"} if redirect else {**form, "action": "save", "answer": "screen"}
        saved, save_wall, save_cpu = timed(lambda sent=sent: client.post(
            f"/games/{game}/hands/", urlencode(sent), content_type=FORM), profiled=position == HANDS_PER_GAME - 1)
        if redirect:
            assert saved.status_code == 302, (saved.status_code, saved.content[:300])
            response, get_wall, get_cpu = timed(lambda saved=saved: client.get(saved["Location"]))
        else:
            assert saved.status_code == 200, (saved.status_code, saved.content[:300])
            response, get_wall, get_cpu = saved, 0.0, 0.0
        kind = "end" if position == HANDS_PER_GAME - 1 else "normal"
        out[kind].append((save_wall, get_wall, save_cpu, get_cpu))
    assert b'name="position"' not in response.content, "the game did not end at its eighth hand"
    assert b'data-testid="final"' in response.content, "no final table after the game's end"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--settings", choices=("production", "embedded"), default="production")
    parser.add_argument("--season-games", type=int, default=10_000, help="finished games in the season first")
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--games", type=int, default=5, help="games timed (eight hands each), after a warm-up one")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/game_end")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/5")
    parser.add_argument("--redirect", action="store_true",
                        help="each save redirects and the screen is its GET (a browser without the script)")
    parser.add_argument("--profile", type=int, default=0,
                        help="print the N most expensive functions (cumulative) of the game-ending saves")
    args = parser.parse_args()
    global PROFILE
    if args.profile:  # only the timed games' ends: the timings of those are then not comparable
        PROFILE = cProfile.Profile(time.process_time)

    from bench.hand_cpu import configure

    with tempfile.TemporaryDirectory(prefix="game-end-") as tmp:
        configure(args, Path(tmp))
        _watch_closing()
        from django.test import Client

        from bench.club_night import setup_data
        from club.models import Member
        from core.queueing import later
        from league.models import Game, GameSeat

        data = setup_data(1, args.games + 1)
        games = data["tables"][0]["games"]
        host = Member.objects.get(user__username=data["tables"][0]["username"]).user
        seated = list(GameSeat.objects.filter(game_id=games[0]).values_list("member_id", flat=True))
        t0 = time.perf_counter()
        replayed = fill_season(data["season"], seated, games=args.season_games, players=args.players, seed=args.seed)
        filled = time.perf_counter() - t0
        client = Client(HTTP_HOST="127.0.0.1", HTTP_ACCEPT_LANGUAGE="ko")
        client.force_login(host)
        out: dict[str, list[tuple[float, float, float, float]]] = {"normal": [], "end": []}
        background: list[float] = []
        for g, game in enumerate(games):
            sink = out if g else {"normal": [], "end": []}  # the first game warms imports and caches
            play_game(client, game, sink, redirect=args.redirect)
            w0 = time.perf_counter()
            assert later.wait_idle(300), "the background runner did not finish within five minutes"
            if g:
                background.append((time.perf_counter() - w0) * 1000)
        finished = Game.objects.filter(season_id=data["season"], status=Game.Status.FINISHED).count()

    load = os.getloadavg()[0]
    print(f"== a game's end against a normal hand, {args.settings} settings: a season of {finished:,} finished "
          f"games ({replayed:,} generated, every one replayed; built and ranked in {filled:.0f} s), "
          f"{args.games} games timed (1-min load {load:.1f} on {os.cpu_count()} CPUs)")
    medians = {}
    for kind, label in (("normal", "a normal hand"), ("end", "the game-ending hand")):
        walls = [save + get for save, get, _sc, _gc in out[kind]]
        cpus = [save + get for _sw, _gw, save, get in out[kind]]
        medians[kind] = statistics.median(walls)
        save_wall = statistics.median(row[0] for row in out[kind])
        get_wall = statistics.median(row[1] for row in out[kind])
        what = "save + next GET" if args.redirect else "save with its screen"
        parts = f"; save {save_wall:.1f} + GET {get_wall:.1f}" if args.redirect else ""
        print(f"   {label:22} {what}: wall p50 {statistics.median(walls):6.1f} ms "
              f"(min {min(walls):6.1f}, max {max(walls):6.1f}{parts})   "
              f"request thread's CPU p50 {statistics.median(cpus):6.1f} ms   ({len(walls)} hands)")
    if background and args.settings == "embedded":
        print(f"   after the game's end, until the background runner was idle (the standings' update "
              f"LEAGUE_STANDINGS_GATHER_SECONDS after the save, the federation's): median "
              f"{statistics.median(background):.0f} ms wall")
    ratio = medians["end"] / medians["normal"]
    verdict = "met" if ratio <= TARGET_RATIO else "not met"
    print(f"   ratio (game-ending ÷ normal, wall medians): ×{ratio:.2f}   target ≤ ×{TARGET_RATIO}: {verdict}"
          + ("   (profiled: not a figure)" if PROFILE else ""))
    if PROFILE:
        stream = io.StringIO()
        pstats.Stats(PROFILE, stream=stream).sort_stats("cumulative").print_stats(args.profile)
        print("\n".join(stream.getvalue().splitlines()[4:]))


if __name__ == "__main__":
    main()
