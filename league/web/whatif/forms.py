"""The what-if lab's form: a ruleset (the season's, a club version or a preset) whose options are changed
on the same form as a ruleset's own page, in the page's language (no JSON, no option keys), and/or a rating
method with its parameters as translated fields. ``clean`` builds the ``Proposal`` and lets the engine refuse
it (the engine's reason, in the page's language)."""
from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from league.models import Ruleset, Season
from league.web.seasons.forms import (
    RATING_PARAM_TEXTS,
    RulesetOptionsForm,
    add_rating_param_error,
    add_rating_param_fields,
    changes_text,
    rating_param_fields,
    rating_params_from,
)
from league.whatif.selectors import Proposal, ProposalError, check_proposal
from scoring import rules as R
from scoring.ratings import RatingParamsError, params_from_dict

KEEP = ""


class ProposalForm(forms.Form):
    """``data``'s ``ruleset`` picks the ruleset to start from; ``shown`` is the one whose options the page
    showed. When they differ the admin picked another ruleset: the form is ``reloaded`` with its options
    (nothing is compared yet), so an option is never read against a ruleset it was not shown for."""

    ruleset = forms.ChoiceField(label=_("Ruleset to try"), required=False)
    rating_method = forms.ChoiceField(label=_("Rating to try"), required=False)

    def __init__(self, data: Any = None, *, season: Season, base: str = KEEP, **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        self.season = season
        self._versions = {f"db:{r.pk}": r for r in Ruleset.objects.filter(club=season.club).order_by("key", "version")}
        self.fields["ruleset"].choices = [
            (KEEP, _("The season's ruleset (%(name)s)") % {"name": season.ruleset}),
            (_("Club rulesets"), [(key, str(r)) for key, r in self._versions.items()]),
            (_("Scoring presets"), [(f"preset:{key}", R.preset_label(key, get_language())) for key in R.PRESETS]),
        ]
        self.fields["ruleset"].widget.attrs["data-autosubmit"] = ""  # site.js: another ruleset shows its options
        self.fields["rating_method"].choices = [
            (KEEP, _("The season's rating (%(method)s)") % {"method": season.get_rating_method_display()}),
            *Season.RatingMethod.choices,
        ]
        add_rating_param_fields(self, method=season.rating_method, params=season.rating_params)
        chosen = (data.get("ruleset", KEEP) if data is not None else base) or KEEP
        if chosen != KEEP and chosen not in self._versions and chosen.removeprefix("preset:") not in R.PRESETS:
            chosen = KEEP
        self.shown = (data.get("shown", chosen) if data is not None else chosen) or KEEP
        self.reloaded = data is not None and (self.shown != chosen or "load" in data)
        self.chosen = chosen
        self.fields["ruleset"].initial = chosen
        self.rules = RulesetOptionsForm(None if self.reloaded or data is None else data,
                                        start=self._engine(chosen), prefix="rule")

    def _engine(self, choice: str) -> R.Ruleset:
        if choice in self._versions:
            return self._versions[choice].to_scoring()
        if choice.startswith("preset:"):
            return R.preset(choice.removeprefix("preset:"))
        return self.season.ruleset.to_scoring()

    def _label(self, choice: str) -> str:
        if choice in self._versions:
            return str(self._versions[choice])
        if choice.startswith("preset:"):
            return R.preset_label(choice.removeprefix("preset:"), get_language())
        return str(self.season.ruleset)

    def _spec(self, choice: str, overrides: dict[str, Any]) -> dict[str, Any] | None:
        if choice in self._versions:
            ruleset = self._versions[choice]
            return {"base": ruleset.base, "overrides": {**(ruleset.overrides or {}), **overrides}}
        if choice.startswith("preset:"):
            return {"base": choice.removeprefix("preset:"), "overrides": overrides}
        if overrides:
            own = self.season.ruleset
            return {"base": own.base, "overrides": {**(own.overrides or {}), **overrides}}
        return None

    def rating_param_fields(self):
        return rating_param_fields(self)

    def is_valid(self) -> bool:
        rules_valid = self.rules.is_bound and self.rules.is_valid()
        return not self.reloaded and super().is_valid() and rules_valid and not self.rules.errors

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.rules.is_valid():
            return data
        overrides = self.rules.changed_options()
        if self.rules.errors:
            return data
        choice = self.chosen
        spec = self._spec(choice, overrides)
        method = data.get("rating_method") or None
        params = rating_params_from(self, method)
        if method is not None:
            try:
                params_from_dict(method, params)
            except (RatingParamsError, ValueError, TypeError, ArithmeticError) as exc:
                add_rating_param_error(self, method, exc)
                return data
        if spec is None and method is None:
            raise forms.ValidationError(_("Choose another ruleset, change an option or choose a rating to "
                                          "compare with."))
        parts = []
        if spec is not None:
            parts.append(self._label(choice))
            if overrides:
                parts.append(changes_text(overrides, get_language()))
        if method is not None:
            labels = dict(Season.RatingMethod.choices)
            texts = [f"{RATING_PARAM_TEXTS[(method, k)][0]} {v}" for k, v in params.items()]
            parts.append(str(labels[method]) + (f" ({', '.join(texts)})" if texts else ""))
        proposal = Proposal(ruleset=spec, rating_method=method, rating_params=params or None,
                            label=" · ".join(parts))
        try:
            check_proposal(proposal)
        except ProposalError as exc:
            raise forms.ValidationError(exc.localized(get_language())) from exc
        data["proposal"] = proposal
        return data
