"""``{% url %}``, each link reversed once per process (issue 41, the CPU of a hand).

A builtin library (``TEMPLATES``' ``builtins``): it replaces Django's ``{% url %}`` in every template
with the same tag whose reversed paths are remembered (``core.memo``). The table screen alone has ~20
links a GET and Django resolves each one through the URL resolver every time; a path is a pure
function of the view's name, its arguments, the app asking (``current_app``), the URLconf, the
script prefix and the language, all in the key (rule 1 of ``core.memo``). Only plain ``str``/``int``
arguments are remembered (an object's ``str`` may change); anything else, and a name that does not
reverse, goes through Django's ``reverse`` as before. The output is Django's: same escaping, same
``as var``.
"""
from __future__ import annotations

from django import template
from django.conf import settings
from django.template.defaulttags import URLNode
from django.template.defaulttags import url as django_url
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape
from django.utils.translation import get_language

from core.memo import Memo

register = template.Library()

_PATHS = Memo("reversed urls", size=4096)  # ~20 a table, a few hundred tables' worth
_PLAIN = (str, int)


def remembered_reverse(view_name, args, kwargs, current_app) -> str:
    """``reverse(...)``, remembered when every argument is a plain ``str``/``int``."""
    if not (isinstance(view_name, str) and all(type(a) in _PLAIN for a in args)
            and all(type(v) in _PLAIN for v in kwargs.values())):
        return reverse(view_name, args=args, kwargs=kwargs, current_app=current_app)
    key = (view_name, tuple(args), tuple(sorted(kwargs.items())), current_app,
           get_urlconf() or settings.ROOT_URLCONF, get_script_prefix(), get_language())
    return _PATHS.get(key, lambda: reverse(view_name, args=args, kwargs=kwargs, current_app=current_app))


class RememberedURLNode(URLNode):
    def render(self, context):  # Django's URLNode.render (5.2), with remembered_reverse
        args = [arg.resolve(context) for arg in self.args]
        kwargs = {k: v.resolve(context) for k, v in self.kwargs.items()}
        view_name = self.view_name.resolve(context)
        try:
            current_app = context.request.current_app
        except AttributeError:
            try:
                current_app = context.request.resolver_match.namespace
            except AttributeError:
                current_app = None
        url = ""
        try:
            url = remembered_reverse(view_name, args, kwargs, current_app)
        except NoReverseMatch:
            if self.asvar is None:
                raise
        if self.asvar:
            context[self.asvar] = url
            return ""
        if context.autoescape:
            url = conditional_escape(url)
        return url


@register.tag
def url(parser, token):
    node = django_url(parser, token)
    return RememberedURLNode(node.view_name, node.args, node.kwargs, node.asvar)
