"""What ``club`` announces to the layers above it (``club`` never imports them): events, sent and forgotten.

member_changed(sender=Member, member=<Member>): a member's name changed or a duplicate was merged into
them, inside the writing transaction; what shows their name (the league's standings) is refreshed
(``league.standings.receivers``).
"""
from django.dispatch import Signal

member_changed = Signal()
