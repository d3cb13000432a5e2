"""Forms of the tournament screens (labels in English msgids, Korean in the catalogue)."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from events.tournaments.models import Carry, SeatingMethod, WithdrawalPolicy
from league.models import EndRule, Ruleset


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=100, label=_("Name"))
    starts_on = forms.DateField(label=_("First day"), widget=forms.DateInput(attrs={"type": "date"}))
    ends_on = forms.DateField(required=False, label=_("Last day"), widget=forms.DateInput(attrs={"type": "date"}))
    ruleset = forms.ModelChoiceField(queryset=Ruleset.objects.none(), label=_("Ruleset"))
    sanma_ruleset = forms.ModelChoiceField(
        queryset=Ruleset.objects.none(), required=False, label=_("3-player ruleset for a leftover table of 3"),
        help_text=_("Empty: players 4 does not divide sit out in turn."))
    rounds = forms.IntegerField(min_value=1, max_value=30, initial=4, label=_("Rounds (hanchan)"))
    round_minutes = forms.IntegerField(min_value=1, max_value=600, required=False, initial=90,
                                       label=_("Round time limit (minutes)"), help_text=_("Empty: no time limit."))
    end_rule = forms.ChoiceField(choices=EndRule.choices, initial=EndRule.FINISH_HAND, label=_("When time is up"))
    registration_opens = forms.DateTimeField(required=False, label=_("Registration opens"),
                                             widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    registration_closes = forms.DateTimeField(required=False, label=_("Registration closes"),
                                              widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    player_cap = forms.IntegerField(min_value=3, max_value=1000, required=False, label=_("Player cap"),
                                    help_text=_("Past it, players go on the waiting list. Empty: no cap."))
    team_size = forms.IntegerField(min_value=1, max_value=10, initial=1, label=_("Team size"),
                                   help_text=_("1 = individual. Team-mates never share a table."))
    seating = forms.ChoiceField(choices=[c for c in SeatingMethod.choices if c[0] != SeatingMethod.BY_RANK],
                                initial=SeatingMethod.BALANCED, label=_("Seating"))  # by rank: a final's own
    cut_after = forms.IntegerField(min_value=1, required=False, label=_("Cut after round"))
    cut_to = forms.IntegerField(min_value=3, required=False, label=_("Players through the cut"))
    carry = forms.ChoiceField(choices=Carry.choices, initial=Carry.FULL, label=_("Points carried into the final stage"))
    withdrawal_policy = forms.ChoiceField(choices=WithdrawalPolicy.choices, initial=WithdrawalPolicy.KEEP,
                                          label=_("When a player withdraws"))
    public_results = forms.BooleanField(
        required=False, label=_("Public results"),
        help_text=_("Visitors who are not members may see the results, the board and the exports."))

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["public_results"].initial = club.public_standings
        from django.db.models import Q

        rulesets = Ruleset.objects.filter(Q(club=club) | Q(club__isnull=True)).order_by("name", "version")
        self.fields["ruleset"].queryset = rulesets
        three = [r.pk for r in rulesets if _players(r) == 3]
        self.fields["sanma_ruleset"].queryset = Ruleset.objects.filter(pk__in=three)
        self.fields["ruleset"].label_from_instance = lambda r: f"{r.name} v{r.version}"
        self.fields["sanma_ruleset"].label_from_instance = lambda r: f"{r.name} v{r.version}"


def _players(ruleset: Ruleset) -> int | None:
    try:
        return ruleset.to_scoring().players
    except Exception:  # a broken ruleset is not offered
        return None


class EntrantForm(forms.Form):
    member = forms.IntegerField(min_value=1, required=False)
    name = forms.CharField(max_length=60, required=False, label=_("Guest's name"))
    team = forms.CharField(max_length=60, required=False, label=_("Team"))


class SeatForm(forms.Form):
    number = forms.IntegerField(min_value=1)
    method = forms.ChoiceField(choices=SeatingMethod.choices, label=_("Seating"))
    csv_file = forms.FileField(required=False, label=_("Seating CSV (round,table,east,south,west,north)"))


class ScoresForm(forms.Form):
    """Final scores in seat order (East first); sticks left on the table."""

    sticks = forms.IntegerField(min_value=0, max_value=99, initial=0, required=False,
                                label=_("Riichi sticks left on the table"))
    reason = forms.CharField(max_length=200, required=False, label=_("Reason (for a correction)"))

    def __init__(self, *args, seats: int, **kwargs):
        super().__init__(*args, **kwargs)
        for i in range(seats):
            self.fields[f"score{i}"] = forms.IntegerField(min_value=-999_900, max_value=999_900,
                                                          label=_("Score"), widget=forms.NumberInput(
                                                              attrs={"step": 100, "inputmode": "numeric"}))
        self.seats = seats

    def scores(self) -> list[int]:
        return [self.cleaned_data[f"score{i}"] for i in range(self.seats)]


class PenaltyForm(forms.Form):
    member = forms.IntegerField(min_value=1)
    points = forms.DecimalField(min_value=0, max_digits=6, decimal_places=1, label=_("Points deducted"))
    reason = forms.CharField(max_length=200, label=_("Reason"))


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=200, label=_("Reason"))
