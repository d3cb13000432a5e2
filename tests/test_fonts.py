"""Issue 38 item 4: Japanese and Chinese render with the site's own fonts, on the pages and in the
tournament report's PDF and PNG (no font fetched from elsewhere, no blank boxes).

The fonts are subsets (static/fonts/, built by deploy/make_cjk_fonts.py): a character a catalogue says
must be in its language's font, or the page and the report draw a box for it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from events.tournaments import report_files
from events.tournaments.report_files import JP, NANUM, SC, TC, Block, Sheet

REPO = Path(__file__).resolve().parents[1]
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")

# Each catalogue of the pages and of the engine, and the font its language draws with first.
CATALOGUES = [
    ("locale/ja/LC_MESSAGES/django.po", JP),
    ("scoring/messages/ja.py", JP),
    ("scoring/rules/texts/ja.py", JP),
    ("docs/glossary/ja.tsv", JP),
    ("locale/zh_Hans/LC_MESSAGES/django.po", SC),
    ("scoring/messages/zh_hans.py", SC),
    ("scoring/rules/texts/zh_hans.py", SC),
    ("docs/glossary/zh-Hans.tsv", SC),
    ("locale/zh_Hant/LC_MESSAGES/django.po", TC),
    ("scoring/messages/zh_hant.py", TC),
    ("scoring/rules/texts/zh_hant.py", TC),
    ("docs/glossary/zh-Hant.tsv", TC),
]


@pytest.mark.parametrize(("catalogue", "face"), CATALOGUES, ids=[c for c, _ in CATALOGUES])
def test_every_character_of_a_catalogue_is_in_its_languages_font(catalogue, face):
    path = REPO / catalogue
    if not path.exists():
        pytest.skip(f"{catalogue} is not on this branch yet")
    wanted = {ord(c) for c in CJK.findall(path.read_text(encoding="utf-8"))}
    missing = "".join(sorted(chr(c) for c in wanted - report_files.characters_of(face.regular)))
    assert missing == "", f"rerun deploy/make_cjk_fonts.py: {face.family} lacks {missing}"


def test_the_vendored_fonts_stay_small():
    total = sum(p.stat().st_size for p in (REPO / "static" / "fonts").glob("*.woff2"))
    assert total <= 6_000_000


@pytest.mark.parametrize(("language", "first"), [
    ("ko", NANUM), ("en", NANUM), ("ja", JP), ("zh-hans", SC), ("zh-hant", TC), ("zh-Hant", TC), ("fr", NANUM),
])
def test_the_reports_language_picks_its_first_font(language, first):
    assert report_files.faces_for(language)[0] == first


def test_a_name_in_another_script_comes_from_the_next_font_that_has_it():
    runs = report_files._Runs(report_files.faces_for("zh-hant"), 24)
    # 王小明 in the Traditional font (first), 김민준 in NanumGothic (second), ひろし in the Traditional font too
    assert runs.runs("王小明 김민준 ひろし") == [(0, "王小明 "), (1, "김민준 "), (0, "ひろし")]


def test_a_korean_report_of_korean_names_loads_nanum_alone():
    assert report_files.needed_faces(report_files.faces_for("ko"), "최종 순위 김민준 +45.3") == (NANUM,)
    assert report_files.needed_faces(report_files.faces_for("ko"), "최종 순위 山田 太郎") == (NANUM, TC)


@pytest.mark.parametrize(("language", "title", "embedded"), [
    ("ja", "最終順位", {b"NotoSansCJKJP", b"NanumGothic"}),
    ("zh-hans", "最终排名", {b"NotoSansCJKSC", b"NanumGothic"}),
    ("zh-hant", "最終排名", {b"NotoSansCJKTC", b"NanumGothic"}),
])
def test_the_pdf_embeds_the_languages_font_and_nanum_for_a_korean_name(language, title, embedded):
    sheet = Sheet(title, "주키 아지트", (Block(title, ("1",), (("김민준",),)),), language=language)
    pdf = report_files.sheet_pdf(sheet)
    fonts = {name.split(b"+")[-1] for name in re.findall(rb"/BaseFont /([A-Za-z0-9+\-]+)", pdf)}
    assert embedded <= fonts
