from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from notify.models import CHANNEL_EVENT_CHOICES, ChannelKind


class ChannelForm(forms.Form):
    kind = forms.ChoiceField(label=_("service"), choices=ChannelKind.choices, widget=forms.RadioSelect)
    label = forms.CharField(label=_("name"), max_length=80, required=False)
    secret = forms.CharField(label=_("Discord webhook URL or Telegram bot token"), max_length=300,
                             widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}))
    chat_id = forms.CharField(label=_("Telegram chat id"), max_length=64, required=False)
    bot_username = forms.CharField(label=_("Telegram bot username"), max_length=64, required=False,
                                   help_text=_("Optional: members then link their own Telegram in one tap."))
    events = forms.MultipleChoiceField(label=_("What goes out"), choices=CHANNEL_EVENT_CHOICES, required=False,
                                       widget=forms.CheckboxSelectMultiple)


class ChannelEventsForm(forms.Form):
    events = forms.MultipleChoiceField(choices=CHANNEL_EVENT_CHOICES, required=False,
                                       widget=forms.CheckboxSelectMultiple)
    active = forms.BooleanField(required=False)
