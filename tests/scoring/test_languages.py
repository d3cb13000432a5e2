"""The engine in every language (issue 38): one catalogue per language with the English keys and
fields, the terms of each language's glossary (docs/glossary/), a refusal per language through
``ScoringError.localized`` and through ``python -m scoring --lang``."""

import csv
import json
import pathlib
import re
import string
import subprocess
import sys

import pytest

from scoring import messages as M
from scoring.errors import ScoringError
from scoring.game import replay

CATALOGUE = M.catalogue()
GLOSSARY_DIR = pathlib.Path(__file__).resolve().parents[2] / "docs" / "glossary"
TRANSLATED = ("ko", "ja", "zh-hans", "zh-hant")
GLOSSARY_FILE = {"ko": "ko", "ja": "ja", "zh-hans": "zh-Hans", "zh-hant": "zh-Hant"}
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]")
# Fragments that read the same in every language (a record code, a number).
SAME_IN_EVERY_LANGUAGE = {"WHAT_PAO_YAKUMAN", "NO_RED"}


def _fields(template: str) -> set[tuple[str, str | None, str | None]]:
    return {(name, conversion, spec) for _, name, spec, conversion in string.Formatter().parse(template)
            if name is not None}


def test_every_language_of_the_engine_has_a_catalogue_and_a_glossary():
    assert M.LANGUAGES == ("en", "ko", "ja", "zh-hans", "zh-hant")
    assert {path.stem for path in GLOSSARY_DIR.glob("*.tsv")} == set(GLOSSARY_FILE.values())


@pytest.mark.parametrize("lang", ["ja", "zh-hans", "zh-hant"])
def test_a_catalogue_file_has_every_key_and_no_other(lang):
    keys = set(M.translations(lang))
    assert sorted(set(CATALOGUE) - keys) == [], "missing in the catalogue file"
    assert sorted(keys - set(CATALOGUE)) == [], "keys the English catalogue does not have"


@pytest.mark.parametrize("lang", ["ja", "zh-hans", "zh-hant"])
def test_every_template_keeps_the_english_fields_and_is_in_its_language(lang):
    templates = M.templates(lang)
    wrong_fields = [key for key, message in CATALOGUE.items() if _fields(templates[key]) != _fields(message.en)]
    assert wrong_fields == []
    untranslated = [key for key, text in templates.items()
                    if key not in SAME_IN_EVERY_LANGUAGE and not CJK.search(text)]
    assert untranslated == []


def test_a_catalogue_message_missing_from_a_file_is_an_error_not_english():
    with pytest.raises(KeyError):
        M.render(M.Message("A message.", "메시지.", key="NOT_IN_ANY_CATALOGUE"), "ja")


def test_a_message_made_outside_the_catalogue_reads_its_own_texts_or_english():
    made = M.Message("Cancelled", "취소됨", texts={"ja": "キャンセル"})
    assert [M.render(made, lang) for lang in ("ja", "zh-hans", "ko")] == ["キャンセル", "Cancelled", "취소됨"]


# --- the glossaries -------------------------------------------------------------------------

