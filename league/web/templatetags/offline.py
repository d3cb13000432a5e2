"""``{% offline_config %}``: what static/league/offline.js needs to queue hands with no network.

The game record (replayed in the browser by the same ``scoring`` package, in Pyodide), the table the taps
are read against and the templates of the taps' refusals and of an event's words in the page's language
(``scoring.quick_entry`` turns taps into the event and the event into words there, as on the server), the
API's URLs and the queue's own words.
"""
from __future__ import annotations

import json
import os
from typing import Any

from django import template
from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.templatetags.static import static
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from core.memo import Memo
from league.games.words import (
    event_word_templates,
    round_name,
    wind_name,
)
from league.web.games.forms import refusal_templates, tap_table
from league.web.games.offline import ENGINE_FILES, scoring_zip
from scoring.winds import WINDS

register = template.Library()


_STRINGS = Memo("offline words", size=16)


def _strings() -> dict[str, Any]:
    """The words in the page's language, worked out once per language and process (every table GET shows them)."""
    return _STRINGS.get(get_language() or "", _build_strings)


def _build_strings() -> dict[str, Any]:
    words = {
        # the queue
        "title": _("Waiting to send (%(n)s)"),
        "savedOffline": _("No network: the hand is saved on this phone and is sent when the network returns."),
        "sending": _("Sending…"),
        "waiting": _("Waiting for the network."),
        "notChecked": _("not yet checked"),
        "hand": _("Hand %(n)s"),
        "scoresAfter": _("Scores with the waiting hands"),
        "conflict": _("Another device entered hand %(n)s meanwhile. Keep one:"),
        "stored": _("Stored"), "mine": _("This phone's"),
        "keepStored": _("Keep the stored one"), "keepMine": _("Keep this phone's"),
        "keptReason": _("Kept by the host after an offline conflict"),
        "refused": _("Refused"), "drop": _("Drop this hand"),
        "held": _("The hands after it wait until it is fixed or dropped."),
        "fix": _("Fix it"), "fixing": _("Fixing hand %(n)s: enter it again and save."),
        "sendNow": _("Send now"),
        "offlineRefused": _("The rules refuse this hand (nothing was queued):"),
        "gameOver": _("The game is over with the waiting hands."),
        # fetching the engine (offline.js): after the page works, on Wi-Fi or when the host turns offline mode on
        "modeOn": _("Turn offline mode on"),
        "modeOff": _("Turn offline mode off"),
        "engineLoading": _("Downloading the offline engine: %(p)s"),
        "engineReady": _("Offline mode is ready: hands can be entered with no network."),
        "engineFailed": _("The offline engine could not be downloaded; it is tried again later."),
        "engineWaits": _("The offline engine (13 MB) downloads on Wi-Fi, or when you turn offline mode on."),
    }
    # the round banner and seat winds after the waiting hands (``round_words``, ``seat_wind``)
    words["rounds"] = {f"{w}{n}": round_name(f"{w}{n}") for w in WINDS for n in range(1, 5)}
    words["winds"] = {w: wind_name(w) for w in WINDS}
    words["honba"] = [ngettext("%(n)s honba", "%(n)s honba", 1), ngettext("%(n)s honba", "%(n)s honba", 2)]
    words["sticks"] = [ngettext("%(n)s stick", "%(n)s sticks", 1), ngettext("%(n)s stick", "%(n)s sticks", 2)]
    return words


def engine_sizes() -> dict[str, Any]:
    """The engine files' sizes (``warmSizes``, in the order of ``warm``) and their sum (``warmBytes``): the progress
    bar's 100 %. Read once per process (``core.memo``: a new release is a new process)."""
    return _SIZES.get("engine", _engine_sizes)


_SIZES = Memo("offline engine sizes", size=1)


def _engine_sizes() -> dict[str, Any]:
    from django.contrib.staticfiles import finders

    sizes = []
    for name in ENGINE_FILES:
        found = finders.find(name)
        sizes.append(os.path.getsize(found) if found else 0)
    sizes.append(len(scoring_zip()[0]))
    return {"warmSizes": sizes, "warmBytes": sum(sizes)}


def pyodide_version() -> str:
    """The vendored Pyodide's version (its package.json): a new one never starts from an old one's snapshot
    (static/league/offline-engine.js). Read once per process."""
    return _VERSION.get("pyodide", _pyodide_version)


_VERSION = Memo("pyodide version", size=1)


def _pyodide_version() -> str:
    from django.contrib.staticfiles import finders

    found = finders.find("vendor/pyodide/package.json")
    if not found:
        return ""
    with open(found, encoding="utf-8") as f:
        return str(json.load(f).get("version", ""))


