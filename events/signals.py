"""Signals club nights send inside the writing transaction, for the layers above (notify) to react
without events importing them (issue 27)."""
from django.dispatch import Signal

# round_seated(sender=NightRound, round=<NightRound>): a round of a club night was seated.
round_seated = Signal()
# night_closed(sender=ClubNight, night=<ClubNight>): a club night was closed.
night_closed = Signal()
