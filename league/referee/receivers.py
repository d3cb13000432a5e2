"""What the referee does when the layers below it announce a change (connected in ``league.apps``)."""
from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from league.models import HandRecord
from league.referee import services
from league.signals import penalty_hand_deleted


@receiver(penalty_hand_deleted, sender=HandRecord, dispatch_uid="league.referee.penalty_hand_deleted")
def cancel_the_deleted_hands_penalty(sender, *, hand: HandRecord, by, reason: str, **kwargs: Any) -> None:
    """A hand holding a penalty was undone or deleted: its penalty is cancelled (and audited) with the hand."""
    services.penalty_cancel_with_hand(hand=hand, by=by, reason=reason)
