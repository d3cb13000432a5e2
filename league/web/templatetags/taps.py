"""``{% tap_options field dealer_mark %}``: a radio or checkbox field's options as tap buttons.

The table screen shows about forty of them (winner, dealt in, tenpai, nagashi, abort, chombo, the
result kinds). Rendered through Django's widget templates each option costs four template renders
(``radio_option`` → ``input_option`` → ``input`` → ``attrs``): a third of the screen's time. Here
each ``<label><input …>label</label>`` is built from the same widget data in Python, the markup
byte for byte what those templates give (``tests/league/test_taps.py`` compares them).
"""
from __future__ import annotations

from django import template
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

_INPUT_OPTIONS = ("django/forms/widgets/radio_option.html", "django/forms/widgets/checkbox_option.html")


def _attrs(attrs: dict) -> SafeString:
    """What ``django/forms/widgets/attrs.html`` renders: ` name="value"`, ` name` for True, nothing for False."""
    return format_html_join(
        "", "{}", ((format_html(' {}', name) if value is True else format_html(' {}="{}"', name, str(value)),)
                   for name, value in attrs.items() if value is not False)
    )


def option_tag(data: dict) -> SafeString:
    """An option's ``<input>`` as ``django/forms/widgets/input.html`` renders it (without a wrapping label)."""
    value = "" if data["value"] is None else format_html(' value="{}"', str(data["value"]))
    return format_html('<input type="{}" name="{}"{}{}>', data["type"], data["name"], value, _attrs(data["attrs"]))


@register.simple_tag
def tap_options(field, dealer_mark: str = "") -> SafeString:
    """``<label[ class="is-dealer"]><input …>choice</label>`` for each option of ``field``."""
    parts = []
    for option in field:
        data = option.data
        # another widget: its own templates
        tag = option.tag() if data.get("template_name") not in _INPUT_OPTIONS else option_tag(data)
        dealer = ' class="is-dealer"' if dealer_mark and data["value"] == dealer_mark else ""
        parts.append(f"<label{dealer}>{tag}{conditional_escape(option.choice_label)}</label>")
    return mark_safe("".join(parts))  # every part escaped above
