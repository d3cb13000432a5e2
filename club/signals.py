"""Signals ``club`` sends for the layers above it (``club`` never imports them).

member_page_sections(sender=Member, member=<Member>, request=<HttpRequest>): the member's own page
("내 정보") asks the layers above for panels about this member. A receiver answers with HTML made
from its own template (escaped by the template engine), or None when it has nothing to show: events
shows tonight's seat, notify the member's own Telegram link. Each answer is shown in the order the
receivers were connected.

The others are for the league above club, to answer or react without club importing it (issue 24:
floor <- club <- league), sent inside the writing transaction. A question (``manage_asked``,
``member_page``) is answered by the receivers' return values; a check (``member_merging``) refuses by
raising ``ValidationError``.
"""
from django.dispatch import Signal

member_page_sections = Signal()


def sections_for(*, member, request) -> list[str]:
    """The panels the layers above give for ``member``'s own page (empty answers left out)."""
    if member is None:
        return []
    return [html for _receiver, html in member_page_sections.send(sender=type(member), member=member,
                                                                  request=request) if html]

# manage_asked(sender=Club, user=<User>, club=<Club>) -> bool: may ``user`` manage ``club``'s members and
# settings? The league's permission matrix answers; no answer (or any no) is a no.
manage_asked = Signal()
# member_merging(sender=Member, source=<Member>, target=<Member>): about to merge ``source`` into ``target``;
# a receiver refuses with a ``ValidationError`` (the two sat at the same game).
member_merging = Signal()
# member_merged(sender=Member, source=<Member>, target=<Member>) -> dict[str, int]: move the rows that name
# ``source`` over to ``target``; each receiver says how many of each it moved (for the audit entry).
member_merged = Signal()
# member_changed(sender=Member, member=<Member>): a member's name changed or a duplicate was merged into
# them: what shows their name (the league's standings) is refreshed.
member_changed = Signal()
# member_page(sender=Member, member=<Member>) -> dict: what the member's own page shows beside their name
# (the league's games and penalties), as template context.
member_page = Signal()
