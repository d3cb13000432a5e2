"""Forms for an admin's seasons and ruleset versions.

The ruleset form is built from :class:`scoring.rules.Ruleset` itself: one field per option,
typed after the option, labelled in the page's language from the engine's ruleset words (label, one-line
explanation, rulebook part: :mod:`scoring.rules.texts`) and grouped by part, so a new rule appears here
without a second list to keep.
"""
from __future__ import annotations

import contextlib
import dataclasses
import enum
import math
import typing
from decimal import Decimal
from typing import Any

from django import forms
from django.db.models import Q
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from league.models import Ruleset, Season
from scoring import ratings
from scoring import rules as R
from scoring.ratings import RatingParamsError, params_from_dict
from scoring.rule_docs import choice_label, group_label, option_groups, option_texts, value_text

IDENTITY = ("key", "name", "version")
_HINTS = typing.get_type_hints(R.Ruleset)


def _unwrap_optional(hint: Any) -> tuple[Any, bool]:
    args = typing.get_args(hint)
    if type(None) in args:
        return next(a for a in args if a is not type(None)), True
    return hint, False


# Sets of yaku ids an option may hold: the yakuman a ruleset may pay double, the local yakuman.
_YAKU_SET_CHOICES = {"double_yakuman": R.STANDARD_DOUBLE_YAKUMAN, "local_yakuman": R.LOCAL_YAKUMAN}


