"""How long the offline table screen's engine takes in a phone-sized Chromium: Pyodide's start, our
``scoring`` zip's import, and one check (a replay of the known hands plus the waiting ones).

Starts ``manage.py runserver`` on --port (DEBUG, static files served) and opens a page on it, then
times in the browser, as static/league/offline.js does: load pyodide.js, ``loadPyodide``, fetch and
unpack /offline/scoring.zip, import ``scoring.game``, and ``--repeat`` replays of a game of --hands
quick-entry hands (cold: no service worker cache, the files come from the local server). Prints ms.

    .venv/bin/python bench/offline_engine.py [--port 8116] [--hands 16] [--repeat 20]

``--starts N`` (issue 41, item 5): the engine's start as static/league/offline-engine.js does it, N runs, each
normal and with the CPU throttled x4 (CDP ``Emulation.setCPUThrottlingRate``), interleaved: "before" (the plain
start, as offline.js did before the snapshot), "first" (no snapshot kept: the plain start, then the memory snapshot
made and kept in IndexedDB) and "snapshot" (the start from the kept snapshot). Each start in a new page of one
browser context whose HTTP cache already holds the engine's files (as the service worker's cache does on a phone),
timed from before pyodide.js is loaded to the engine answering a check. Printed against the targets 1 s / 3 s.

    .venv/bin/python bench/offline_engine.py --starts 3
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"

HANDS = [  # a 4-hand cycle that never ends the game: a small ron, then all-tenpai draws (renchan)
    {"kind": "draw", "tenpai": [0, 1, 2, 3], "riichi": []},
    {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 2, "fu": 30}], "riichi": [1]},
    {"kind": "draw", "tenpai": [0, 1, 2, 3], "riichi": []},
    {"kind": "draw", "tenpai": [0, 1, 2, 3], "riichi": []},
]

SCRIPT = """async ([hands, repeat]) => {
  const t = [performance.now()];
  await new Promise((ok, ko) => { const s = document.createElement('script');
    s.src = '/static/vendor/pyodide/pyodide.js'; s.onload = ok; s.onerror = ko; document.head.appendChild(s); });
  const py = await loadPyodide({ indexURL: '/static/vendor/pyodide/' });
  t.push(performance.now());
  py.unpackArchive(await (await fetch('/offline/scoring.zip')).arrayBuffer(), 'zip');
  py.runPython('import json\\nfrom scoring.game import replay\\nimport scoring.quick_entry');
  t.push(performance.now());
  const record = JSON.stringify({ ruleset: 'juki-agit-2026', players: ['a', 'b', 'c', 'd'], hands });
  const check = py.runPython('lambda s: json.dumps(replay(json.loads(s)).to_json())');
  const times = [];
  for (let i = 0; i < repeat; i++) { const a = performance.now(); check(record); times.push(performance.now() - a); }
  times.sort((x, y) => x - y);
  return { pyodide: t[1] - t[0], scoring: t[2] - t[1], median: times[times.length >> 1], best: times[0] };
}"""


START = """async ([kind, hands]) => {
  const record = JSON.stringify({ ruleset: 'juki-agit-2026', players: ['a', 'b', 'c', 'd'], hands });
  const t0 = performance.now();
  let entry, source = kind, kept = null;
  if (kind === 'before') {  // static/league/offline.js before the snapshot
    await new Promise((ok, ko) => { const s = document.createElement('script');
      s.src = '/static/vendor/pyodide/pyodide.js'; s.onload = ok; s.onerror = ko; document.head.appendChild(s); });
    const py = await loadPyodide({ indexURL: '/static/vendor/pyodide/' });
    py.unpackArchive(await (await fetch('/offline/scoring.zip')).arrayBuffer(), 'zip');
    entry = py.pyimport('scoring.quick_entry');
  } else {
    const out = await clubEngine.start({ indexURL: '/static/vendor/pyodide/', scoringZip: '/offline/scoring.zip',
                                         version: 'bench' });
    entry = out.entry; source = out.source; kept = out.kept || null;
  }
  JSON.parse(entry.browser_check(record, 'ko'));
  const ms = performance.now() - t0;
  const keptMs = kept ? ((await kept) ? performance.now() - t0 : -1) : null;
  const size = kept ? await new Promise((ok) => { const r = indexedDB.open('club-engine', 1);
    r.onsuccess = () => { const g = r.result.transaction(['snapshots']).objectStore('snapshots').get('current');
      g.onsuccess = () => ok(g.result ? g.result.bytes.size : 0); }; }) : 0;
  const stdlib = performance.getEntriesByType('resource').filter(e => e.name.endsWith('python_stdlib.zip'))
    .map(e => e.duration)[0] || 0;
  return { ms, source, keptMs, size, stdlib };
}"""
TARGETS = {1: 1000, 4: 3000}


def starts(browser, base: str, hands: list, runs: int) -> None:
    """``runs`` x (normal, x4) x (before, first, snapshot), each in a new page of one context; prints each."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    page.goto(f"{base}/manifest.webmanifest")
    page.evaluate(START, ["before", hands])  # the files into the HTTP cache (the service worker's cache on a phone)
    page.close()
    rows: dict[tuple[str, int], list[float]] = {}
    for run in range(1, runs + 1):
        for rate in (1, 4):
            for kind in ("before", "first", "snapshot"):
                page = context.new_page()
                page.goto(f"{base}/manifest.webmanifest")
                page.add_script_tag(url="/static/league/offline-engine.js")
                if kind == "first":
                    page.evaluate("clubEngine.forget()")
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                out = page.evaluate(START, [kind, hands])
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                page.close()
                rows.setdefault((kind, rate), []).append(out["ms"])
                kept = (f", snapshot of {out['size'] / 1e6:.1f} MB kept after {out['keptMs']:.0f} ms"
                        if out.get("keptMs") else "")
                kept += f", python_stdlib.zip fetched in {out['stdlib']:.0f} ms"
                verdict = "meets" if out["ms"] <= TARGETS[rate] else "misses"
                print(f"run {run} CPU x{rate} {kind:8} ({out['source']}): {out['ms']:.0f} ms{kept} "
                      f"({verdict} the target {TARGETS[rate]} ms)", flush=True)
    context.close()
    for (kind, rate), values in rows.items():
        print(f"{kind:8} CPU x{rate}: " + " / ".join(f"{v:.0f}" for v in values) + f" ms (target {TARGETS[rate]} ms)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8116)
    parser.add_argument("--hands", type=int, default=16)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--starts", type=int, default=0, help="runs of the start from a snapshot (item 5)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    env = {**os.environ, "DJANGO_DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings.local"}
    server = subprocess.Popen([sys.executable, "manage.py", "runserver", f"127.0.0.1:{args.port}", "--noreload"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{args.port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/manifest.webmanifest", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        hands = (HANDS * (args.hands // len(HANDS) + 1))[: args.hands]
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            if args.starts:
                print(subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip(), flush=True)
                starts(browser, base, hands, args.starts)
                print(subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip(), flush=True)
                browser.close()
                return
            page = browser.new_page(viewport={"width": 390, "height": 844}, service_workers="block")
            page.goto(f"{base}/manifest.webmanifest")
            out = page.evaluate(SCRIPT, [hands, args.repeat])
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(json.dumps({"hands": args.hands, **{k: round(v, 1) for k, v in out.items()}}))
    print(f"Pyodide start {out['pyodide']:.0f} ms, scoring import {out['scoring']:.0f} ms, "
          f"check of {args.hands} hands: median {out['median']:.1f} ms (best {out['best']:.1f} ms)")


if __name__ == "__main__":
    main()
