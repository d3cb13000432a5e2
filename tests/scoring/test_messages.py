"""The refusal catalogue: every refusal has a Korean text, every raise uses the catalogue,
and a Korean table host reads the refusal in Korean with the players' names."""

import ast
import pathlib
import pickle
import re
import string

import pytest

import scoring
from scoring import messages as M
from scoring.errors import HandError, ScoringError
from scoring.game import replay

PLAYERS = ["김민준", "이서연", "박도윤", "최하은"]
CATALOGUE = M.catalogue()
SCORING = pathlib.Path(scoring.__file__).parent
HANGUL = re.compile(r"[가-힣]")
# Fragments whose Korean is the same code or number as the English.
SAME_IN_KOREAN = {"WHAT_PAO_YAKUMAN", "NO_RED"}


def _fields(template: str) -> set[tuple[str, str | None]]:
    """Field names (with their conversion) of a str.format template."""
    return {(name, conversion) for _, name, _, conversion in string.Formatter().parse(template) if name is not None}


def test_the_catalogue_is_not_empty():
    assert len(CATALOGUE) > 150


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_template_has_a_korean_text_with_the_same_fields(key):
    message = CATALOGUE[key]
    assert message.key == key
    assert _fields(message.ko) == _fields(message.en)
    if key not in SAME_IN_KOREAN:
        assert HANGUL.search(message.ko), f"{key}: no Korean text"
    # Player labels come in fields only, so a record's names can replace them.
    assert "Player " not in message.en


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_korean_spec_is_a_particle_or_the_english_spec(key):
    message = CATALOGUE[key]
    en_specs = {name: spec for _, name, spec, _ in string.Formatter().parse(message.en) if name is not None}
    for _, name, spec, _ in string.Formatter().parse(message.ko):
        if name is not None:
            assert spec == en_specs[name] or spec in ("은", "이", "을", "과", "으로")


def _raise_sites():
    for path in sorted(SCORING.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                "ScoringError", "HandError",
            ):
                yield f"{path.relative_to(SCORING.parent)}:{node.lineno}", node


