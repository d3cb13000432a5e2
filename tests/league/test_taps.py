"""The table screen's tap buttons, built in Python, are the markup Django's widget templates give."""
from __future__ import annotations

import pytest
from django import forms
from django.utils.html import conditional_escape

from league.web.templatetags.taps import tap_options

SEATS = [("0", "김 <동>"), ("1", "이&서"), ("2", "박\"준\""), ("3", "최")]


class TapsForm(forms.Form):
    winner = forms.ChoiceField(choices=SEATS, widget=forms.RadioSelect(attrs={"data-distinct": "loser"}))
    loser = forms.ChoiceField(choices=SEATS, required=False, widget=forms.RadioSelect)
    tenpai = forms.MultipleChoiceField(choices=SEATS, required=False, widget=forms.CheckboxSelectMultiple)
    blocked = forms.MultipleChoiceField(choices=SEATS, required=False,
                                        widget=forms.CheckboxSelectMultiple(attrs={"disabled": True, "data-x": 0}))
    pao = forms.ChoiceField(choices=[("", "—"), *SEATS], required=False)  # a select: rendered by its templates


DEALER = ' class="is-dealer"'


def _by_templates(field, dealer_mark: str = "") -> str:
    """What ``{% for opt in field %}<label>{{ opt.tag }}{{ opt.choice_label }}</label>{% endfor %}`` gave."""
    return "".join(
        f'<label{DEALER if dealer_mark and opt.data["value"] == dealer_mark else ""}>'
        f"{opt.tag()}{conditional_escape(opt.choice_label)}</label>"
        for opt in field
    )


@pytest.mark.parametrize("data", [None, {"winner": "2", "tenpai": ["0", "3"]}, {"winner": "9", "loser": "1"}],
                         ids=["unbound", "bound-with-choices", "bound-with-a-bad-choice"])
@pytest.mark.parametrize("name", ["winner", "loser", "tenpai", "blocked", "pao"])
def test_tap_options_are_the_widget_templates_markup(data, name):
    form = TapsForm(data) if data is not None else TapsForm(initial={"loser": "3"})
    assert str(tap_options(form[name])) == _by_templates(form[name])


def test_the_dealers_tap_is_marked():
    form = TapsForm()
    html = str(tap_options(form["winner"], "1"))
    assert html == _by_templates(form["winner"], "1")
    assert html.count('class="is-dealer"') == 1
    assert '<label class="is-dealer"><input type="radio" name="winner" value="1"' in html


def test_labels_are_escaped():
    html = str(tap_options(TapsForm()["winner"]))
    assert "김 &lt;동&gt;" in html
    assert "이&amp;서" in html
    assert "<동>" not in html
