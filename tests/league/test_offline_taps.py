"""One tap→event and one event→words (issue 24 item 5): the offline table screen runs the server form's Python.

The server's quick-entry form (``league.web.games.forms.HandEntryForm``) and the offline page
(``static/league/offline.js``, through Pyodide) both call ``scoring.quick_entry``. Here the same taps go
through the form and through the offline path itself: the scoring zip the browser downloads, unpacked
in the vendored Pyodide (run by Node), called as offline.js calls it with the config the table screen
ships. The event (or the Korean refusal) and the event's words must be the same.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.http import QueryDict
from django.utils import translation

from league.games.entry_screen import EntryContext
from league.games.words import _event_text, event_word_templates
from league.web.games import offline
from league.web.games.forms import HandEntryForm, refusal_templates, tap_table
from scoring.rules import preset

PLAYERS = ["김민준", "이서연", "박도윤", "최하은"]
OFFLINE_JS = Path(settings.BASE_DIR) / "static" / "league" / "offline.js"
PYODIDE = Path(settings.BASE_DIR) / "static" / "vendor" / "pyodide"


def _table(key: str, *, dealer: int = 0, dealer_min_han: int | None = None) -> EntryContext:
    return EntryContext(players=PLAYERS, ruleset=preset(key), scores=[25000] * 4, dealer=dealer, position=0,
                        riichi_ok=[True] * 4, dealer_min_han=dealer_min_han, agari_forbidden=[False] * 4)


JUKI = {"key": "juki-agit-2026"}
ASI = {"key": "asi-shirai"}
JUKI_5TH_RENCHAN = {"key": "juki-agit-2026", "dealer": 2, "dealer_min_han": 2}

CASES = {
    # rule: (table, taps as posted)
    "ron with riichi sticks": (JUKI, [("kind", "ron"), ("ron_winner", "1"), ("ron_loser", "2"),
                                      ("ron_value", "3-30"), ("riichi", "3"), ("riichi", "1")]),
    "yakuman ron with pao": (JUKI, [("kind", "ron"), ("ron_winner", "1"), ("ron_loser", "2"), ("ron_value", "Y1"),
                                    ("pao", "0")]),
    "double ron": (JUKI, [("kind", "multi_ron"), ("multi_loser", "0"), ("multi_winners", "3"),
                          ("multi_winners", "1"), ("multi_value_1", "2-30"), ("multi_value_3", "5")]),
    "tsumo mangan": (JUKI, [("kind", "tsumo"), ("tsumo_winner", "3"), ("tsumo_value", "5"), ("riichi", "3")]),
    "tsumo with the open tap": (JUKI, [("kind", "tsumo"), ("tsumo_winner", "2"), ("tsumo_value", "1-30"),
                                       ("open", "2")]),
    "a riichi player is tenpai at a draw": (JUKI, [("kind", "draw"), ("draw_tenpai", "2"), ("riichi", "0")]),
    "nagashi mangan": (JUKI, [("kind", "nagashi"), ("nagashi_players", "1"), ("nagashi_tenpai", "3")]),
    "chombo": (JUKI, [("kind", "chombo"), ("chombo_offender", "2")]),
    "asi: abortive draw": (ASI, [("kind", "abort"), ("abort_reason", "four_winds")]),
    "asi: deliberate chombo": (ASI, [("kind", "chombo"), ("chombo_offender", "1"), ("chombo_deliberate", "on")]),
    "the dealer's 5th renchan win says its dora": (JUKI_5TH_RENCHAN, [
        ("kind", "ron"), ("ron_winner", "2"), ("ron_loser", "0"), ("ron_value", "3-30"), ("ron_dora", "1")]),
    "refused: ron on oneself": (JUKI, [("kind", "ron"), ("ron_winner", "1"), ("ron_loser", "1"),
                                       ("ron_value", "3-30")]),
    "refused: no value": (JUKI, [("kind", "tsumo"), ("tsumo_winner", "1")]),
    "refused: no winner": (JUKI, [("kind", "ron"), ("ron_loser", "2"), ("ron_value", "3-30")]),
    "refused: a double ron of one": (JUKI, [("kind", "multi_ron"), ("multi_loser", "0"), ("multi_winners", "1"),
                                            ("multi_value_1", "2-30")]),
    "refused: asi triple ron is an abortive draw": (ASI, [
        ("kind", "multi_ron"), ("multi_loser", "0"), ("multi_winners", "1"), ("multi_winners", "2"),
        ("multi_winners", "3"), ("multi_value_1", "1-30"), ("multi_value_2", "1-30"), ("multi_value_3", "1-30")]),
    "refused: a riichi winner tapped open": (JUKI, [("kind", "tsumo"), ("tsumo_winner", "2"),
                                                    ("tsumo_value", "1-30"), ("open", "2"), ("riichi", "2")]),
    "refused: the dealer's 5th renchan win without its dora": (JUKI_5TH_RENCHAN, [
        ("kind", "ron"), ("ron_winner", "2"), ("ron_loser", "0"), ("ron_value", "3-30")]),
    "refused: no nagashi player": (JUKI, [("kind", "nagashi")]),
    "refused: abortive draw without its reason": (ASI, [("kind", "abort")]),
}


def _server(table: EntryContext, taps: list[tuple[str, str]]) -> dict:
    """What the online form stores for the taps, or its refusal (in Korean)."""
    data = QueryDict(mutable=True)
    data["position"] = "0"
    for name, value in taps:
        data.appendlist(name, value)
    form = HandEntryForm(data, table=table)
    if form.is_valid():
        return form.event
    assert not form.errors.get("kind"), form.errors
    return {"refusal": " ".join(str(e) for e in form.non_field_errors())}


NODE_SCRIPT = r"""
const fs = require("fs");
const [pyodideDir, zipPath, casesPath] = process.argv.slice(2);
const { loadPyodide } = require(pyodideDir + "/pyodide.js");
(async () => {
  const py = await loadPyodide({ indexURL: pyodideDir + "/" });
  const zip = fs.readFileSync(zipPath);  // an ArrayBuffer, as the page's fetch gives it
  py.unpackArchive(zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength), "zip");
  const entry = py.pyimport("scoring.quick_entry");
  const out = JSON.parse(fs.readFileSync(casesPath, "utf8")).map((c) => {
    const made = JSON.parse(entry.browser_event(JSON.stringify(c.taps), JSON.stringify(c.cfg.tapTable),
                                                JSON.stringify(c.cfg.refusals), JSON.stringify(c.cfg.players)));
    const words = made.event ? entry.browser_words(JSON.stringify(made.event), JSON.stringify(c.cfg.players),
                                                   JSON.stringify(c.cfg.eventWords)) : null;
    return { made, words };
  });
  process.stdout.write(JSON.stringify(out));
})().catch((e) => { console.error(e); process.exit(1); });
"""


@pytest.mark.skipif(not shutil.which("node"), reason="needs Node to run the vendored Pyodide")
def test_the_offline_taps_make_the_online_forms_event_and_words(tmp_path):
    """Each rule's taps: the same event (or the same Korean refusal) and the same words, online and offline."""
    cases, expected = [], []
    with translation.override("ko"):
        for rule, (where, taps) in CASES.items():
            table = _table(where["key"], dealer=where.get("dealer", 0), dealer_min_han=where.get("dealer_min_han"))
            # what {% offline_config %} ships for this table
            cfg = {"tapTable": tap_table(table).to_json(), "refusals": refusal_templates(), "players": PLAYERS,
                   "eventWords": event_word_templates()}
            server = _server(table, taps)
            assert ("refusal" in server) == rule.startswith("refused"), (rule, server)
            cases.append({"taps": taps, "cfg": cfg})
            expected.append((rule, server, None if "refusal" in server else _event_text(server, PLAYERS)))
    zip_path = tmp_path / "scoring.zip"
    zip_path.write_bytes(offline.scoring_zip()[0])  # the bytes /offline/scoring.zip serves
    cases_path = tmp_path / "cases.json"
    cases_path.write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    script = tmp_path / "run.cjs"
    script.write_text(NODE_SCRIPT)
    run = subprocess.run(["node", str(script), str(PYODIDE), str(zip_path), str(cases_path)],
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    results = json.loads(run.stdout)
    assert len(results) == len(expected)
    for (rule, server, words), got in zip(expected, results, strict=True):
        offline_made = got["made"] if "refusal" not in got["made"] else {"refusal": got["made"]["refusal"]}
        assert offline_made == (server if "refusal" in server else {"event": server}), rule
        assert got["words"] == words, rule
    # the words are the audit log's, in Korean
    assert expected[0][2] == "이서연 론 ← 박도윤 · 3판 30부 · 리치: 이서연, 최하은"


RESTATED = {
    "the taps read in JavaScript": r"function formEvent|function seat\(|function value\(|function tenpai\(",
    "the form's field names read in JavaScript": r"ron_winner|ron_loser|multi_value_|draw_tenpai|nagashi_players|"
                                                 r"abort_reason|chombo_offender|tsumo_value|_dora\b",
    "the refusals in JavaScript": r"\bRefusal\b|S\.(choose|selfRon|multiRon|nagashiWho|abortWhy)\b",
    "the value grid read in JavaScript": r"cfg\.values|valueKey|valueWords|asksDealerDora|agariForbidden",
    "an event's words in JavaScript": r"ev\.kind ===|S\.(ron|tsumo|noten|allTenpai|nagashi|abort|chombo|deliberate|"
                                      r"penalty|riichi|fullHand|abortReasons|penalties)\b",
    "Python written inside the JavaScript": r"from scoring|def club_check|runPython",
}


@pytest.mark.parametrize("pattern", list(RESTATED.values()), ids=list(RESTATED))
def test_offline_js_restates_no_tap_or_word_rule(pattern):
    found = re.findall(pattern, OFFLINE_JS.read_text(encoding="utf-8"))
    assert found == [], found


def test_offline_js_calls_the_python_the_form_uses():
    text = OFFLINE_JS.read_text(encoding="utf-8")
    for call in ('pyimport("scoring.quick_entry")', "entry.browser_event", "entry.browser_words",
                 "entry.browser_check"):
        assert call in text, call
