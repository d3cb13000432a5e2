"""Signals ``club`` sends for the layers above it (``club`` never imports them).

member_page_sections(sender=Member, member=<Member>, request=<HttpRequest>): the member's own page
("내 정보") asks the layers above for panels about this member. A receiver answers with HTML made
from its own template (escaped by the template engine), or None when it has nothing to show: events
shows tonight's seat, notify the member's own Telegram link. Each answer is shown in the order the
receivers were connected.
"""
from django.dispatch import Signal

member_page_sections = Signal()


def sections_for(*, member, request) -> list[str]:
    """The panels the layers above give for ``member``'s own page (empty answers left out)."""
    if member is None:
        return []
    return [html for _receiver, html in member_page_sections.send(sender=type(member), member=member,
                                                                  request=request) if html]
