"""The what-if lab's form: a ruleset (the season's, a club version or a preset) with overrides,
and/or a rating method with parameters. ``clean`` builds the ``Proposal`` and lets the engine
refuse it (the engine's reason, in the page's language)."""
from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from league.models import Ruleset, Season
from league.whatif.selectors import Proposal, ProposalError, check_proposal
from scoring.rules import PRESETS

KEEP = ""


def _json_object(text: str, field: str) -> dict[str, Any]:
    text = (text or "").strip()
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise forms.ValidationError({field: _("Not valid JSON (line %(line)s: %(reason)s).") % {
            "line": exc.lineno, "reason": exc.msg}}) from exc
    if not isinstance(value, dict):
        raise forms.ValidationError({field: _('Write an object, e.g. {"uma": [20000, 10000, -10000, -20000]}.')})
    return value


class ProposalForm(forms.Form):
    ruleset = forms.ChoiceField(label=_("Ruleset to try"), required=False)
    overrides = forms.CharField(
        label=_("Overrides (JSON)"), required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_('Ruleset fields to change, e.g. {"uma": [20000, 10000, -10000, -20000], "kiriage": true}.'),
    )
    rating_method = forms.ChoiceField(label=_("Rating to try"), required=False)
    rating_params = forms.CharField(
        label=_("Rating parameters (JSON)"), required=False, widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.season = season
        versions = Ruleset.objects.filter(club=season.club).order_by("key", "version")
        self.fields["ruleset"].choices = [
            (KEEP, _("The season's ruleset (%(name)s)") % {"name": season.ruleset}),
            (_("Club rulesets"), [(f"db:{r.pk}", str(r)) for r in versions]),
            (_("Scoring presets"), [(f"preset:{key}", key) for key in PRESETS]),
        ]
        self.fields["rating_method"].choices = [
            (KEEP, _("The season's rating (%(method)s)") % {"method": season.get_rating_method_display()}),
            *Season.RatingMethod.choices,
        ]

    def _spec(self, choice: str, overrides: dict[str, Any]) -> tuple[dict[str, Any] | None, str]:
        if choice.startswith("db:"):
            ruleset = Ruleset.objects.filter(club=self.season.club, pk=choice[3:]).first()
            if ruleset is None:
                raise forms.ValidationError({"ruleset": _("Choose one of the club's rulesets.")})
            return {"base": ruleset.base, "overrides": {**(ruleset.overrides or {}), **overrides}}, str(ruleset)
        if choice.startswith("preset:"):
            return {"base": choice[7:], "overrides": overrides}, choice[7:]
        if overrides:
            own = self.season.ruleset
            return {"base": own.base, "overrides": {**(own.overrides or {}), **overrides}}, str(own)
        return None, ""

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        overrides = _json_object(data.get("overrides", ""), "overrides")
        params = _json_object(data.get("rating_params", ""), "rating_params")
        spec, ruleset_label = self._spec(data.get("ruleset") or KEEP, overrides)
        method = data.get("rating_method") or None
        if spec is None and method is None and not params:
            raise forms.ValidationError(_("Choose another ruleset, overrides or a rating to compare with."))
        if params and method is None:
            method = self.season.rating_method
        label = " · ".join(x for x in (ruleset_label + (f" {json.dumps(overrides, ensure_ascii=False)}"
                                                        if overrides else ""), method or "") if x)
        proposal = Proposal(ruleset=spec, rating_method=method, rating_params=params or None, label=label)
        try:
            check_proposal(proposal)
        except ProposalError as exc:
            korean = (get_language() or "ko").lower().startswith("ko")
            raise forms.ValidationError(exc.message_ko if korean else exc.message) from exc
        data["proposal"] = proposal
        return data
