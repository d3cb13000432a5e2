"""The quick entry's result panels are rendered once per ruleset, seat count and dealer, every table's names put in
(``league/web/templatetags/panels.py``): what is remembered must be what a fresh render gives, for every
form it is served to, and a form holding answers is never served the remembered panels."""
from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from league.games.entry_screen import EntryContext
from league.web.games.forms import HandEntryForm
from league.web.templatetags import panels
from scoring.rules.presets import PRESETS, preset

NAMES = ["김 <동>", "이&서", "박준", "최"]


def _table(ruleset, *, dealer=0, dealer_min_han=None, scores=None, riichi_ok=None, position=3, names=NAMES, **more):
    n = ruleset.players
    return EntryContext(players=names[:n], ruleset=ruleset, scores=scores or [25000] * n, dealer=dealer,
                        position=position, riichi_ok=riichi_ok or [True] * n, dealer_min_han=dealer_min_han, **more)


def _fresh(form) -> str:
    return render_to_string(panels.TEMPLATE, {"form": form})


@pytest.fixture(autouse=True)
def _empty_memo():
    panels.forget()
    yield
    panels.forget()


@pytest.mark.parametrize("key", sorted(PRESETS))
@pytest.mark.parametrize("dealer_min_han", [None, 2], ids=["no-dealer-minimum", "dealer-minimum"])
def test_remembered_panels_are_what_a_fresh_render_gives(key, dealer_min_han):
    """Same key, everything else different (scores, riichi, marks, renchan, position): same panels."""
    ruleset = preset(key)
    n = ruleset.players
    first = HandEntryForm(table=_table(ruleset, dealer=1, dealer_min_han=dealer_min_han))
    served = panels.panels_markup(first)
    assert served == _fresh(first)
    later = HandEntryForm(table=_table(
        ruleset, dealer=1, dealer_min_han=dealer_min_han, scores=[31000, 12000, 40000, 17000][:n],
        riichi_ok=[False, True, True, False][:n], position=9, renchan=3, yellow_cards=[1] + [0] * (n - 1),
        penalty_points=[0] * n, agari_forbidden=[False] * (n - 1) + [True]))
    assert later.panels_key() == first.panels_key()
    assert panels.panels_markup(later) == _fresh(later)


@pytest.mark.parametrize("change", ["dealer", "dealer_minimum", "ruleset", "language"])
def test_what_the_panels_show_is_in_their_key(change):
    ruleset = preset("juki-agit-2026")
    base = HandEntryForm(table=_table(ruleset, dealer=0, dealer_min_han=2))
    other_table = {
        "dealer": _table(ruleset, dealer=2, dealer_min_han=2),
        "dealer_minimum": _table(ruleset, dealer=0, dealer_min_han=None),
        "ruleset": _table(preset("m-league"), dealer=0, dealer_min_han=2),
        "language": _table(ruleset, dealer=0, dealer_min_han=2),
    }[change]
    with translation.override("ko"):
        panels.panels_markup(base)
        base_key = base.panels_key()
    with translation.override("en" if change == "language" else "ko"):
        other = HandEntryForm(table=other_table)
        assert other.panels_key() != base_key
        assert panels.panels_markup(other) == _fresh(other)


@pytest.mark.parametrize("key", sorted(PRESETS))
@pytest.mark.parametrize("dealer_min_han", [None, 2], ids=["no-dealer-minimum", "dealer-minimum"])
def test_every_table_of_a_ruleset_is_served_one_render_with_its_own_names(key, dealer_min_han, monkeypatch):
    """A club night's tables differ by their players only: one render serves them all, each with its names
    where a fresh render of its own puts them (tap labels, the multi-ron winners, pao's choices)."""
    ruleset = preset(key)
    n = ruleset.players
    renders = []
    real = panels._render_marked
    monkeypatch.setattr(panels, "_render_marked", lambda form: renders.append(form) or real(form))
    tables = [NAMES, ["가", "나", "다", "라"], ["Tom O'Neil", 'A "B"', "x&amp;y", "<script>"],
              # names that look like the marks the remembered render holds: put in as typed, never read again
              ["\ue0001\ue001", "\ue000", "\ue001", "김"]]
    for names in tables:
        form = HandEntryForm(table=_table(ruleset, dealer=1, dealer_min_han=dealer_min_han, names=names[:n]))
        assert panels.panels_markup(form) == _fresh(form)
    assert len(renders) == 1