def _glossary(lang: str) -> list[tuple[str, str]]:
    with (GLOSSARY_DIR / f"{GLOSSARY_FILE[lang]}.tsv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.reader(fh, delimiter="\t"))
    assert rows[0] == ["en", GLOSSARY_FILE[lang]]
    return [(en, term) for en, term in rows[1:]]


def _says(english: str, term: str) -> bool:
    """Whether an English template (fields left out) uses the term as a word: "stick" in "riichi stick(s)" and
    "sticks", "dealer" in "dealer's"; not "dealer" in "non-dealer" or "dealer_renchan", nor "han" in "hanchan"."""
    text = re.sub(r"\{[^{}]*\}", " ", english)
    return re.search(rf"(?<![\w-]){re.escape(term)}(?:s|\(s\))?(?![\w-])", text, re.IGNORECASE) is not None


# Where the English names a record code or says a word in another sense, no term is asked for.
NOT_A_TERM = {
    # a list of the record's codes (ron, tsumo, draw, chombo...), written as they are
    ("*", "UNKNOWN_EVENT_KIND"), ("*", "MELD_UNKNOWN_KIND"),
    # "draw" as drawing a tile (the first draw, who drew last), not an exhaustive draw
    ("draw", "TENHOU_DEALER"), ("draw", "TENHOU_SHAPE"), ("draw", "CHIIHOU_NOT_DEALER"), ("draw", "CHIIHOU_SHAPE"),
    ("draw", "NO_RENHOU"), ("draw", "RENHOU_SHAPE"), ("draw", "REPLAY_TSUMO_NOT_LAST"),
}
# Per language: where the language's catalogue says it another way (the reason beside each).
NOT_A_TERM_IN = {
    "ko": {
        # the Korean names the field ('flowers') without the word
        ("flower", "FLOWERS_NOT_WHOLE"),
        # Korean says 올라스 here, 오라스 elsewhere: to settle with the Korean pages
        ("all-last", "STOP_NOT_AWAITED"), ("all-last", "STOP_NOT_AWAITED_MIN"), ("all last", "PHRASES.all_last"),
        # a triple ron is entered as 유국(삼가화); leftover sticks are 공탁
        ("abortive draw", "TRIPLE_RON_ABORT"), ("stick", "TENHOU_FINAL_SCORES"),
    },
}


def _misses(lang: str) -> list[str]:
    allowed = NOT_A_TERM | NOT_A_TERM_IN.get(lang, set())
    templates = M.templates(lang)
    return [f"{key}: {en!r} -> {term!r}"
            for key, message in CATALOGUE.items()
            for en, term in _glossary(lang)
            if ("*", key) not in allowed and (en, key) not in allowed
            and _says(message.en, en) and term not in templates[key]]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_says_the_glossarys_terms(lang):
    assert _misses(lang) == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_exception_is_one_the_rule_would_ask_for(lang):
    """An exception whose English no longer says the term (or whose term is now said) is taken out."""
    glossary = dict(_glossary(lang))
    for en, key in sorted(NOT_A_TERM_IN.get(lang, set())):
        assert _says(CATALOGUE[key].en, en), (en, key)
        assert glossary[en] not in M.templates(lang)[key], (en, key)
    for en, key in sorted(NOT_A_TERM - {e for e in NOT_A_TERM if e[0] == "*"}):
        assert _says(CATALOGUE[key].en, en), (en, key)


def test_the_glossaries_have_the_same_english_terms():
    terms = {lang: [en for en, _ in _glossary(lang)] for lang in TRANSLATED}
    assert all(column == terms["ja"] for column in terms.values())
    assert len(set(terms["ja"])) == len(terms["ja"])


@pytest.mark.parametrize(
    ("english", "term", "says"),
    [
        pytest.param("with {sticks} riichi stick(s) on the table", "stick", True, id="a-plural-in-brackets"),
        pytest.param("the dealer's seat wind", "dealer", True, id="a-possessive"),
        pytest.param("a non-dealer's win", "dealer", False, id="not-inside-a-hyphenated-word"),
        pytest.param("dealer_renchan cannot be negative", "dealer", False, id="not-inside-a-code"),
        pytest.param("{han} han", "han", True, id="the-word-not-the-field"),
        pytest.param("the hanchan", "han", False, id="not-inside-a-word"),
    ],
)
def test_what_counts_as_the_english_term(english, term, says):
    assert _says(english, term) is says


# --- a refusal in every language --------------------------------------------------------------

PLAYERS = ["Aoi", "Bo", "Chen", "Dana"]


def _refusal(*hands: dict) -> ScoringError:
    with pytest.raises(ScoringError) as exc:
        replay({"ruleset": "juki-agit-2026", "players": PLAYERS, "hands": list(hands)})
    return exc.value


OWN_DISCARD = {"kind": "ron", "loser": 1, "wins": [{"winner": 1, "han": 3, "fu": 30}]}
NO_SUCH_LOSER = {"kind": "ron", "loser": 7, "wins": [{"winner": 1, "han": 1, "fu": 30}]}
NO_YAKU = {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "hand": {"tiles": "123m456p789s11z234s", "win": "4s"}}]}


@pytest.mark.parametrize(
    ("lang", "own_discard", "no_such_loser", "no_yaku"),
    [
        pytest.param("ko", "Bo은(는) 자신이 버린 패로 론 화료할 수 없습니다.",
                     "7번 플레이어는 없습니다: 방총자(론 당한 사람)은 0부터 3까지여야 합니다.",
                     "Bo의 손패: 역이 없습니다(도라만으로는 화료할 수 없습니다).", id="ko"),
        pytest.param("ja", "Boは自分の捨て牌でロンアガリできません。",
                     "プレイヤー7はいません。放銃者は0から3まででなければなりません。",
                     "Boの手牌：役がありません（ドラだけではアガれません）。", id="ja"),
        pytest.param("zh-hans", "Bo不能荣和自己打出的牌。",
                     "没有玩家7：放铳者必须在0到3之间。",
                     "Bo的手牌：这手牌没有役（只有宝牌不能和牌）。", id="zh-hans"),
        pytest.param("zh-hant", "Bo不能榮和自己打出的牌。",
                     "沒有玩家7：放銃者必須在0到3之間。",
                     "Bo的手牌：這手牌沒有役（只有寶牌不能和牌）。", id="zh-hant"),
    ],
)
def test_a_refusal_in_every_language(lang, own_discard, no_such_loser, no_yaku):
    assert _refusal(OWN_DISCARD).localized(lang) == own_discard
    assert _refusal(NO_SUCH_LOSER).localized(lang) == no_such_loser  # a fragment (the loser) in the language too
    assert _refusal(NO_YAKU).localized(lang) == no_yaku  # the hand's refusal inside the game's


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        pytest.param("ko", "플레이어 3은 800점으로는 리치를 선언할 수 없습니다(최소 1,000점).", id="ko"),
        pytest.param("ja", "プレイヤー3は800点ではリーチできません（最低1,000点）。", id="ja"),
        pytest.param("zh-hans", "玩家3只有800点，不能立直（至少1,000点）。", id="zh-hans"),
        pytest.param("zh-hant", "玩家3只有800點，不能立直（至少1,000點）。", id="zh-hant"),
    ],
)
def test_an_unnamed_seat_reads_in_every_language(lang, expected):
    error = ScoringError(M.RIICHI_MIN_POINTS, who=M.player_label(2), points=800, minimum=1000)
    assert error.localized(lang) == expected


