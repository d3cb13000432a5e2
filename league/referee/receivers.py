"""The referee's answers to the signals of the layers below it (connected in ``league.apps``)."""
from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from league.games.signals import penalty_entered
from league.models import HandRecord
from league.referee import services


@receiver(penalty_entered, dispatch_uid="league.referee.penalty_entered")
def give_entered_penalty(sender, *, game, position, event, by, once, **kwargs: Any) -> tuple[HandRecord, bool]:
    """A penalty event entered on the table screen: given by the referee's service (its permission applies)."""
    return services.penalty_hand(game=game, position=position, event=event, by=by, once=once)
