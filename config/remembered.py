"""``{% url %}``, each link reversed once per process, and ``{% remember %}`` (issue 41, the CPU of a hand).

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
from django.core.signals import setting_changed
from django.dispatch import receiver
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


# --- {% remember key ... %}…{% endremember %} ----------------------------------------------------------------
_FRAGMENTS = Memo("remembered fragments", size=1024)


class RememberNode(template.Node):
    def __init__(self, nodelist, keys, place):
        self.nodelist = nodelist
        self.keys = keys
        self.place = place  # the how-manieth {% remember %} of its template: the same at every parse

    def render(self, context):
        origin = getattr(self, "origin", None)
        if origin is None or origin.name == template.base.UNKNOWN_SOURCE:
            return self.nodelist.render(context)  # no stable place to key on: drawn every time
        key = (origin.name, origin.template_name, self.place, get_language(), context.autoescape,
               *(k.resolve(context) for k in self.keys))
        return _FRAGMENTS.get(key, lambda: self.nodelist.render(context))


@register.tag
def remember(parser, token):
    """``{% remember [key ...] %}…{% endremember %}``: the fragment drawn once per process for its place in
    its template, the language and the keys' values, then written as it was (``core.memo``, rule 1).

    Only for markup that is a function of those alone: no ``{% csrf_token %}``, no form values, no
    ``{% block %}`` (a child template would change it under the same key), nothing of the user or the
    request that is not a key. The table screen's static parts (issue 41): the head's links, the
    language menus, the offline queue's skeleton.
    """
    keys = [parser.compile_filter(bit) for bit in token.split_contents()[1:]]
    place = parser.remembered = getattr(parser, "remembered", 0) + 1
    nodelist = parser.parse(("endremember",))
    parser.delete_first_token()
    return RememberNode(nodelist, keys, place)


@receiver(setting_changed)
def _settings_changed(**kwargs) -> None:
    """A test's ``override_settings`` (the languages, the URLconf, the static URL...): draw everything again."""
    _PATHS.forget()
    _FRAGMENTS.forget()
