"""Korean particles after names: ``{{ text|particles }}`` and ``{% filter particles %}…{% endfilter %}`` settle
"최하늘(으)로" into "최하늘로" (``scoring.messages.settle_particles``, the one home of the rule)."""
from __future__ import annotations

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from scoring.messages import settle_particles

register = template.Library()


@register.filter(is_safe=True)
def particles(value) -> str:
    """The text with each doubled particle as the one its word takes; escapes as the text would have been."""
    return mark_safe(settle_particles(str(conditional_escape(value))))  # escaped first; it only drops "(", ")"