def _is_text(node: ast.AST) -> bool:
    """A message written at the raise site: a literal, f-string, concatenation or formatting."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _is_text(node.left) or _is_text(node.right) or isinstance(node.op, ast.Mod)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"):
        return True
    if isinstance(node, ast.IfExp):
        return _is_text(node.body) or _is_text(node.orelse)
    return False


def test_no_raise_writes_its_own_message():
    sites = list(_raise_sites())
    assert len(sites) > 150
    bad = [where for where, call in sites if not call.args or _is_text(call.args[0])]
    assert bad == []


def test_raise_sites_name_catalogue_messages():
    for where, call in _raise_sites():
        arg = call.args[0]
        if isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name) and arg.value.id == "M":
            assert arg.attr in CATALOGUE, where


def _refusal(ruleset: str, *hands: dict) -> ScoringError:
    with pytest.raises(ScoringError) as exc:
        replay({"ruleset": ruleset, "players": PLAYERS, "hands": list(hands)})
    return exc.value


def test_a_ron_on_ones_own_discard_in_korean():
    error = _refusal("juki-agit-2026", {"kind": "ron", "loser": 1, "wins": [{"winner": 1, "han": 3, "fu": 30}]})
    assert error.message == "이서연 cannot win by ron on their own discard."
    assert error.localized("ko") == "이서연은 자신이 버린 패로 론 화료할 수 없습니다."
    assert error.localized("ko-kr") == error.localized("ko_KR") == error.localized("ko")
    assert error.localized("en") == error.localized(None) == error.localized("fr") == error.message


def test_riichi_below_the_minimum_in_korean():
    error = _refusal(
        "juki-agit-2026",
        {"kind": "penalty", "type": "ruling", "player": 1, "amount": 24400, "to": 0},
        {"kind": "draw", "tenpai": []},
        {"kind": "draw", "tenpai": [1], "riichi": [1]},
    )
    assert error.hand == 2
    assert error.message == "이서연 cannot declare riichi with 600 points (minimum 1,000)."
    assert error.localized("ko") == "이서연은 600점으로는 리치를 선언할 수 없습니다(최소 1,000점)."


def test_an_agari_forbidden_win_in_korean():
    error = _refusal(
        "asi-shirai",
        {"kind": "penalty", "player": 2, "type": "agari_forbidden"},
        {"kind": "ron", "loser": 0, "wins": [{"winner": 2, "han": 2, "fu": 30}]},
    )
    assert error.localized("ko") == "박도윤은 이번 국에 화료 금지 상태이므로 화료할 수 없습니다."


def test_a_hand_refusal_inside_a_game_refusal_in_korean():
    error = _refusal(
        "juki-agit-2026",
        {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "hand": {"tiles": "123m456p789s11z234s", "win": "4s"}}]},
    )
    assert error.message == "이서연's hand: The hand has no yaku (dora alone do not make a win)."
    assert error.localized("ko") == "이서연의 손패: 역이 없습니다(도라만으로는 화료할 수 없습니다)."


def test_fragments_are_translated_too():
    error = _refusal("juki-agit-2026", {"kind": "ron", "loser": 7, "wins": [{"winner": 1, "han": 1, "fu": 30}]})
    assert error.message == "There is no player 7: the loser (discarder) must be from 0 to 3."
    assert error.localized("ko") == "7번 플레이어는 없습니다: 방총자(론 당한 사람)은 0부터 3까지여야 합니다."


def test_unnamed_player_labels_read_in_korean():
    error = ScoringError(M.RIICHI_MIN_POINTS, who=M.player_label(2), points=800, minimum=1000)
    assert error.message == "Player 3 cannot declare riichi with 800 points (minimum 1,000)."
    assert error.localized("ko") == "플레이어 3은 800점으로는 리치를 선언할 수 없습니다(최소 1,000점)."
    assert error.naming(PLAYERS).localized("ko") == "박도윤은 800점으로는 리치를 선언할 수 없습니다(최소 1,000점)."


def test_naming_keeps_the_class_hand_and_cause():
    cause = KeyError("x")
    error = HandError(M.PAO_OWN_WIN, who="Player 4", hand=2)
    error.__cause__ = cause
    named = error.naming(PLAYERS)
    assert type(named) is HandError
    assert named.hand == 2
    assert named.__cause__ is cause
    assert named.message == "최하은 cannot be liable (pao) for their own win."
    assert named.localized("ko") == "최하은은 자신의 화료에 책임지불(파오)을 할 수 없습니다."


def test_a_plain_text_error_has_no_translation():
    error = ScoringError("Something else.", hand=1)
    assert error.localized("ko") == "Something else."
    assert error.template is None
    with pytest.raises(TypeError):
        ScoringError("Something {x}.", x=1)


def test_errors_survive_pickling():
    error = ScoringError(M.HAN_NEEDS_FU, han=3, hand=4)
    copy = pickle.loads(pickle.dumps(error))
    korean = "3판 화료는 부를 함께 입력해야 합니다."
    assert (copy.message, copy.hand, copy.localized("ko")) == (error.message, 4, korean)


@pytest.mark.parametrize(
    ("word", "spec", "expected"),
    [
        ("이서연", "은", "이서연은"), ("김민준", "은", "김민준은"), ("최하은", "는", "최하은은"),
        ("박도윤", "이", "박도윤이"), ("서지우", "이", "서지우가"), ("서지우", "을", "서지우를"),
        ("플레이어 2", "은", "플레이어 2는"), ("플레이어 3", "은", "플레이어 3은"),
        ("서울", "으로", "서울로"), ("부산", "으로", "부산으로"), ("하나", "과", "하나와"),
        ("Bob", "은", "Bob은(는)"),
    ],
)
def test_particles_follow_the_last_sound(word, spec, expected):
    assert M.particle(word, spec) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("최하늘(으)로 체크인", "최하늘로 체크인", id="으로-after-ㄹ-final-is-로"),
        pytest.param("김관리(으)로 합쳐짐", "김관리로 합쳐짐", id="으로-after-a-vowel-is-로"),
        pytest.param("정민준(으)로 합쳐짐", "정민준으로 합쳐짐", id="으로-after-a-consonant"),
        pytest.param("강서연은(는) 이미 있습니다", "강서연은 이미 있습니다", id="은-after-a-consonant"),
        pytest.param("윤하은와(과) 조도윤을(를)", "윤하은과 조도윤을", id="two-in-one-text"),
        pytest.param("김관리이(가) 필요", "김관리가 필요", id="가-after-a-vowel"),
        pytest.param("“박진행”은(는) 승인 대기", "“박진행”은 승인 대기", id="after-a-closing-quote"),
        pytest.param("테이블 3을(를)", "테이블 3을", id="after-a-digit-read-삼"),
        pytest.param("Bob(으)로 체크인", "Bob(으)로 체크인", id="latin-name-stays-doubled"),
        pytest.param("(으)로 시작", "(으)로 시작", id="nothing-before-stays"),
    ],
)
def test_doubled_particles_settle_on_the_word_before(text, expected):
    assert M.settle_particles(text) == expected