@pytest.mark.parametrize(
    ("code", "lang"),
    [
        ("ko", "ko"), ("ko-KR", "ko"), ("ko_kr", "ko"),
        ("ja", "ja"), ("ja-JP", "ja"), ("ja_jp", "ja"),
        ("zh", "zh-hans"), ("zh-hans", "zh-hans"), ("zh-Hans", "zh-hans"), ("zh-cn", "zh-hans"), ("zh_CN", "zh-hans"),
        ("zh-sg", "zh-hans"), ("zh-Hans-CN", "zh-hans"),
        ("zh-hant", "zh-hant"), ("zh-Hant", "zh-hant"), ("zh-tw", "zh-hant"), ("zh_TW", "zh-hant"),
        ("zh-hk", "zh-hant"), ("zh-mo", "zh-hant"), ("zh-Hant-TW", "zh-hant"),
        ("en", "en"), ("en-GB", "en"), ("fr", "en"), ("", "en"), (None, "en"),
    ],
)
def test_a_page_language_reads_as_the_catalogues(code, lang):
    assert M.language(code) == lang


def test_a_list_of_rule_words_is_joined_as_each_language_joins_one():
    words = M.listing([M.phrase("daisangen"), M.phrase("suukantsu")])
    assert [M.render(words, lang) for lang in M.LANGUAGES] == [
        "daisangen, suukantsu", "대삼원, 스깡츠", "大三元、四槓子", "大三元、四杠子", "大三元、四槓子"]


# --- the command line ---------------------------------------------------------------------------

def _cli(*args: str, record: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scoring", *args], input=json.dumps(record),
                          capture_output=True, text=True, encoding="utf-8")


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        pytest.param("ja", "Boは自分の捨て牌でロンアガリできません。", id="ja"),
        pytest.param("zh-Hans", "Bo不能荣和自己打出的牌。", id="zh-Hans"),
        pytest.param("zh-Hant", "Bo不能榮和自己打出的牌。", id="zh-Hant"),
        pytest.param("zh-TW", "Bo不能榮和自己打出的牌。", id="zh-TW-reads-as-zh-Hant"),
        pytest.param("ko", "Bo은(는) 자신이 버린 패로 론 화료할 수 없습니다.", id="ko"),
    ],
)
def test_the_cli_prints_the_refusal_in_the_language(lang, message):
    proc = _cli("game", "--lang", lang, "-",
                record={"ruleset": "juki-agit-2026", "players": PLAYERS, "hands": [OWN_DISCARD]})
    assert proc.returncode == 2
    assert json.loads(proc.stdout) == {"error": {"hand": 0, "message": message}}
    assert proc.stderr == ""


def test_the_cli_refuses_a_language_it_has_no_messages_in():
    proc = _cli("game", "--lang", "fr", "-", record={"ruleset": "juki-agit-2026", "players": PLAYERS, "hands": []})
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "no messages in 'fr'; use one of en, ko, ja, zh-Hans, zh-Hant" in proc.stderr


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        pytest.param("en", "The winning tile is a red five (0p), but the tiles hold no red pin five.", id="en"),
        pytest.param("ko", "화료패가 적5(0p)인데 손패에 통수 적5가 없습니다.", id="ko"),
        pytest.param("ja", "和了牌は赤5（0p）ですが、手牌に筒子の赤5がありません。", id="ja"),
        pytest.param("zh-hans", "和牌张是赤五（0p），但手牌中没有筒子的赤五。", id="zh-hans"),
        pytest.param("zh-hant", "和牌張是赤五（0p），但手牌中沒有筒子的赤五。", id="zh-hant"),
    ],
)
def test_a_hand_refusal_names_the_suit_in_the_language(lang, expected):
    pytest.importorskip("scoring.hand")
    from scoring.hand.parse import parse_hand
    from scoring.rules import resolve

    with pytest.raises(ScoringError) as exc:
        parse_hand({"tiles": "123m456p789s11z234s", "win": "0p", "seat_wind": "S", "round_wind": "E"},
                   resolve("asi-shirai"))
    assert exc.value.localized(lang) == expected
