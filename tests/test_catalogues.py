"""Issue 38: every language's catalogue (locale/<lang>/LC_MESSAGES/django.po) translates every entry of the
Korean one — no empty, no fuzzy entry, the same placeholders — its compiled .mo says the same, and a
mahjong word of the language's glossary (docs/glossary/) is the word its entries use.

Parametrized over the languages whose catalogue exists: a new language's po is checked as soon as it is
added (locale/ja, locale/zh_Hans, locale/zh_Hant)."""
from __future__ import annotations

import ast
import gettext
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
LOCALE = ROOT / "locale"
GLOSSARY = ROOT / "docs" / "glossary"
SOURCE = "ko"
"""The club's catalogue: every msgid the site has (English is the msgids themselves)."""
TRANSLATED = sorted(p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/django.po")
                    if p.parent.parent.name not in (SOURCE, "en"))
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]|%[sd]|\{\w*\}|</?[a-z]+[^>]*>")


def _entries(path: pathlib.Path) -> dict[tuple[str | None, str], dict]:
    """(msgctxt, msgid) -> {"plural", "msgstr": [...], "flags"} of a po file (the header left out)."""
    entries: dict[tuple[str | None, str], dict] = {}
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        entry: dict = {"msgctxt": None, "msgid": None, "msgid_plural": None, "msgstr": {}, "flags": set()}
        key = None
        for line in block.splitlines():
            if line.startswith("#,"):
                entry["flags"] |= {f.strip() for f in line[2:].split(",")}
            elif line.startswith("#") or not line.strip():
                continue
            elif line.startswith('"'):
                value = ast.literal_eval(line)
                if isinstance(key, int):
                    entry["msgstr"][key] += value
                else:
                    entry[key] += value
            else:
                word, _, literal = line.partition(" ")
                value = ast.literal_eval(literal)
                if word.startswith("msgstr"):
                    key = int(word[7:-1]) if "[" in word else 0
                    entry["msgstr"][key] = value
                else:
                    key = word
                    entry[word] = value
        if entry["msgid"]:
            entries[(entry["msgctxt"], entry["msgid"])] = entry
    return entries


def _po(lang: str) -> pathlib.Path:
    return LOCALE / lang / "LC_MESSAGES" / "django.po"


@pytest.fixture(scope="module")
def source() -> dict:
    return _entries(_po(SOURCE))


def test_the_catalogues_are_found():
    assert "ja" in TRANSLATED


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_entry_of_the_korean_catalogue_is_translated(lang, source):
    catalogue = _entries(_po(lang))
    missing = [key for key in source if key not in catalogue]
    assert missing == []
    empty = [key for key, entry in catalogue.items() if not all(s.strip() for s in entry["msgstr"].values())]
    assert empty == []
    fuzzy = [key for key, entry in catalogue.items() if "fuzzy" in entry["flags"]]
    assert fuzzy == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_keeps_the_placeholders(lang, source):
    wrong = []
    for key, entry in _entries(_po(lang)).items():
        wanted = sorted(PLACEHOLDER.findall(entry["msgid_plural"] or entry["msgid"]))
        wrong += [(key, text) for text in entry["msgstr"].values() if sorted(PLACEHOLDER.findall(text)) != wanted]
    assert wrong == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_says_what_the_po_says(lang, source):
    """The .mo is compiled from the po as it is now (``compilemessages`` was run after the last edit)."""
    with (LOCALE / lang / "LC_MESSAGES" / "django.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    stale = []
    for (context, msgid), entry in _entries(_po(lang)).items():
        if entry["msgid_plural"]:
            said = compiled.npgettext(context, msgid, entry["msgid_plural"], 1) if context else \
                compiled.ngettext(msgid, entry["msgid_plural"], 1)
        else:
            said = compiled.pgettext(context, msgid) if context else compiled.gettext(msgid)
        if said != entry["msgstr"][0]:
            stale.append((context, msgid))
    assert stale == []


def _glossary(lang: str) -> dict[str, str]:
    name = {"zh_Hans": "zh-Hans", "zh_Hant": "zh-Hant"}.get(lang, lang)
    rows = (GLOSSARY / f"{name}.tsv").read_text(encoding="utf-8").splitlines()[1:]
    return dict(row.split("\t", 1) for row in rows if row.strip())


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_mahjong_word_is_the_glossarys_word(lang):
    """An entry that is a glossary term itself ("Riichi", "Tsumo", "Dealer", "Closed kan") says the term."""
    glossary = {en.lower(): term for en, term in _glossary(lang).items()}
    said = {}
    for (_context, msgid), entry in _entries(_po(lang)).items():
        term = glossary.get(msgid.lower())
        if term is not None:
            said[msgid] = (term, entry["msgstr"][0])
    assert len(said) >= 10  # the words of every table: riichi, ron, tsumo, draw, dealer, tenpai, dora…
    assert [(msgid, term, text) for msgid, (term, text) in said.items() if term not in text] == []


def test_the_japanese_table_words_by_hand():
    """A few entries as a Japanese player reads them at the table (worked by hand, not from the glossary)."""
    catalogue = _entries(_po("ja"))
    assert catalogue[("hand result", "Ron")]["msgstr"][0] == "ロン"
    assert catalogue[("hand result", "Tsumo")]["msgstr"][0] == "ツモ"
    assert catalogue[(None, "Riichi")]["msgstr"][0] == "リーチ"
    assert catalogue[(None, "%(n)s honba")]["msgstr"][0] == "%(n)s本場"
    assert catalogue[(None, "%(n)s stick")]["msgstr"][0] == "供託%(n)s本"
    assert catalogue[(None, "Dealer")]["msgstr"][0] == "親"
    assert catalogue[(None, "Rounds (hanchan)")]["msgstr"][0] == "ラウンド数（半荘）"
