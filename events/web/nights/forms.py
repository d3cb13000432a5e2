"""Forms of the club-night screens (labels in English msgids, Korean in the catalogue)."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from league.models import EndRule, Season


class NightOpenForm(forms.Form):
    season = forms.ModelChoiceField(queryset=Season.objects.none(), label=_("Season (4 players)"))
    sanma_season = forms.ModelChoiceField(
        queryset=Season.objects.none(), required=False, label=_("Season for a leftover three (3 players)"),
        help_text=_("Empty: leftover players sit out in turn."))
    title = forms.CharField(max_length=120, required=False, label=_("Title"))
    round_minutes = forms.IntegerField(min_value=1, max_value=600, required=False, initial=80,
                                       label=_("Round time limit (minutes)"), help_text=_("Empty: no time limit."))
    end_rule = forms.ChoiceField(choices=EndRule.choices, initial=EndRule.FINISH_HAND, label=_("When time is up"))

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        # A tournament's and the casual games' own seasons are theirs, not a night's (issue 42 item 11).
        seasons = (Season.objects.filter(club=club, closed_at__isnull=True, tournament__isnull=True,
                                         sanma_tournament__isnull=True, casual__isnull=True)
                   .select_related("ruleset"))
        four = [s.pk for s in seasons if s.ruleset.to_scoring().players == 4]
        three = [s.pk for s in seasons if s.ruleset.to_scoring().players == 3]
        self.fields["season"].queryset = Season.objects.filter(pk__in=four)
        self.fields["sanma_season"].queryset = Season.objects.filter(pk__in=three)


class MemberForm(forms.Form):
    member = forms.IntegerField(min_value=1)


class RoundForm(forms.Form):
    number = forms.IntegerField(min_value=1)


class AddTableForm(forms.Form):
    number = forms.IntegerField(min_value=1)
    tables = forms.IntegerField(min_value=0)


class ExtraTimeForm(forms.Form):
    minutes = forms.IntegerField(min_value=1, max_value=120, initial=5, label=_("Extra minutes"))
    reason = forms.CharField(max_length=200, required=False, label=_("Reason"))


class SubstituteForm(forms.Form):
    leaving = forms.IntegerField(min_value=1, label=_("Player who leaves"))
    substitute = forms.IntegerField(min_value=1, label=_("Substitute"))
    reason = forms.CharField(max_length=200, label=_("Reason"))


class CancelForm(forms.Form):
    leaving = forms.IntegerField(min_value=1, required=False, label=_("Player who leaves"))
    reason = forms.CharField(max_length=200, label=_("Reason"))
