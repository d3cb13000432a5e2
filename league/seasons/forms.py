"""Forms for an admin's seasons and ruleset versions.

The ruleset form is built from :class:`scoring.rules.Ruleset` itself: one field per option,
typed after the option, labelled in Korean from the option's field metadata (label, one-line
explanation, rulebook part) and grouped by part, so a new rule appears here without a second
list to keep.
"""
from __future__ import annotations

import dataclasses
import enum
import json
import math
import typing
from typing import Any

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from league.models import Ruleset, Season
from scoring import rules as R
from scoring.ratings import RatingParamsError, params_from_dict
from scoring.rule_docs import choice_label, option_groups, option_texts

IDENTITY = ("key", "name", "version")
_HINTS = typing.get_type_hints(R.Ruleset)


def _unwrap_optional(hint: Any) -> tuple[Any, bool]:
    args = typing.get_args(hint)
    if type(None) in args:
        return next(a for a in args if a is not type(None)), True
    return hint, False


# Sets of yaku ids an option may hold: the yakuman a ruleset may pay double, the local yakuman.
_YAKU_SET_CHOICES = {"double_yakuman": R.STANDARD_DOUBLE_YAKUMAN, "local_yakuman": R.LOCAL_YAKUMAN}


def _option_field(name: str, value: Any) -> tuple[forms.Field, Any]:
    """A form field for one ruleset option and its initial value, labelled in Korean (the option's
    field metadata in ``scoring/rules/ruleset.py``; its docstring stays the meaning)."""
    hint, optional = _unwrap_optional(_HINTS[name])
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    text = option_texts()[name]
    label, doc = text.label, text.help
    if hint is bool:
        return forms.BooleanField(label=label, help_text=doc, required=False), value
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return forms.ChoiceField(label=label, help_text=doc, choices=[(m.value, choice_label(m)) for m in hint]), \
            value.value
    if hint is int:
        return forms.IntegerField(label=label, help_text=doc, required=not optional,
                                  min_value=-10_000_000, max_value=10_000_000), value
    if hint is float:
        return forms.FloatField(label=label, help_text=doc, required=not optional,
                                min_value=-10_000_000, max_value=10_000_000), value
    if origin is frozenset and isinstance(args[0], type) and issubclass(args[0], enum.Enum):
        choices = [(m.value, choice_label(m)) for m in args[0]]
        return (forms.MultipleChoiceField(label=label, help_text=doc, required=False, choices=choices,
                                          widget=forms.CheckboxSelectMultiple),
                sorted(v.value for v in value))
    if origin is frozenset and name in _YAKU_SET_CHOICES:
        ids = sorted(_YAKU_SET_CHOICES[name] | set(value))
        return (forms.MultipleChoiceField(label=label, help_text=doc, required=False,
                                          choices=[(i, choice_label(i)) for i in ids],
                                          widget=forms.CheckboxSelectMultiple),
                sorted(value))
    if origin in (frozenset, tuple):
        shown = ", ".join(str(v.value if isinstance(v, enum.Enum) else v) for v in
                          (sorted(value) if origin is frozenset else value))
        return forms.CharField(label=label, help_text=doc, required=False), shown
    return forms.CharField(label=label, help_text=doc, required=not optional), value


def _json_value(name: str, raw: Any) -> Any:
    """The cleaned form value as the ruleset's JSON value (what ``Ruleset.from_dict`` reads)."""
    hint, _optional = _unwrap_optional(_HINTS[name])
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if raw is None or raw == "" and origin not in (frozenset, tuple):
        return None
    if origin in (frozenset, tuple) and isinstance(raw, str):
        parts = [p.strip() for p in raw.split(",") if p.strip()]
        if args and args[0] is int:
            try:
                return [int(p) for p in parts]
            except ValueError as exc:
                raise forms.ValidationError(_("Whole numbers separated by commas.")) from exc
        return parts
    if isinstance(raw, float) and not math.isfinite(raw):
        raise forms.ValidationError(_("Enter a finite number."))
    return list(raw) if isinstance(raw, (list, tuple)) else raw


class RulesetForm(forms.Form):
    """Name, version and every option of a ruleset, starting from ``start`` (an engine ruleset)."""

    key = forms.SlugField(label=_("Key"), max_length=60)
    name = forms.CharField(label=_("Name"), max_length=120)
    version = forms.CharField(label=_("Version"), max_length=32, required=False,
                              help_text=_("Empty: the next free version number."))

    def __init__(self, *args: Any, start: R.Ruleset, fixed_key: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.start = start
        self.option_names: list[str] = []
        for f in dataclasses.fields(R.Ruleset):
            if f.name in IDENTITY:
                continue
            field, initial = _option_field(f.name, getattr(start, f.name))
            field.initial = initial
            self.fields[f.name] = field
            self.option_names.append(f.name)
        if fixed_key:
            self.fields["key"].disabled = True

    def identity_fields(self):
        return [self[name] for name in IDENTITY]

    def option_fields(self):
        return [self[name] for name in self.option_names]

    def option_groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """The options by rulebook part, in a rulebook's order: ``[(part title, [bound fields])]``."""
        texts = option_texts()
        return [(str(group), fields) for group in option_groups()
                if (fields := [self[n] for n in self.option_names if texts[n].group is group])]

    def changed_options(self) -> dict[str, Any]:
        """The options whose value differs from ``start``, as JSON overrides."""
        start = self.start.to_dict()
        out: dict[str, Any] = {}
        for name in self.option_names:
            try:
                value = _json_value(name, self.cleaned_data.get(name))
            except forms.ValidationError as exc:
                self.add_error(name, exc)
                continue
            old = start[name]
            same = (sorted(value) == sorted(old)) if isinstance(value, list) and isinstance(old, list) and \
                typing.get_origin(_unwrap_optional(_HINTS[name])[0]) is frozenset else value == old
            if not same:
                out[name] = value
        return out


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


class SeasonForm(forms.ModelForm):
    rating_params = forms.CharField(
        label=_("Rating parameters"), required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_('JSON, e.g. {"divisor": 100} for the P-rating. Empty: the method\'s defaults.'),
    )

    class Meta:
        model = Season
        fields = ["name", "ruleset", "starts_on", "ends_on", "rating_method", "min_games", "best_n"]
        widgets = {"starts_on": forms.DateInput(attrs={"type": "date"}),
                   "ends_on": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args: Any, club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].queryset = Ruleset.objects.filter(Q(club=club) | Q(club__isnull=True))

    def clean_rating_params(self) -> dict[str, Any]:
        raw = (self.cleaned_data.get("rating_params") or "").strip()
        if not raw:
            return {}
        try:
            data = json.loads(raw, parse_constant=_refuse_constant)
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(_(
                "This is not a list of options in braces: check line %(line)s, character %(column)s "
                "(a comma or a quote may be missing).") % {"line": exc.lineno, "column": exc.colno}) from exc
        except ValueError as exc:  # NaN, Infinity
            raise forms.ValidationError(_("Write numbers as digits (not NaN or Infinity).")) from exc
        if not isinstance(data, dict):
            raise forms.ValidationError(_('Write the parameters as an object, e.g. {"divisor": 100}.'))
        return data

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        method, params = data.get("rating_method"), data.get("rating_params")
        if method and isinstance(params, dict):
            try:
                params_from_dict(method, params)
            except (RatingParamsError, ValueError, TypeError, ArithmeticError) as exc:
                self.add_error("rating_params", str(exc))
        return data
