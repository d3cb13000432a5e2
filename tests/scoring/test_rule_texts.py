"""Issue 38: the ruleset's words in every language (scoring.rules.texts). Every option's label and help, every
choice, rulebook part and preset name is in each language's catalogue under the Korean source's keys; a key
missing from a file is an error, never another language; each language reads in its own script and says its
glossary's terms."""

import dataclasses
import re

import pytest

from scoring.rule_docs import choice_label, group_label, option_texts, value_text
from scoring.rules import PRESETS, OptionGroup, PaoHonba, Ruleset, TieRule, preset_label
from scoring.rules import texts as T
from tests.scoring.test_languages import _glossary, _says

OTHER_LANGUAGES = ("en", "ja", "zh-hans", "zh-hant")
HANGUL = re.compile(r"[\uac00-\ud7a3]")
KANA = re.compile(r"[\u3040-\u30ff]")
HAN = re.compile(r"[\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")
# Latin words the Japanese page may show (tests/test_language_walk.py ALLOWED_LATIN): the rulebooks' own names.
JAPANESE_LATIN = {"WRC", "EMA"}


def test_the_korean_source_has_a_key_for_every_option_choice_part_and_preset():
    keys = set(T.keys())
    for f in dataclasses.fields(Ruleset):
        assert {f"option.{f.name}", f"help.{f.name}"} <= keys, f.name
    assert {f"group.{g.name}" for g in OptionGroup} <= keys
    assert {f"preset.{key}" for key in PRESETS} <= keys
    assert {"value.none", "value.yes", "value.no"} <= keys
    assert len(keys) == 272  # 92 options x 2, 9 parts, 21 presets, 55 choices, 3 values


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_every_language_has_every_key_and_no_other(lang):
    keys = set(T.texts(lang))
    assert sorted(set(T.keys()) - keys) == [], "missing in the language's file"
    assert sorted(keys - set(T.keys())) == [], "keys the Korean source does not have"
    assert [key for key, text in T.texts(lang).items() if not text.strip() or "\n" in text] == []


def test_a_key_missing_from_a_language_is_an_error_not_another_language():
    with pytest.raises(KeyError):
        T.text("option.not_an_option", "ja")


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_every_language_reads_in_its_own_script(lang):
    texts = T.texts(lang)
    assert [k for k, t in texts.items() if HANGUL.search(t)] == []
    if lang == "en":
        assert [k for k, t in texts.items() if KANA.search(t) or HAN.search(t)] == []
    if lang == "ja":
        assert [k for k, t in texts.items() if set(LATIN_WORD.findall(t)) - JAPANESE_LATIN] == []
        assert [k for k, t in texts.items() if not (KANA.search(t) or HAN.search(t))] == []
    if lang.startswith("zh"):
        assert [k for k, t in texts.items() if KANA.search(t)] == []
        assert [k for k, t in texts.items() if not HAN.search(t)] == []


# Characters written one way in Simplified and another in Traditional Chinese (the glossary's and the rules' own).
SIMPLIFIED_ONLY = "庄场荣风铳点数规则杠满听宝闲击顺马奖录错罚连双响东战终时对为"
TRADITIONAL_ONLY = "莊場榮風銃點數規則槓滿聽寶閒擊順馬獎錄錯罰連雙響東戰終時對為"


@pytest.mark.parametrize(("lang", "foreign"), [("zh-hans", TRADITIONAL_ONLY), ("zh-hant", SIMPLIFIED_ONLY)])
def test_simplified_and_traditional_chinese_are_written_apart(lang, foreign):
    assert [key for key, text in T.texts(lang).items() if set(text) & set(foreign)] == []


# Where the English says a glossary word in another sense, or the language names the thing otherwise.
NOT_A_TERM = {
    # Chinese names the abortive draw of three rons 三家和了, as Chinese rule texts do
    ("zh-hans", "ron", "choice.Abort.triple_ron"), ("zh-hant", "ron", "choice.Abort.triple_ron"),
}


@pytest.mark.parametrize("lang", [lang for lang in OTHER_LANGUAGES if lang != "en"])
def test_every_text_says_the_glossarys_terms(lang):
    """Where the English says a glossary term (riichi, ron, honba, stick, chombo...), the language says its own
    word for it (docs/glossary/*.tsv). Korean is the source and not checked here: its words are the club's."""
    english, texts = T.texts("en"), T.texts(lang)
    misses = [f"{key}: {en!r} -> {term!r}" for key in english for en, term in _glossary(lang)
              if (lang, en, key) not in NOT_A_TERM and _says(english[key], en) and term not in texts[key]]
    assert misses == []


