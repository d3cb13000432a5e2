"""``{% url %}`` reversed once and ``{% remember %}`` (config/remembered.py, issue 41): the same output as
Django's own tags, drawn once per key."""
from __future__ import annotations

import pytest
from django.template import Context, Engine, Template, engines
from django.template.base import Origin
from django.template.loaders.locmem import Loader
from django.urls import NoReverseMatch
from django.utils import translation

from config import remembered

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh():
    remembered._PATHS.forget()
    remembered._FRAGMENTS.forget()
    yield
    remembered._PATHS.forget()
    remembered._FRAGMENTS.forget()


def _django(source: str) -> Template:
    """The template with Django's own tags only (no builtins of ours)."""
    return Engine(libraries={}, builtins=[]).from_string(source)


def _ours(source: str) -> Template:
    return engines["django"].from_string(source).template


@pytest.mark.parametrize("source", [
    "{% url 'league:game_table' 7 %}",
    "{% url 'league:game_table' pk=7 %}",
    "{% url 'league:game_table' n %}",
    "{% url 'league:hand_edit' n 3 %}",
    "{% url 'home' %}#games",
    "{% url 'league:game_table' n as link %}[{{ link }}]",
    "{% url 'no-such-view' as link %}[{{ link }}]",
    "{% url 'league:game_list' slug %}",
])
def test_the_url_tag_writes_what_djangos_writes(source):
    context = {"n": 12, "slug": "a-b"}
    assert type(_ours(source).nodelist[0]).__name__ == "RememberedURLNode"
    expected = _django(source).render(Context(context))
    assert _ours(source).render(Context(context)) == expected
    assert _ours(source).render(Context(context)) == expected  # remembered


def test_a_name_that_does_not_reverse_is_refused_every_time():
    for _ in range(2):
        with pytest.raises(NoReverseMatch):
            _ours("{% url 'no-such-view' %}").render(Context({}))
    assert len(remembered._PATHS) == 0


def test_each_path_is_reversed_once(monkeypatch):
    calls = []
    real = remembered.reverse
    monkeypatch.setattr(remembered, "reverse", lambda *a, **k: calls.append(a) or real(*a, **k))
    template = _ours("{% url 'league:game_table' n %}")
    for n in (1, 2, 1, 2, 1):
        template.render(Context({"n": n}))
    assert len(calls) == 2


def test_an_object_argument_is_reversed_every_time(monkeypatch):
    class Pk:
        def __str__(self):
            return "5"

    calls = []
    real = remembered.reverse
    monkeypatch.setattr(remembered, "reverse", lambda *a, **k: calls.append(a) or real(*a, **k))
    template = _ours("{% url 'league:game_table' obj %}")
    assert template.render(Context({"obj": Pk()})) == template.render(Context({"obj": Pk()})) == "/games/5/table/"
    assert len(calls) == 2


def _loaded(templates: dict[str, str]):
    return Engine(loaders=[(Loader.__module__ + ".Loader", templates)], builtins=["config.remembered"],
                    libraries={"i18n": "django.templatetags.i18n"})


def test_a_fragment_is_drawn_once_per_place_language_and_keys():
    drawn = []

    class Counter:
        def __str__(self):
            drawn.append(1)
            return "x"

    engine = _loaded({"t.html": "{% load i18n %}{% remember %}<a>{{ c }}{% translate 'Games' %}</a>{% endremember %}"
                                "|{% remember k %}<b>{{ c }}{{ k }}</b>{% endremember %}"})
    template = engine.get_template("t.html")
    with translation.override("en"):
        first = template.render(Context({"c": Counter(), "k": 1}))
        again = template.render(Context({"c": Counter(), "k": 1}))
        other_key = template.render(Context({"c": Counter(), "k": 2}))
    with translation.override("ko"):
        korean = template.render(Context({"c": Counter(), "k": 1}))
    assert first == again == "<a>xGames</a>|<b>x1</b>"
    assert other_key == "<a>xGames</a>|<b>x2</b>"
    assert korean.startswith("<a>x")
    assert korean.endswith("|<b>x1</b>")
    assert len(drawn) == 2 + 1 + 2  # both places once, the keyed one again for k=2, both again in Korean


def test_two_places_in_one_template_are_two_fragments():
    engine = _loaded({"t.html": "{% remember %}A{% endremember %}{% remember %}B{% endremember %}"})
    assert engine.get_template("t.html").render(Context({})) == "AB"
    assert engine.get_template("t.html").render(Context({})) == "AB"


def test_a_template_from_a_string_is_drawn_every_time():
    template = _ours("{% remember %}{{ v }}{% endremember %}")
    assert template.render(Context({"v": 1})) == "1"
    assert template.render(Context({"v": 2})) == "2"
    assert Origin("x").name == "x"  # (a named origin is what keys a fragment)