def _option_field(name: str, value: Any, lang: str) -> tuple[forms.Field, Any]:
    """A form field for one ruleset option and its initial value, labelled in ``lang`` (the engine's
    ruleset words, :mod:`scoring.rules.texts`; the option's docstring stays the meaning)."""
    hint, optional = _unwrap_optional(_HINTS[name])
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    text = option_texts(lang)[name]
    label, doc = text.label, text.help
    if hint is bool:
        return forms.BooleanField(label=label, help_text=doc, required=False), value
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        choices = [(m.value, choice_label(m, lang)) for m in hint]
        return forms.ChoiceField(label=label, help_text=doc, choices=choices), value.value
    if hint is int:
        return forms.IntegerField(label=label, help_text=doc, required=not optional,
                                  min_value=-10_000_000, max_value=10_000_000), value
    if hint is float:
        return forms.FloatField(label=label, help_text=doc, required=not optional,
                                min_value=-10_000_000, max_value=10_000_000), value
    if origin is frozenset and isinstance(args[0], type) and issubclass(args[0], enum.Enum):
        choices = [(m.value, choice_label(m, lang)) for m in args[0]]
        return (forms.MultipleChoiceField(label=label, help_text=doc, required=False, choices=choices,
                                          widget=forms.CheckboxSelectMultiple),
                sorted(v.value for v in value))
    if origin is frozenset and name in _YAKU_SET_CHOICES:
        ids = sorted(_YAKU_SET_CHOICES[name] | set(value))
        return (forms.MultipleChoiceField(label=label, help_text=doc, required=False,
                                          choices=[(i, choice_label(i, lang)) for i in ids],
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


class RulesetOptionsForm(forms.Form):
    """Every option of a ruleset, starting from ``start`` (an engine ruleset), grouped by rulebook part.

    The ruleset form, the season's edit form and the what-if lab use it (the last two with a form
    ``prefix``, so an option's name never meets one of their own fields)."""

    def __init__(self, *args: Any, start: R.Ruleset, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.start = start
        self.lang = get_language()
        self.option_names: list[str] = []
        for f in dataclasses.fields(R.Ruleset):
            if f.name in IDENTITY:
                continue
            field, initial = _option_field(f.name, getattr(start, f.name), self.lang)
            field.initial = initial
            self.fields[f.name] = field
            self.option_names.append(f.name)

    def option_fields(self):
        return [self[name] for name in self.option_names]

    def option_groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """The options by rulebook part, in a rulebook's order: ``[(part title, [bound fields])]``."""
        texts = option_texts(self.lang)
        return [(group_label(group, self.lang), fields) for group in option_groups()
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


class RulesetForm(RulesetOptionsForm):
    """Name, version and every option of a ruleset, starting from ``start`` (an engine ruleset)."""

    key = forms.SlugField(label=_("Key"), max_length=60)
    name = forms.CharField(label=_("Name"), max_length=120)
    version = forms.CharField(label=_("Version"), max_length=32, required=False,
                              help_text=_("Empty: the next free version number."))

    def __init__(self, *args: Any, start: R.Ruleset, fixed_key: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, start=start, **kwargs)
        if fixed_key:
            self.fields["key"].disabled = True

    def identity_fields(self):
        return [self[name] for name in IDENTITY]


def changes_text(changes: dict[str, Any], lang: str | None) -> str:
    """Overrides as a club admin reads them in ``lang``: "토비: 아니오 · 절상만관(키리아게): 예" (no option keys)."""
    texts = option_texts(lang)
    return " · ".join(f"{texts[k].label}: {value_text(k, v, lang)}" if k in texts else f"{k}: {v}"
                      for k, v in changes.items())


# --- rating parameters: one Korean field a parameter of each rating method -------------------------
RATING_PARAM_TEXTS: dict[tuple[str, str], tuple[Any, Any]] = {
    ("p_rating", "divisor"): (_("Divisor F"), _("How slowly the rating moves: with 41 a game counts 1/41.")),
    ("p_rating", "initial"): (_("Starting rating"), _("Every player's rating before their first game.")),
    ("p_rating", "points_weight"): (_("Weight of the game points (w)"), _("1: the game points count as they are.")),
    ("p_rating", "average_weight"): (_("Weight of the table average (a)"),
                                     _("How much the table's average rating before the game counts.")),
    ("p_rating", "decimals"): (_("Decimal places"), _("Ratings are kept to this many decimal places.")),
    ("tenhou_r", "initial"): (_("Starting R"), _("Every player's R before their first game.")),
    ("tenhou_r", "rank_bonus_4"): (_("Rank bonus, 4 players"), _("1st to 4th, separated by commas.")),
    ("tenhou_r", "rank_bonus_3"): (_("Rank bonus, 3 players"), _("1st to 3rd, separated by commas.")),
    ("tenhou_r", "average_divisor"): (_("Divisor of the rating gap"),
                                      _("The gap to the table's average R is divided by this.")),
    ("tenhou_r", "games_step"): (_("Step per game played"),
                                 _("A newcomer's changes are larger: the factor shrinks by this each game.")),
    ("tenhou_r", "games_cap"): (_("Games until the factor stops shrinking"), _("After this many games.")),
    ("tenhou_r", "capped_factor"): (_("Factor after that"), _("The factor once the games above are played.")),
    ("tenhou_r", "scale"): (_("Scale"), _("Every change is multiplied by this.")),
    ("openskill", "mu"): (_("Starting skill (μ)"), _("Every player's skill estimate before their first game.")),
    ("openskill", "sigma"): (_("Starting uncertainty (σ)"), _("How unsure the first estimate is.")),
    ("openskill", "beta"): (_("Performance spread (β)"), _("How much one game's result varies around the skill.")),
    ("openskill", "tau"): (_("Uncertainty added each game (τ)"), _("Keeps ratings able to move over a long season.")),
    ("openskill", "z"): (_("Caution (z)"), _("The rating shown is μ minus z times σ.")),
    ("openskill", "decimals"): (_("Decimal places"), _("Ratings are kept to this many decimal places.")),
}
"""Each rating parameter's Korean label and one-line explanation (``scoring.ratings`` holds the meaning).
The total method has none of its own: its best N and minimum games are the season's fields."""

RATED_METHODS = ("p_rating", "tenhou_r", "openskill")


def rating_param_name(method: str, param: str) -> str:
    return f"{method}__{param}"


def add_rating_param_fields(form: forms.Form, *, method: str | None, params: dict[str, Any] | None) -> None:
    """Add one typed field a parameter of every rated method to ``form``; the ``method``'s show ``params``,
    the others their defaults (a stored value the field cannot show, from an old import, shows the default)."""
    for key in RATED_METHODS:
        defaults = ratings.PARAMS[key]()
        shown = ratings.params_to_dict(defaults)
        for f in dataclasses.fields(ratings.PARAMS[key]):
            label, help_text = RATING_PARAM_TEXTS[(key, f.name)]
            field = _rating_param_field(getattr(defaults, f.name), label, help_text)
            field.initial = _shown_value(getattr(defaults, f.name), shown[f.name])
            if key == method and f.name in (params or {}):
                with contextlib.suppress(TypeError, ValueError, ArithmeticError):
                    field.initial = _shown_value(getattr(defaults, f.name), params[f.name])
            form.fields[rating_param_name(key, f.name)] = field


def _rating_param_field(default: Any, label: Any, help_text: Any) -> forms.Field:
    if isinstance(default, tuple):
        return forms.CharField(label=label, help_text=help_text, required=False)
    if isinstance(default, int):
        return forms.IntegerField(label=label, help_text=help_text, required=False,
                                  min_value=-1_000_000, max_value=1_000_000)
    if isinstance(default, float):
        return forms.FloatField(label=label, help_text=help_text, required=False,
                                min_value=-1_000_000, max_value=1_000_000)
    # a Decimal: typed as a decimal, so "0.002" stays exact
    return forms.DecimalField(label=label, help_text=help_text, required=False, max_digits=20, decimal_places=6)


def _shown_value(default: Any, value: Any) -> Any:
    """A parameter's value as its field shows it (a list joined by commas; a float to 6 decimals, as
    sigma's default 25/3 would be endless; a decimal without exponent)."""
    if isinstance(default, tuple):
        if not isinstance(value, (list, tuple)):
            raise ValueError(value)
        return ", ".join(str(int(v)) for v in value)
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(value)
        return value
    if isinstance(default, float):
        return round(float(value), 6)
    number = Decimal(str(value))
    if not number.is_finite():
        raise ValueError(value)
    return format(number.normalize(), "f")


def rating_param_fields(form: forms.Form) -> list[tuple[str, str, list[forms.BoundField]]]:
    """The rating parameters by method: ``[(method key, method label, [bound fields])]``."""
    labels = dict(Season.RatingMethod.choices)
    return [(key, str(labels[key]), [form[rating_param_name(key, f.name)]
                                     for f in dataclasses.fields(ratings.PARAMS[key])]) for key in RATED_METHODS]


def rating_params_from(form: forms.Form, method: str | None) -> dict[str, Any]:
    """The ``method``'s parameters the form changed from their defaults, as the season stores them
    (a number, or a list for the rank bonuses; decimals as text so they stay exact)."""
    if method not in RATED_METHODS:
        return {}
    defaults = ratings.params_to_dict(ratings.PARAMS[method]())
    out: dict[str, Any] = {}
    for f in dataclasses.fields(ratings.PARAMS[method]):
        name = rating_param_name(method, f.name)
        value = form.cleaned_data.get(name)
        if value is None or value == "":
            continue
        if isinstance(defaults[f.name], list):
            try:
                value = [int(v) for v in str(value).replace("，", ",").split(",") if v.strip()]
            except ValueError:
                form.add_error(name, _("Whole numbers separated by commas."))
                continue
            if value == defaults[f.name]:
                continue
        elif isinstance(value, Decimal):
            if value == Decimal(str(defaults[f.name])):
                continue
            value = int(value) if value == value.to_integral_value() else format(value.normalize(), "f")
        elif isinstance(value, float):
            if abs(value - defaults[f.name]) < 5e-7:  # the default as shown (to 6 decimals)
                continue
        elif value == defaults[f.name]:
            continue
        out[f.name] = value
    return out


class SeasonForm(forms.ModelForm):
    """A season's name, ruleset, dates and rating; each rating parameter is its own Korean field (no JSON)."""

    class Meta:
        model = Season
        fields = ["name", "ruleset", "starts_on", "ends_on", "rating_method", "min_games", "best_n"]
        widgets = {"starts_on": forms.DateInput(attrs={"type": "date"}),
                   "ends_on": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args: Any, club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].queryset = Ruleset.objects.filter(Q(club=club) | Q(club__isnull=True))
        self.fields["ruleset"].label_from_instance = _ruleset_label
        season = self.instance if self.instance.pk else None
        add_rating_param_fields(self, method=season.rating_method if season else None,
                                params=season.rating_params if season else None)

    def season_fields(self):
        return [self[name] for name in self.Meta.fields]

    def rating_param_fields(self):
        return rating_param_fields(self)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        method = data.get("rating_method")
        params = rating_params_from(self, method)
        data["rating_params"] = params
        if method:
            try:
                params_from_dict(method, params)
            except (RatingParamsError, ValueError, TypeError, ArithmeticError) as exc:
                add_rating_param_error(self, method, exc)
        return data


def add_rating_param_error(form: forms.Form, method: str, exc: Exception) -> None:
    """The engine's refusal of a rating parameter, in the page's language on the field it names."""
    reason = str(exc)
    for f in dataclasses.fields(ratings.PARAMS[method]):
        if reason.startswith(f.name) or reason.startswith(f.name.replace("_", " ")):
            form.add_error(rating_param_name(method, f.name),
                           _("This value cannot be used for this rating: check its range."))
            return
    form.add_error(None, _("These rating settings cannot be used together: check the values."))


def _ruleset_label(ruleset: Ruleset) -> str:
    """A stored ruleset in a select: its name and version, or a preset's name with its dates."""
    if ruleset.club_id is None and ruleset.key in R.PRESETS and not ruleset.overrides:
        return f"{R.preset_label(ruleset.key, get_language())} (v{ruleset.version})"
    return str(ruleset)
