"""Every ruleset option explains itself: an English docstring (the meaning) and, next to it, a Korean
label, a one-line Korean explanation and the rulebook part it belongs to (issue 25 item 1)."""

import dataclasses
import enum
import re
import typing

import pytest

from scoring.rule_docs import choice_label, option_docs, option_texts, value_text
from scoring.rules import PRESETS, OptionGroup, Ruleset, preset, preset_label

HANGUL = re.compile(r"[가-힣]")
FIELDS = [f.name for f in dataclasses.fields(Ruleset)]


@pytest.mark.parametrize("name", FIELDS)
def test_every_option_has_a_korean_label_explanation_and_group(name):
    text = option_texts("ko")[name]
    assert isinstance(text.group, OptionGroup), f"{name}: no rulebook part"
    assert HANGUL.search(text.label), f"{name}: no Korean label"
    assert HANGUL.search(text.help), f"{name}: no one-line Korean explanation"
    assert "\n" not in text.help, f"{name}: no one-line Korean explanation"
    assert option_docs().get(name), f"{name}: no docstring (the meaning)"


def test_labels_are_distinct_and_every_part_has_options():
    labels = [t.label for t in option_texts("ko").values()]
    assert len(labels) == len(set(labels))
    assert {t.group for t in option_texts("ko").values()} == set(OptionGroup)


def _choice_types() -> set[type[enum.Enum]]:
    out = set()
    for hint in typing.get_type_hints(Ruleset).values():
        for t in (hint, *typing.get_args(hint), *(a for h in typing.get_args(hint) for a in typing.get_args(h))):
            if isinstance(t, type) and issubclass(t, enum.Enum):
                out.add(t)
    return out


@pytest.mark.parametrize("member", [m for t in sorted(_choice_types(), key=lambda t: t.__name__) for m in t],
                         ids=lambda m: f"{type(m).__name__}.{m.name}")
def test_every_choice_is_in_korean(member):
    assert HANGUL.search(choice_label(member, "ko")), member


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_every_preset_has_a_korean_name_with_its_dates(key):
    label = preset_label(key, "ko")
    assert HANGUL.search(label), label
    assert re.search(r"\(.+\)$", label), label  # dates, a version or "날짜 없음"
    if key != "asi-shirai":  # the A.S.I. text carries no date
        assert re.search(r"\(.*\d.*\)$", label), label
    assert ("3인" in label) is preset(key).is_sanma


@pytest.mark.parametrize(("key", "label"), [
    ("juki-agit-2026", "주키 아지트 2026 (2026.01.23~)"),
    ("juki-agit-sanma-2026", "주키 아지트 2026 3인 (2026.01.23~)"),
    ("juki-agit-2023-11", "주키 아지트 2024 시즌 (2023.11.29~2024.11.30)"),
])
def test_club_presets_are_named_with_their_dates(key, label):
    assert preset_label(key, "ko") == label


@pytest.mark.parametrize(("name", "value", "shown"), [
    ("tie_rule", "seat_order", "기가(동1국 친)에 가까운 자리가 위"),
    ("uma", [30000, 10000, -10000, -30000], "30,000, 10,000, -10,000, -30,000"),
    ("kiriage", False, "아니오"),
    ("yakuman_cap", None, "없음"),
    ("local_yakuman", ["paarenchan"], "팔연장"),
    ("penalties", ["chombo", "yellow_card"], "촌보, 옐로카드"),
    ("pao_ron_honba", "liable", "책임자가 전부(텐호)"),
], ids=["an enum choice", "numbers with separators", "no", "none", "a yaku id", "penalty kinds", "a reading"])
def test_values_in_korean(name, value, shown):
    assert value_text(name, value, "ko") == shown


# Issue 40: docs/rulesets.md and docs/rules-audit.md list every option with the version that introduced it.
def _doc(name: str) -> str:
    from tests.paths import REPO

    return (REPO / "docs" / name).read_text(encoding="utf-8")


def test_rulesets_md_lists_every_option_with_its_version_and_each_presets_value():
    from scoring.rule_docs import options_markdown

    text = _doc("rulesets.md")
    table = text[text.index("| option | since | meaning |"):].split("\n\n")[0].strip()
    keys = [c.strip() for c in table.split("\n")[0].strip("|").split("|")][3:]
    assert table == options_markdown(keys), "regenerate the table with scoring.rule_docs.options_markdown"


def test_rules_audit_md_lists_every_option_with_its_version():
    from scoring.rule_docs import options_since_markdown

    assert options_since_markdown() in _doc("rules-audit.md")


def test_every_later_version_names_real_options():
    from scoring.rule_docs import _SINCE_LATER

    assert set(_SINCE_LATER) <= set(FIELDS)
