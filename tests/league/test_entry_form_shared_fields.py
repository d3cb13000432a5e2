"""The quick entry's fields are shared by every form of a table (``league.web.games.forms.entry_fields``): no form
copies them, so nothing a form does (validation, errors, rendering, the table screen, the preview, the save) may
change one. Each check takes a picture of every shared field, its widget and its attributes before and after."""
from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.test import Client

from league.games.entry_screen import EntryContext, game_view
from league.web.games.forms import HandEntryForm
from league.web.templatetags import panels
from scoring.rules.presets import preset


def _picture(fields) -> dict[str, str]:
    """Every attribute of each field and of its widget, written out (a list changed in place shows too)."""
    return {name: repr((type(f), sorted(vars(f).items(), key=lambda kv: kv[0]),
                        sorted(vars(f.widget).items(), key=lambda kv: kv[0])))
            for name, f in fields.items()}


def _table(ruleset, *, dealer_min_han=None):
    n = ruleset.players
    return EntryContext(players=["김", "이", "박", "최"][:n], ruleset=ruleset, scores=[25000] * n, dealer=0,
                        position=3, riichi_ok=[True] * n, dealer_min_han=dealer_min_han)


POSTED = {
    "a ron": {"position": "3", "kind": "ron", "ron_winner": "1", "ron_loser": "2", "ron_value": "3-30",
              "riichi": ["1", "3"], "open": ["1"]},
    "a ron with its winner as the loser": {"position": "3", "kind": "ron", "ron_winner": "1", "ron_loser": "1",
                                           "ron_value": "3-30"},
    "a tsumo without its value": {"position": "3", "kind": "tsumo", "tsumo_winner": "2"},
    "a draw": {"position": "3", "kind": "draw", "draw_tenpai": ["0", "2"]},
    "a dealer's win with its dora": {"position": "3", "kind": "tsumo", "tsumo_winner": "0", "tsumo_value": "3-30",
                                     "dealer_dora": "1"},
    "nonsense": {"position": "x", "kind": "nope", "riichi": ["9"], "ron_value": "99-999"},
}


@pytest.mark.parametrize("dealer_min_han", [None, 2], ids=["no-dealer-minimum", "dealer-minimum"])
def test_a_forms_validation_and_rendering_leave_the_shared_fields_as_they_were(dealer_min_han):
    table = _table(preset("juki-agit-2026"), dealer_min_han=dealer_min_han)
    shared = HandEntryForm(table=table).fields
    before = _picture(shared)
    panels.forget()
    for data in POSTED.values():
        form = HandEntryForm(data, table=table)
        form.is_valid()
        form.errors.as_text()
        for name in form.fields:
            str(form[name])
        render_to_string(panels.TEMPLATE, {"form": form})
        assert all(form.fields[name] is field for name, field in shared.items())  # the same, not copies
    unbound = HandEntryForm(table=table, initial={"kind": "tsumo", "tsumo_winner": "2"})
    for name in unbound.fields:
        str(unbound[name])
    assert _picture(shared) == before


@pytest.mark.django_db
def test_the_table_screen_the_preview_and_the_save_leave_the_shared_fields_as_they_were(game, referee):
    shared = HandEntryForm(table=game_view(game).table()).fields
    before = _picture(shared)
    client = Client(HTTP_ACCEPT_LANGUAGE="ko")
    client.force_login(referee.user)
    assert client.get(f"/games/{game.pk}/table/").status_code == 200
    hand = {"position": "0", "kind": "ron", "ron_winner": "1", "ron_loser": "2", "ron_value": "3-30"}
    assert client.post(f"/games/{game.pk}/hands/preview/", hand, HTTP_HX_REQUEST="true").status_code == 200
    refused = client.post(f"/games/{game.pk}/hands/", {**hand, "ron_loser": "1", "action": "save"})
    assert refused.status_code == 422
    assert 'id="hand-form"' in refused.content.decode()  # the form again, with why
    saved = client.post(f"/games/{game.pk}/hands/", {**hand, "action": "save", "answer": "screen"})
    assert saved.status_code == 200
    assert _picture(shared) == before
