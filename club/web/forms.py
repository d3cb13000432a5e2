"""Forms for managing a club's members and for self-service (joining, invites, renaming)."""
from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import get_language_info
from django.utils.translation import gettext_lazy as _

from club.models import ClubRole, Member


def _language_choices() -> list[tuple[str, str]]:
    """The site's languages, each named in itself (한국어, English, 日本語, 简体中文, 繁體中文)."""
    return [(code, get_language_info(code)["name_local"]) for code, _name in settings.LANGUAGES]


class MemberAddForm(forms.Form):
    display_name = forms.CharField(label=_("Display name"), max_length=60)
    roles = forms.MultipleChoiceField(label=_("Roles"), choices=ClubRole.Role.choices, required=False,
                                      widget=forms.CheckboxSelectMultiple)


class MemberEditForm(forms.Form):
    display_name = forms.CharField(label=_("Display name"), max_length=60)
    roles = forms.MultipleChoiceField(label=_("Roles"), choices=ClubRole.Role.choices, required=False,
                                      widget=forms.CheckboxSelectMultiple)
    active = forms.BooleanField(label=_("Active"), required=False)


class MemberMergeForm(forms.Form):
    target = forms.ModelChoiceField(label=_("Merge into"), queryset=Member.objects.none(),
                                    help_text=_("The member who stays. This one's games and penalties move there."))
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)

    def __init__(self, *args: Any, member: Member, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["target"].queryset = Member.objects.filter(
            club=member.club, merged_into__isnull=True).exclude(pk=member.pk).order_by("display_name")


class LanguageSelect(forms.Select):
    """Each language named in its own words and marked so (``lang``): a reader and a screen reader take
    "日本語" on a Korean page as Japanese, not as a word of the page."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex=subindex, attrs=attrs)
        if value:
            option["attrs"]["lang"] = value
        return option


class ClubSettingsForm(forms.Form):
    name = forms.CharField(label=_("Club name"), max_length=120)
    public_standings = forms.BooleanField(label=_("Public standings"), required=False,
                                          help_text=_("Anonymous visitors may see the standings."))
    language = forms.ChoiceField(label=_("Language of the club's notifications"), choices=_language_choices,
                                 widget=LanguageSelect,
                                 required=False,  # a form posted without it keeps the club's language
                                 help_text=_("Discord and Telegram channels of the club get their messages in it; "
                                             "a member's own messages come in the member's language."))

    visitors_ranked = forms.BooleanField(
        label=_("Rank visitors"), required=False,
        help_text=_("Members of other clubs who play here are ranked in the standings; otherwise they are listed "
                    "as visitors without a rank."))


class LanguageForm(forms.Form):
    """"내 정보": the login's language (issue 38), stored with the login."""
    language = forms.ChoiceField(label=_("Language"), choices=_language_choices, widget=LanguageSelect)


class DecideForm(forms.Form):
    display_name = forms.CharField(label=_("Display name"), max_length=60, required=False)
    note = forms.CharField(label=_("Note"), max_length=300, required=False)


class JoinForm(forms.Form):
    display_name = forms.CharField(label=_("Display name"), max_length=60,
                                   help_text=_("The name shown at the tables and in the standings."))
    message = forms.CharField(label=_("Message to the admins"), max_length=300, required=False,
                              widget=forms.Textarea(attrs={"rows": 2}))


class SignupForm(UserCreationForm):
    """A new login for a visitor who joins a club or uses an invite code."""


class InviteCodeForm(forms.Form):
    code = forms.CharField(label=_("Invite code"), max_length=20)


class RenameForm(forms.Form):
    display_name = forms.CharField(label=_("New display name"), max_length=60)


class PersonForm(forms.Form):
    """A person's details across clubs (issue 36): on "내 정보" (with ``findable``) and the admin's member page."""

    latin_name = forms.CharField(label=_("Name in Latin letters"), max_length=80, required=False,
                                 help_text=_("As the EMA and other federations list you, e.g. 'KIM Minsu'."))
    aliases = forms.CharField(label=_("Other names"), max_length=600, required=False,
                              help_text=_("Other spellings of the name, separated by commas."))
    federation_id = forms.CharField(label=_("Federation ID"), max_length=32, required=False)
    ema_id = forms.CharField(label=_("EMA ID"), max_length=16, required=False)
    country = forms.CharField(label=_("Country"), max_length=40, required=False,
                              help_text=_("As the EMA lists it, e.g. 'Korea'; empty: the federation's country."))
    findable = forms.BooleanField(label=_("Other clubs may find me by name"), required=False,
                                  help_text=_("Their desk can then check you in as a visitor without your card."))

    def __init__(self, *args: Any, own: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not own:  # whether other clubs find a person is the person's own choice
            del self.fields["findable"]

    @staticmethod
    def initial_for(person) -> dict:
        return {"latin_name": person.latin_name, "aliases": ", ".join(person.aliases or ()),
                "federation_id": person.federation_id, "ema_id": person.ema_id, "country": person.country,
                "findable": person.findable}

    def aliases_list(self) -> list[str]:
        return [a for a in (part.strip() for part in self.cleaned_data["aliases"].split(",")) if a]


class ClaimForm(forms.Form):
    message = forms.CharField(label=_("Message to the admins"), max_length=300, required=False,
                              widget=forms.Textarea(attrs={"rows": 2}),
                              help_text=_("When and where you played under this name."))
