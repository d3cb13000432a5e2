"""Choices the club nights and the tournaments share (both packages' models and ``events.timed`` import
them from here; ``events.models`` only gathers the packages' models)."""
from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class EndRule(models.TextChoices):
    FINISH_HAND = "finish_hand", _("Finish the hand in play")
    ONE_MORE_HAND = "one_more_hand", _("Play one more hand")
    ALL_LAST = "all_last", _("The next hand is all-last")
