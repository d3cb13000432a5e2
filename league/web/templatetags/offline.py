"""``{% offline_config %}``: what static/league/offline.js needs to queue hands with no network.

The game record (replayed in the browser by the same ``scoring`` package, in Pyodide), the table the taps
are read against and the templates of the taps' refusals and of an event's words in the page's language
(``scoring.quick_entry`` turns taps into the event and the event into words there, as on the server), the
API's URLs and the queue's own words.
"""
from __future__ import annotations

import os
from typing import Any

from django import template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import json_script
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
    import json

    from django.contrib.staticfiles import finders

    found = finders.find("vendor/pyodide/package.json")
    if not found:
        return ""
    with open(found, encoding="utf-8") as f:
        return str(json.load(f).get("version", ""))


@register.simple_tag(takes_context=True)
def offline_config(context: dict[str, Any]) -> str:
    gv, game = context["gv"], context["game"]
    state = gv.replay.state
    config = {
        "game": game.pk,
        "position": len(gv.events),
        "record": gv.record,
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
    return json_script(config, "offline-config")
