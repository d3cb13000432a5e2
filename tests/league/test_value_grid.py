"""The han/fu grid is rendered once per page (issue #11, item 3), and reads exactly as before."""
from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.test.signals import template_rendered
from django.urls import reverse
from django.utils import translation

from league.web.games.forms import value_choices
from league.web.templatetags import panels
from league.web.templatetags import value_grid as tags
from scoring.rules import preset

GRID = "league/hands/_values.html"


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize(
    ("name", "current"),
    [("ron_value", None), ("tsumo_value", "3-30"), ("multi_value_2", "5"), ("ron_value", "Y2"), ("ron_value", "1-30")],
    ids=["nothing-chosen", "han-fu-chosen", "mangan-not-5-han-fu", "double-yakuman", "first-button"],
)
def test_the_reused_grid_is_the_grid_the_include_gave(lang, name, current):
    rows = value_choices(preset("juki-agit-2026"))
    with translation.override(lang):
        expected = render_to_string(GRID, {"rows": rows, "name": name, "current": current})
        assert tags.value_grid(rows, name, current) == expected


@pytest.mark.django_db
def test_the_table_screen_renders_the_grid_at_most_once(game, players):
    client = Client()
    client.force_login(players[0].user)
    tags._GRIDS.forget()
    panels.forget()  # the panels hold the grids: remembered by an earlier test's table, they would not ask for them
    rendered = []

    def count(sender, template, context, **kwargs):
        if template.name == GRID:
            rendered.append(1)

    template_rendered.connect(count)
    try:
        first = client.get(reverse("league:game_table", args=[game.pk]))
        after_first = len(rendered)
        second = client.get(reverse("league:game_table", args=[game.pk]))
    finally:
        template_rendered.disconnect(count)
    # Two grids: ron and tsumo offer different pairs (no 20-fu ron); each is rendered once,
    # the multi-ron winners reuse the ron grid and the second page reuses both.
    assert after_first == 2
    assert len(rendered) == 2
    html = first.content.decode()
    for name in ("ron_value", "tsumo_value", "multi_value_0", "multi_value_3"):
        assert f'name="{name}" value="1-30"' in html
    assert second.content.decode().count('type="radio" name="ron_value"') == html.count('type="radio" name="ron_value"')