def in_key_order(record: dict[str, Any]) -> dict[str, Any]:
    """The record with every object's keys in order: the page says a record the same way whether its hands came
    from the database (PostgreSQL's jsonb keeps its own order) or from the save that stored them (the order they
    were given in: ``league.games.records.hands_as_saved``), so a save's answer is the table's GET after it."""
    return json.loads(json.dumps(record, sort_keys=True, cls=DjangoJSONEncoder))


def config_value(context: dict[str, Any]) -> dict[str, Any]:
    """The whole configuration as one value (what ``offline_config`` writes, built the plain way; the tests
    compare the two)."""
    gv, game = context["gv"], context["game"]
    state = gv.replay.state
    return {
        "game": game.pk,
        "position": len(gv.events),
        "record": in_key_order(gv.record),
        "players": gv.players,
        "dealer": state.dealer,
        # scoring.quick_entry reads the taps against this table and says events in these words (Pyodide)
        "tapTable": tap_table(gv.table()).to_json(),
        "refusals": refusal_templates(),
        "eventWords": event_word_templates(),
        "lang": (get_language() or "ko"),
        "api": {"hands": reverse("api:hand-list"), "hand": reverse("api:hand-detail", args=[0])},
        "tableUrl": reverse("league:game_table", args=[game.pk]),
        "pyodide": static("vendor/pyodide/"),
        "pyodideVersion": pyodide_version(),  # with the zip's digest, the key of the engine's memory snapshot
        "scoringZip": reverse("offline:scoring_zip"),
        "warm": [static(name) for name in ENGINE_FILES] + [reverse("offline:scoring_zip")],
        **engine_sizes(),
        "strings": _strings(),
    }


# The parts that are the same at every table in a language (the words, the API's and the engine's URLs),
# as JSON written once per language and process; a GET writes only the table's own parts around them.
_ESCAPES = {ord(">"): "\\u003E", ord("<"): "\\u003C", ord("&"): "\\u0026"}  # django.utils.html.json_script's
_FIXED_JSON = Memo("offline config fixed parts", size=16)
_VALUES_JSON = Memo("offline config grid values", size=64)


def _members(value: dict[str, Any]) -> str:
    """``value``'s JSON without its braces (``json.dumps``' separators: members join with ", ")."""
    return json.dumps(value, cls=DjangoJSONEncoder)[1:-1]


def _fixed_json() -> tuple[str, str]:
    key = (get_language() or "", get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF, settings.DEBUG,
           settings.STATIC_URL)
    return _FIXED_JSON.get(key, _build_fixed_json)


def _build_fixed_json() -> tuple[str, str]:
    head = {"refusals": refusal_templates(), "eventWords": event_word_templates(), "lang": (get_language() or "ko"),
            "api": {"hands": reverse("api:hand-list"), "hand": reverse("api:hand-detail", args=[0])}}
    tail = {"pyodide": static("vendor/pyodide/"), "pyodideVersion": pyodide_version(),
            "scoringZip": reverse("offline:scoring_zip"),
            "warm": [static(name) for name in ENGINE_FILES] + [reverse("offline:scoring_zip")],
            **engine_sizes(), "strings": _strings()}
    return _members(head), _members(tail)


def _tap_table_json(gv) -> str:
    """``tap_table(...).to_json()`` as JSON, its han/fu values (the ruleset's, the bulk of it) written once."""
    table = tap_table(gv.table()).to_json()
    values = table["values"]
    table["values"] = {}
    ruleset = gv.ruleset
    written = _VALUES_JSON.get(ruleset, lambda: json.dumps(values, cls=DjangoJSONEncoder))
    return json.dumps(table, cls=DjangoJSONEncoder).replace('"values": {}', f'"values": {written}', 1)


@register.simple_tag(takes_context=True)
def offline_config(context: dict[str, Any]) -> str:
    """``json_script(config_value(context), "offline-config")``, byte for byte, the fixed parts written once."""
    gv, game = context["gv"], context["game"]
    head, tail = _fixed_json()
    own = _members({"game": game.pk, "position": len(gv.events), "record": in_key_order(gv.record),
                    "players": gv.players, "dealer": gv.replay.state.dealer})
    url = json.dumps(reverse("league:game_table", args=[game.pk]))
    text = f'{{{own}, "tapTable": {_tap_table_json(gv)}, {head}, "tableUrl": {url}, {tail}}}'
    return format_html('<script id="{}" type="application/json">{}</script>', "offline-config",
                       mark_safe(text.translate(_ESCAPES)))
