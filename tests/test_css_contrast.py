"""WCAG AA for the colours people read at the table and in the header (issue 25.9).

The colours are read from the stylesheets themselves (custom properties resolved from ``:root``),
and the contrast ratio is WCAG 2.x's: (L1 + 0.05) / (L2 + 0.05) of the relative luminances.
Normal-size text needs 4.5:1 (the dealer badge is .78rem, the header links 1rem)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[1] / "static"
AA_TEXT = 4.5


def _rules(path: Path) -> dict[str, dict[str, str]]:
    """Selector -> declarations, from a stylesheet without nesting (comments and @media dropped)."""
    css = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)
    out: dict[str, dict[str, str]] = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        decls = {k.strip(): v.strip() for k, _, v in (d.partition(":") for d in body.split(";")) if v.strip()}
        for selector in selectors.split(","):
            out.setdefault(" ".join(selector.split()), {}).update(decls)
    return out


def _colour(rules: dict[str, dict[str, str]], value: str) -> str:
    root = rules.get(":root", {})
    while (m := re.fullmatch(r"var\((--[\w-]+)\)", value)):
        value = root[m.group(1)]
    return value


def _luminance(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    channels = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize(("a", "b", "ratio"), [("#000", "#fff", 21.0), ("#fff", "#fff", 1.0), ("#777", "#fff", 4.48)],
                         ids=["black on white is 21:1", "same colour is 1:1", "#777 on white just fails AA"])
def test_contrast_formula(a, b, ratio):
    assert contrast(a, b) == pytest.approx(ratio, abs=0.01)


# (stylesheet, selector of the text colour, selector of the background it sits on)
PAIRS = [
    pytest.param("league/table.css", ".seat .badge-dealer", ".seat .badge-dealer", id="the dealer badge"),
    pytest.param("league/table.css", ".seat .badge.renchan", ".seat .badge.renchan", id="the renchan badge"),
    pytest.param("css/app.css", ".site-header a", ".site-header", id="the header links on the header"),
]


@pytest.mark.parametrize(("sheet", "fg", "bg"), PAIRS)
def test_text_meets_wcag_aa(sheet, fg, bg):
    rules = _rules(STATIC / sheet)
    colour = _colour(rules, rules[fg]["color"])
    background = _colour(rules, rules[bg].get("background-color") or rules[bg]["background"])
    ratio = contrast(colour, background)
    assert ratio >= AA_TEXT, f"{fg}: {colour} on {background} is {ratio:.2f}:1"


def test_header_links_are_44px_targets():
    rules = _rules(STATIC / "css/app.css")
    for selector in (".site-nav a", ".site-nav .link"):
        assert rules.get(selector, {}).get("min-height") in ("44px", "2.75rem"), selector
