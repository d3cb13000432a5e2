"""``{% offline_config %}``: what static/league/offline.js needs to queue hands with no network.

The game record (replayed in the browser by the same ``scoring`` package, in Pyodide), the value grid's
labels, the API's URLs and the words of a hand in the page's language (the msgids of ``event_words``).
"""
from __future__ import annotations

from typing import Any

from django import template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import json_script
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from config.memo import Memo
from league.games.forms import value_choices
from league.games.offline import ENGINE_FILES
from league.games.words import ABORT_LABELS, PENALTY_EVENT_KINDS, round_name, rule_words, wind_name
from scoring.winds import WINDS

register = template.Library()


_STRINGS = Memo("offline words", size=16)


def _strings() -> dict[str, Any]:
    """The words in the page's language, worked out once per language and process (every table GET shows them)."""
    return _STRINGS.get(get_language() or "", _build_strings)


def _build_strings() -> dict[str, Any]:
    words = {
        "ron": _("%(winner)s ron from %(loser)s · %(value)s"),
        "multi": _("%(label)s from %(loser)s · %(parts)s"),
        "double": _("Double ron"), "triple": _("Triple ron"),
        "tsumo": _("%(winner)s tsumo · %(value)s"),
        "noten": _("Draw · all noten"), "allTenpai": _("Draw · all tenpai"),
        "tenpai": _("Draw · tenpai: %(names)s"),
        "nagashi": _("Nagashi mangan: %(names)s"),
        "abort": _("Abortive draw · %(reason)s"),
        "chombo": _("%(name)s chombo"), "deliberate": _("%(name)s deliberate chombo"),
        "penalty": _("%(name)s: %(penalty)s"), "stop": _("The dealer ends the game"),
        "riichi": _("riichi: %(names)s"), "fullHand": _("full hand"),
        "han": _("%(han)s han"),
        # the form's refusals (the same as the server's form)
        "choose": _("Choose the %(who)s."), "winner": _("winner"), "loser": _("player who dealt in"),
        "offender": _("offender"), "value": _("Choose the hand's value."),
        "selfRon": _("The winner cannot deal in to themselves."),
        "multiRon": _("A multiple ron needs at least two winners."),
        "nagashiWho": _("Choose who made nagashi mangan."), "abortWhy": _("Choose the abortive draw."),
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
    }
    words["abortReasons"] = {a.value: str(label) for a, label in ABORT_LABELS.items()}
    words["penalties"] = {k: rule_words(k) for k in PENALTY_EVENT_KINDS}
    words["ronKind"] = pgettext("hand result", "Ron")
    # the round banner and seat winds after the waiting hands (``round_words``, ``seat_wind``)
    words["rounds"] = {f"{w}{n}": round_name(f"{w}{n}") for w in WINDS for n in range(1, 5)}
    words["winds"] = {w: wind_name(w) for w in WINDS}
    words["honba"] = [ngettext("%(n)s honba", "%(n)s honba", 1), ngettext("%(n)s honba", "%(n)s honba", 2)]
    words["sticks"] = [ngettext("%(n)s stick", "%(n)s sticks", 1), ngettext("%(n)s stick", "%(n)s sticks", 2)]
    return words


@register.simple_tag(takes_context=True)
def offline_config(context: dict[str, Any]) -> str:
    gv, game = context["gv"], context["game"]
    state = gv.replay.state
    values = {c.value: str(c.label) for row in value_choices(gv.ruleset) for c in row}
    config = {
        "game": game.pk,
        "position": len(gv.events),
        "record": gv.record,
        "players": gv.players,
        "dealer": state.dealer,
        "agariForbidden": [bool(x) for x in state.agari_forbidden],
        "asksDealerDora": state.dealer_min_han is not None,
        "values": values,
        "lang": (get_language() or "ko"),
        "api": {"hands": reverse("api:hand-list"), "hand": reverse("api:hand-detail", args=[0])},
        "tableUrl": reverse("league:game_table", args=[game.pk]),
        "pyodide": static("vendor/pyodide/"),
        "scoringZip": reverse("offline:scoring_zip"),
        "warm": [static(name) for name in ENGINE_FILES] + [reverse("offline:scoring_zip")],
        "strings": _strings(),
    }
    return json_script(config, "offline-config")
