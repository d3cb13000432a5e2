"""Yaku names in the page's language, as the results lines say them (scoring/hand/names.py)."""

import pytest

from scoring.hand.names import YAKU_IDS, YAKU_NAMES, yaku_label, yaku_name


@pytest.mark.parametrize(
    ("yaku_id", "lang", "name"),
    [
        pytest.param("riichi", "ko", "리치", id="korean-page"),
        pytest.param("riichi", "ko-kr", "리치", id="korean-with-region"),
        pytest.param("riichi", None, "리치", id="no-language-is-korean-first"),
        pytest.param("pinfu", "en", "Pinfu", id="english-page"),
        pytest.param("pinfu", "de", "Pinfu", id="another-language-falls-back-to-english"),
        pytest.param("chiitoitsu", "ja", "七対子", id="japanese-page"),
        pytest.param("chiitoitsu", "zh-hans", "七对子", id="simplified-chinese-page"),
        pytest.param("chiitoitsu", "zh-cn", "七对子", id="mainland-reads-as-simplified"),
        pytest.param("chiitoitsu", "zh-hant", "七對子", id="traditional-chinese-page"),
        pytest.param("ura_dora", "zh-tw", "裡寶牌", id="taiwan-reads-as-traditional"),
        pytest.param("not_a_yaku", "ko", "not_a_yaku", id="an-unknown-id-as-it-is"),
    ],
)
def test_a_yaku_name_in_the_page_language(yaku_id, lang, name):
    assert yaku_name(yaku_id, lang) == name


@pytest.mark.parametrize(
    ("yaku_id", "han", "label"),
    [
        pytest.param("dora", 2, "도라 2", id="dora-count-is-said"),
        pytest.param("dora", 1, "도라", id="one-dora-is-named-only"),
        pytest.param("aka_dora", 3, "적도라 3", id="red-fives-count-is-said"),
        pytest.param("riichi", 1, "리치", id="an-ordinary-yaku-is-named-only"),
        pytest.param("chinitsu", 6, "청일색", id="its-han-are-not-in-the-name"),
    ],
)
def test_a_yaku_as_a_results_line_names_it(yaku_id, han, label):
    assert yaku_label(yaku_id, han, "ko") == label


def test_every_yaku_has_a_name_in_every_language_of_the_engine():
    assert all(set(YAKU_NAMES[y]) == {"ko", "en", "ja", "zh-hans", "zh-hant"} for y in YAKU_IDS)
