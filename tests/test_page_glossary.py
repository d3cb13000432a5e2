"""Issue 38 item 1: the pages' Chinese catalogues say the mahjong words as the glossaries do
(docs/glossary/zh-Hans.tsv, zh-Hant.tsv; the engine's catalogues are held to them in
tests/scoring/test_languages.py). Wherever an English msgid says a term as a word, its translation holds
the glossary's term, except where a fixed expression says it otherwise (each listed with its reason)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CATALOGUES = {"zh-Hans": "zh_Hans", "zh-Hant": "zh_Hant"}  # glossary → locale folder
TERMS = ["riichi", "ron", "tsumo", "honba", "dealer", "chombo", "tenpai", "noten", "yakuman", "mangan", "pao",
         "renchan", "hanchan", "dora", "uma"]
FIXED_EXPRESSIONS = {
    ("ron", "Triple ron"): "三家和 is the abortive draw's own name",
    ("ron", "Double ron"): "两家和 / 兩家和, as players call a double ron",
    ("dealer", "0 = East at East 1 (first dealer)."): "the first dealer is 起家",
    ("dealer", "Seats in order: East sits first (the first dealer)."): "the first dealer is 起家",
    ("dealer", "Dealer keep rate"): "keeping the deal is 连庄 / 連莊 (the glossary's renchan)",
    ("dealer", "Longest dealer streak"): "a dealer streak is 连庄 / 連莊",
    ("dealer", "The most hands in a row kept as dealer (renchan) in one game."): "坐庄 / 坐莊 and 连庄 say it",
}


def _entries(path: Path) -> list[tuple[str, str]]:
    """(msgid, first msgstr) of a catalogue (plural entries by their singular)."""
    entries, key, current = [], None, {}
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        if line.startswith(("msgid ", "msgstr ", "msgstr[0] ", "msgid_plural ", "msgctxt ", "msgstr[")):
            word, _, rest = line.partition(" ")
            key = word
            current[key] = ast.literal_eval(rest)
        elif line.startswith('"') and key:
            current[key] += ast.literal_eval(line)
        elif not line.strip() and current:
            if current.get("msgid"):
                entries.append((current["msgid"], current.get("msgstr", current.get("msgstr[0]", ""))))
            current, key = {}, None
    return entries


def _glossary(name: str) -> dict[str, str]:
    rows = [line.split("\t") for line in (REPO / "docs" / "glossary" / f"{name}.tsv").read_text(
        encoding="utf-8").splitlines()[1:] if line.strip()]
    return dict(rows)


@pytest.mark.parametrize("glossary", sorted(CATALOGUES))
def test_the_pages_say_the_glossarys_mahjong_words(glossary):
    words = _glossary(glossary)
    unsaid, entries = [], _entries(REPO / "locale" / CATALOGUES[glossary] / "LC_MESSAGES" / "django.po")
    assert len(entries) > 1000  # the whole catalogue was read
    for msgid, msgstr in entries:
        for term in TERMS:
            # a term as a word, not a JSON key ("uma") and not "dealer" inside "non-dealer"
            if not re.search(rf'(?<![\w"-]){term}(?![\w"-])', msgid, re.IGNORECASE):
                continue
            fixed = any(t == term and msgid.startswith(start) for t, start in FIXED_EXPRESSIONS)
            if words[term] not in msgstr and not fixed:
                unsaid.append((term, words[term], msgid))
    assert unsaid == []


def test_every_fixed_expression_is_still_in_the_catalogue():
    msgids = [msgid for msgid, _ in _entries(REPO / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po")]
    assert [start for _term, start in FIXED_EXPRESSIONS if not any(m.startswith(start) for m in msgids)] == []


@pytest.mark.parametrize(("folder", "charset"), [("zh_Hans", "gb2312"), ("zh_Hant", "big5")])
def test_each_chinese_catalogue_is_written_in_its_own_characters(folder, charset):
    """A Simplified character left in the Traditional catalogue (or a Traditional one in the Simplified)
    falls outside the region's own character set: Big5 has no 荣 or 录, GB 2312 no 榮 or 錄
    (not a complete check: Big5 also holds a few simplified shapes, such as 庄)."""
    text = "".join(msgstr for _msgid, msgstr in _entries(REPO / "locale" / folder / "LC_MESSAGES" / "django.po"))
    foreign = set()
    for ch in set(re.findall(r"[\u4e00-\u9fff]", text)):
        try:
            ch.encode(charset)
        except UnicodeEncodeError:
            foreign.add(ch)
    assert "".join(sorted(foreign)) == ""
