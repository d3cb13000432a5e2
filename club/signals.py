"""What ``club`` announces to the layers above it (``club`` never imports them): events, sent and forgotten.

member_changed(sender=Member, member=<Member>): a member's name changed or a duplicate was merged into
them, inside the writing transaction; what shows their name (the league's standings) is refreshed
(``league.standings.receivers``).

record_moved(sender=Member, member=<Member>): a claim ("이 기록은 저입니다", ``club.claims``) moved a record onto
the claimant's person, or its undo moved it back, inside the writing transaction; what is kept per person
(a federation's results and rankings) follows (``federation.receivers``).
"""
from django.dispatch import Signal

member_changed = Signal()

record_moved = Signal()