@pytest.mark.parametrize(("lang", "en", "key"), sorted(NOT_A_TERM))
def test_every_exception_is_one_the_rule_would_ask_for(lang, en, key):
    term = dict(_glossary(lang))[en]
    assert _says(T.texts("en")[key], en)
    assert term not in T.texts(lang)[key]


# A few options, choices and presets in each language, as a player of the language reads them.
@pytest.mark.parametrize(("lang", "option", "label"), [
    ("ko", "honba_value", "본장 점수"),
    ("en", "honba_value", "Honba value"),
    ("ja", "honba_value", "本場の点数"),
    ("zh-hans", "honba_value", "本场点数"),
    ("zh-hant", "honba_value", "本場點數"),
    ("ko", "riichi_min_points", "리치 최소 점수"),
    ("en", "riichi_min_points", "Minimum points for riichi"),
    ("ja", "riichi_min_points", "リーチの最低点数"),
    ("zh-hans", "riichi_min_points", "立直最低点数"),
    ("zh-hant", "riichi_min_points", "立直最低點數"),
    ("ko", "tobi", "토비(들통)"),
    ("en", "tobi", "Tobi (bust)"),
    ("ja", "tobi", "トビ（箱下）"),
    ("zh-hans", "tobi", "击飞"),
    ("zh-hant", "tobi", "擊飛"),
    ("ja", "leftover_sticks", "残った供託"),
    ("zh-hans", "leftover_sticks", "剩余供托"),
    ("zh-hant", "leftover_sticks", "剩餘供託"),
])
def test_an_options_label_in_each_language(lang, option, label):
    assert option_texts(lang)[option].label == label


@pytest.mark.parametrize(("lang", "group", "choice", "preset"), [
    ("ko", "책임지불", "반장전(동·남)", "텐호 반장전 (2022)"),
    ("en", "Pao (liability)", "Hanchan (East and South)", "Tenhou hanchan (2022)"),
    ("ja", "パオ（責任払い）", "半荘戦（東・南）", "天鳳 半荘戦（2022）"),
    ("zh-hans", "包牌（责任支付）", "半庄战（东·南）", "天凤 半庄战（2022）"),
    ("zh-hant", "包牌（責任支付）", "半莊戰（東·南）", "天鳳 半莊戰（2022）"),
])
def test_a_part_a_choice_and_a_preset_in_each_language(lang, group, choice, preset):
    from scoring.rules import GameLength

    assert group_label(OptionGroup.PAO, lang) == group
    assert choice_label(GameLength.HANCHAN, lang) == choice
    assert preset_label("tenhou", lang) == preset


@pytest.mark.parametrize(("lang", "penalties", "kiriage", "cap"), [
    ("ko", "촌보, 옐로카드", "아니오", "없음"),
    ("en", "chombo, yellow card", "No", "None"),
    ("ja", "チョンボ、イエローカード", "いいえ", "なし"),
    ("zh-hans", "错和、黄牌", "否", "无"),
    ("zh-hant", "錯和、黃牌", "否", "無"),
])
def test_values_read_in_each_language(lang, penalties, kiriage, cap):
    assert value_text("penalties", ["chombo", "yellow_card"], lang) == penalties
    assert value_text("kiriage", False, lang) == kiriage
    assert value_text("yakuman_cap", None, lang) == cap


def test_a_page_language_code_reads_as_its_catalogue():
    assert option_texts("zh-tw")["tobi"].label == "擊飛"
    assert option_texts("ja-JP")["tobi"].label == "トビ（箱下）"
    assert option_texts("ko-kr")["tobi"].label == "토비(들통)"


def test_two_enums_choices_with_one_value_keep_their_own_words():
    """TieRule.SPLIT and PaoHonba.SPLIT are both "split" (equal as strings): each keeps its own words."""
    assert choice_label(TieRule.SPLIT, "ko") == "우마·오카를 나눔"
    assert choice_label(PaoHonba.SPLIT, "ko") == "반씩"
    assert choice_label(TieRule.SPLIT, "en") == "Share the uma and oka"
    assert choice_label(PaoHonba.SPLIT, "en") == "Half each"
