"""Build the vendored CJK fonts in static/fonts/ (issue 38): subsets of Noto Sans CJK, one per region.

    apt-get install fonts-noto-cjk        # Debian: /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
    .venv/bin/python deploy/make_cjk_fonts.py

Each font holds its region's common characters (JIS X 0208 level 1 kanji for Japanese, GB 2312 level 1
for Simplified Chinese, Big5's frequent level for Traditional Chinese: the characters people's names
and everyday words are written in), every character of the page and engine catalogues and glossaries
(locale/*/LC_MESSAGES/django.po, scoring/messages/, scoring/rules/texts/, docs/glossary/), kana, CJK and full-width
punctuation and Latin. Rerun it after a catalogue gains characters: a test
(tests/test_fonts.py) names any catalogue character a font lacks.

The browser reads them as WOFF2 (static/css/app.css, only where the device has no such font); the
tournament report's PDF and PNG draw with the same files (events/tournaments/report_files.py).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
OUT = ROOT / "static" / "fonts"

# Everything but the ideographs: Latin, punctuation, arrows, the minus sign, circled numbers, shapes,
# CJK punctuation, kana, full-width and half-width forms.
BASE_RANGES = ((0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2027), (0x2030, 0x205E), (0x2190, 0x2199),
               (0x2212, 0x2212), (0x2460, 0x24FF), (0x25A0, 0x25FF), (0x3000, 0x30FF), (0x31F0, 0x31FF),
               (0xFF01, 0xFF9F))


def _decodable(codec: str, leads: range, trails: list[int]) -> set[str]:
    chars = set()
    for lead in leads:
        for trail in trails:
            try:
                chars.add(bytes([lead, trail]).decode(codec))
            except UnicodeDecodeError:
                continue
    return chars


def _ideographs(text: str | set[str]) -> set[str]:
    return {c for c in text if "\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff"}


def catalogue_characters() -> set[str]:
    paths = [*ROOT.glob("locale/*/LC_MESSAGES/django.po"), *ROOT.glob("scoring/messages/*.py"),
             *ROOT.glob("scoring/rules/texts/*.py"), *ROOT.glob("docs/glossary/*.tsv"),
             ROOT / "scoring" / "hand" / "names.py"]
    return _ideographs("".join(p.read_text(encoding="utf-8") for p in paths))


# (file, face in the collection, the region's common characters)
_TRAIL = list(range(0xA1, 0xFF))
REGIONS = {
    "NotoSansCJKjp-club.woff2": ("Noto Sans CJK JP", lambda: _decodable("euc_jp", range(0xB0, 0xD0), _TRAIL)),
    "NotoSansCJKsc-club.woff2": ("Noto Sans CJK SC", lambda: _decodable("gb2312", range(0xB0, 0xD8), _TRAIL)),
    "NotoSansCJKtc-club.woff2": ("Noto Sans CJK TC", lambda: _decodable("big5", range(0xA4, 0xC7),
                                                                        [*range(0x40, 0x7F), *_TRAIL])),
}


def build(name: str, face: str, common: set[str]) -> Path:
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    collection = TTCollection(str(SOURCE))
    font = next(f for f in collection.fonts if f["name"].getDebugName(4) == face)
    base = {chr(c) for low, high in BASE_RANGES for c in range(low, high + 1)}
    chars = base | _ideographs(common) | catalogue_characters()
    options = subset.Options()
    options.hinting = False
    options.name_IDs = ["*"]
    options.layout_features = ["kern", "palt", "vert", "vrt2", "locl", "liga"]
    options.flavor = "woff2"
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars])
    subsetter.subset(font)
    font.flavor = "woff2"
    out = OUT / name
    font.save(str(out))
    return out


def main(names: list[str]) -> None:
    OUT.mkdir(exist_ok=True)
    for name, (face, common) in REGIONS.items():
        if not names or name in names:
            path = build(name, face, common())
            print(f"{path.relative_to(ROOT)}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