def test_the_dealers_winner_tap_is_marked_only_while_the_dora_question_applies():
    ruleset = preset("juki-agit-2026")
    asked = panels.panels_markup(HandEntryForm(table=_table(ruleset, dealer=2, dealer_min_han=2)))
    plain = panels.panels_markup(HandEntryForm(table=_table(ruleset, dealer=2)))
    assert '<label class="is-dealer"><input type="radio" name="ron_winner" value="2"' in asked
    assert "is-dealer" not in plain
    assert 'data-testid="dealer-dora"' not in plain


@pytest.mark.parametrize("how", ["posted", "edit-initial", "other-kind"])
def test_a_form_with_answers_is_rendered_with_them(how):
    ruleset = preset("juki-agit-2026")
    table = _table(ruleset)
    panels.panels_markup(HandEntryForm(table=table))  # the unanswered panels are remembered
    form = {
        "posted": lambda: HandEntryForm({"position": "3", "kind": "tsumo", "tsumo_winner": "2", "tsumo_value": "3-30"},
                                        table=table),
        "edit-initial": lambda: HandEntryForm(table=table, initial={"kind": "tsumo", "tsumo_winner": "2"}),
        "other-kind": lambda: HandEntryForm(table=table, initial={"kind": "draw"}),
    }[how]()
    assert form.panels_key() is None
    html = panels.panels_markup(form)
    assert html == _fresh(form)
    if how != "other-kind":
        assert 'name="tsumo_winner" value="2" id="id_tsumo_winner_2" checked' in html.replace("\n", "")


def test_names_are_escaped_in_the_remembered_panels():
    html = panels.panels_markup(HandEntryForm(table=_table(preset("juki-agit-2026"))))
    assert "김 &lt;동&gt;" in html
    assert "이&amp;서" in html
    assert "<동>" not in html


def test_an_edited_template_is_rendered_again_by_runserver(tmp_path):
    from pathlib import Path

    from django.utils.autoreload import file_changed

    from league.web.templatetags import value_grid

    form = HandEntryForm(table=_table(preset("juki-agit-2026")))
    panels.panels_markup(form)
    value_grid.grid_markup(form.ron_value_rows)
    assert len(panels._PANELS)
    assert len(value_grid._GRIDS)
    file_changed.send(sender=None, file_path=Path(tmp_path / "note.txt"))
    assert len(panels._PANELS)
    assert len(value_grid._GRIDS)
    file_changed.send(sender=None, file_path=Path(tmp_path / "_entry_panels.html"))
    assert len(panels._PANELS) == 0
    assert len(value_grid._GRIDS) == 0


# --- the seat cards: each drawn once per what it shows (``_entry_fields.html``, ``form.seat_rows``' card) --------
SEAT_CARDS = {
    "the game's start": {},
    "scores moved": {"scores": [33000, 17000, 25000, 25000]},
    "another dealer": {"scores": [33000, 17000, 25000, 25000], "dealer": 1},
    "the dealer's renchan": {"scores": [33000, 17000, 25000, 25000], "dealer": 1, "renchan": 2},
    "a seat below riichi's minimum": {"scores": [33000, 17000, 25000, 25000], "riichi_ok": [True, True, False, True]},
    "a yellow card, penalty points": {"scores": [33000, 17000, 25000, 25000], "yellow_cards": [0, 1, 0, 0],
                                      "penalty_points": [0, 0, 2, 0]},
    "a seat that may not win": {"scores": [33000, 17000, 25000, 25000], "agari_forbidden": [False, False, False, True]},
    "other names": {"names": ["가", "나", "다", "라"]},
}


def _seat_cards(form) -> str:
    html = render_to_string("league/hands/_entry_fields.html", {"form": form, "players": list(form.table.players)})
    return html.split('<div class="taps kinds"')[0]  # the cards, not the result panels after them


@pytest.mark.parametrize("posted", [None, {"position": "3", "kind": "ron", "riichi": ["0", "2"], "open": ["2"]}],
                         ids=["unanswered", "riichi and open ticked"])
def test_remembered_seat_cards_are_what_a_fresh_render_gives(posted):
    from config.remembered import _FRAGMENTS

    ruleset = preset("juki-agit-2026")

    def form(change):
        table = _table(ruleset, **change)
        return HandEntryForm(posted, table=table) if posted else HandEntryForm(table=table)

    with translation.override("ko"):
        fresh = {}
        for name, change in SEAT_CARDS.items():
            _FRAGMENTS.forget()
            fresh[name] = _seat_cards(form(change))
        _FRAGMENTS.forget()
        for name, change in [*SEAT_CARDS.items(), *reversed(SEAT_CARDS.items())]:  # each served after the others
            assert _seat_cards(form(change)) == fresh[name], name
    assert len(set(fresh.values())) == len(SEAT_CARDS)  # every change shows
