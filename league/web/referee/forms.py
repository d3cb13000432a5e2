"""The referee's forms: a penalty in a game (or a ruling) and a season deduction."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.rules import Ruleset
from scoring.vocabulary import PenaltyType


class PenaltyForm(forms.Form):
    """A penalty on a player in a game, by the ruleset's tiers, or a referee ruling."""

    member = forms.ChoiceField(label=_("Player"), widget=forms.RadioSelect)
    type = forms.ChoiceField(label=_("Penalty"), widget=forms.RadioSelect)
    amount = forms.IntegerField(required=False, min_value=100, step_size=100, label=_("Ruling: points to pay"))
    beneficiary = forms.ChoiceField(required=False, label=_("Ruling: paid to (empty: split among the others)"))
    reason = forms.CharField(label=_("Reason"), max_length=500, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args: Any, seats: Sequence[tuple[Any, str]], ruleset: Ruleset, kind_labels: dict,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(str(pk), name) for pk, name in seats]
        self.fields["member"].choices = choices
        self.fields["beneficiary"].choices = [("", "—")] + choices
        order = [p for p in PenaltyType if p in ruleset.penalties]
        types = [(p.value, kind_labels[p.value]) for p in order] + [("ruling", kind_labels["ruling"])]
        self.fields["type"].choices = types

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("type") == "ruling" and not data.get("amount"):
            self.add_error("amount", _("A ruling moves points: give the amount."))
        if data.get("beneficiary") and data.get("beneficiary") == data.get("member"):
            self.add_error("beneficiary", _("The offender cannot pay themselves."))
        return data


class SeasonDeductionForm(forms.Form):
    member = forms.ModelChoiceField(queryset=None, label=_("Player"))
    points = forms.DecimalField(max_digits=8, decimal_places=1, min_value=0.1, label=_("Points deducted"))
    reason = forms.CharField(label=_("Reason"), max_length=500, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args: Any, members: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = members
