"""The table screens' words for events, wins, rounds and game ends, in the page's language.

What an event or a win *says* is computed here (for the pages, the referee's lists and the
table's panels); the template tags in ``league.web.templatetags.mahjong`` only register these.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext_lazy, gettext_noop, ngettext, pgettext
from django.utils.translation import gettext as _

from core.memo import Memo
from scoring.hand.names import yaku_label
from scoring.messages import Message, phrase, render
from scoring.payments import Limit, win_points
from scoring.quick_entry import event_text, value_text
from scoring.rules import Abort
from scoring.termination import Termination
from scoring.vocabulary import EVENT_PENALTIES, PenaltyType
from scoring.winds import dealer_of, paid_as_dealer
from scoring.winds import seat_wind as seat_wind_of

ABORT_LABELS = {
    Abort.FOUR_WINDS: gettext_lazy("Four winds"),
    Abort.FOUR_RIICHI: gettext_lazy("Four riichi"),
    Abort.FOUR_KANS: gettext_lazy("Four kans"),
    Abort.NINE_TERMINALS: gettext_lazy("Nine terminals"),
    Abort.TRIPLE_RON: gettext_lazy("Triple ron"),
}


def wind_name(letter: str) -> str:
    return {
        "E": pgettext("wind", "East"),
        "S": pgettext("wind", "South"),
        "W": pgettext("wind", "West"),
        "N": pgettext("wind", "North"),
    }.get(letter, letter)


def round_name(round_code: str) -> str:
    """``"S2"`` -> "South 2" / "남 2국"."""
    if not round_code:
        return ""
    return _("%(wind)s %(number)s") % {"wind": wind_name(round_code[0]), "number": round_code[1:]}


def hand_name(round_code: str, honba: int) -> str:
    """A hand as a table names it: "East 3, 1 honba" / "동 3국 1본장" (no honba: "동 3국")."""
    if not honba:
        return round_name(round_code)
    return f"{round_name(round_code)} " + ngettext("%(n)s honba", "%(n)s honba", honba) % {"n": honba}


def round_words(round_code: str, honba: int, sticks: int) -> str:
    """ "South 2 · 1 honba · 2 sticks" / "남 2국 · 1본장 · 공탁 2"."""
    return " · ".join(
        [
            round_name(round_code),
            ngettext("%(n)s honba", "%(n)s honba", honba) % {"n": honba},
            ngettext("%(n)s stick", "%(n)s sticks", sticks) % {"n": sticks},
        ]
    )


LIMIT_NAMES = {
    Limit.MANGAN: gettext_noop("Mangan"), Limit.HANEMAN: gettext_noop("Haneman"),
    Limit.BAIMAN: gettext_noop("Baiman"), Limit.SANBAIMAN: gettext_noop("Sanbaiman"),
}


def value_words(win: dict[str, Any]) -> str:
    """A WIN's entered value in words (``scoring.quick_entry.value_text``)."""
    return value_text(win, event_word_templates())


def rule_words(code: str) -> str:
    """A rule code (a penalty kind...) in the page's language, from the engine's catalogue
    (``scoring.messages.phrase``): "yellow_card" -> "Yellow card" / "옐로카드"."""
    words = phrase(code)
    return capfirst(render(words, get_language()) if isinstance(words, Message) else words)


PENALTY_EVENT_KINDS = tuple(sorted(k.value for k in EVENT_PENALTIES if k is not PenaltyType.RULING))
"""The penalties a ``penalty`` event names by their kind alone (a ruling names its amount too)."""

KAZOE_YAKUMAN = gettext_noop("Kazoe yakuman")


def yaku_names(yaku: Sequence[Sequence[Any]], lang: str | None = None) -> list[str]:
    """``(("riichi", 1), ("dora", 2))`` -> ``["리치", "도라 2"]`` in the page's language."""
    lang = lang or get_language()
    return [yaku_label(item[0], item[1], lang) for item in yaku]


def limit_words(limit: Any, yakuman: int = 0, *, kazoe: bool = False) -> str:
    """A limit hand by its name: "만관" ... "삼배만", "역만", "2배 역만", "헤아림 역만"; "" below mangan."""
    limit = getattr(limit, "value", limit)
    if not limit:
        return ""
    if limit == "yakuman":
        if kazoe and yakuman <= 1:
            return _(KAZOE_YAKUMAN)
        return _("Yakuman") if yakuman <= 1 else _("%(n)s× yakuman") % {"n": yakuman}
    return _(LIMIT_NAMES[limit]) if limit in LIMIT_NAMES else str(limit)


def _limit_name(result: Any) -> str:
    """A settled win's limit in words (``scoring.settle.WinResult``: its value, and whether it is kazoe)."""
    return limit_words(result.value.limit, result.value.yakuman, kazoe=result.kazoe)


def replayed_value(win: dict[str, Any] | None) -> str:
    """A stored replayed value (``{"han", "fu", "yakuman", "limit", "kazoe"}``) in words: "3판 30부", "만관"."""
    if not win:
        return ""
    words = limit_words(win.get("limit"), int(win.get("yakuman") or 0), kazoe=bool(win.get("kazoe")))
    if words or win.get("fu") is None:
        return words
    return _("%(han)s han %(fu)s fu") % {"han": win.get("han"), "fu": win["fu"]}


def _paid_words(result: Any, *, loser: int | None, round_code: str, rules: Any) -> str:
    """What the win pays before honba and sticks: "3,900" (ron), "1,000/2,000" or "2,000 all" (tsumo)."""
    if rules is None or not round_code:
        return ""
    try:
        points = win_points(result.value, dealer=result.winner == dealer_of(round_code), tsumo=loser is None,
                            ruleset=rules, paid_as_dealer=paid_as_dealer(rules, round_code[0]))
    except (ValueError, TypeError, IndexError, AttributeError):
        return ""
    if "ron" in points:
        return f"{points['ron']:,}"
    if "all" in points:
        return _("%(points)s all") % {"points": f"{points['all']:,}"}
    return f"{points['non_dealer']:,}/{points['dealer']:,}"


def win_value_words(result: Any, *, loser: int | None = None, round_code: str = "", rules: Any = None) -> str:
    """One win's value as the replay settled it: "3 han 30 fu 3,900" / "3판 30부 3,900", "Mangan 8,000"."""
    value = result.value
    words = _limit_name(result)
    if not words:
        words = _("%(han)s han %(fu)s fu") % {"han": value.han, "fu": value.fu}
    paid = _paid_words(result, loser=loser, round_code=round_code, rules=rules)
    return f"{words} {paid}" if paid else words


def _win_html(result: Any, *, loser: int | None, row: Any, rules: Any) -> str:
    text = conditional_escape(win_value_words(result, loser=loser, round_code=row.round, rules=rules))
    if result.yaku:
        yaku = "·<wbr>".join(conditional_escape(n) for n in yaku_names(result.yaku))
        text = f'{text} · <span class="win-yaku">{yaku}</span>'
    return text


def _pao_words(win: dict[str, Any], esc: Sequence[str], *, row: Any, rules: Any, riichi: Sequence[int],
               alone: bool) -> str:
    """ " · 책임지불 강서연 32,000": the liable player of a win, and what they paid in the hand (honba
    included) where they are the only payer named (one win): the replayed row's move of their score,
    less a riichi stick they placed this hand."""
    pao = win.get("pao")
    if pao is None or not 0 <= int(pao) < len(esc):
        return ""
    pao = int(pao)
    paid = ""
    deltas = getattr(row, "deltas", None)
    if alone and deltas:
        amount = -deltas[pao] - (getattr(rules, "riichi_stick", 1000) if pao in riichi else 0)
        if amount > 0:
            paid = f" {amount:,}"
    return " · " + _("pao %(name)s") % {"name": esc[pao]} + paid


def event_words(event: dict[str, Any], players: Sequence[str], row: Any = None, rules: Any = None) -> str:
    """One contract event as a sentence a host reads at a glance.

    With the replayed ``row`` (``scoring.game.HandRow``) and the engine's ruleset (``rules``),
    each win says what it was worth as settled — han/fu or the limit, what it paid — and a
    full hand's yaku; the result is then HTML (names escaped; the yaku list may wrap between
    yaku). Without them (the audit log), the event's own entries are named.
    """
    results = {w.winner: w for w in getattr(row, "wins", None) or ()}
    if not results or event.get("kind") not in ("ron", "tsumo"):
        return _event_text(event, players)
    esc = [conditional_escape(p) for p in players]
    riichi = event.get("riichi") or []
    if event["kind"] == "ron":
        entries = [w for w in event.get("wins") or [] if w.get("winner") in results]
        loser = event["loser"]

        def value(w: dict[str, Any]) -> str:
            return _win_html(results[w["winner"]], loser=loser, row=row, rules=rules) + _pao_words(
                w, esc, row=row, rules=rules, riichi=riichi, alone=len(entries) == 1)

        if len(entries) == 1:
            w = entries[0]
            text = _("%(winner)s ron from %(loser)s · %(value)s") % {
                "winner": esc[w["winner"]], "loser": esc[loser], "value": value(w)}
        else:
            parts = "; ".join(f"{esc[w['winner']]} {value(w)}" for w in entries)
            label = _("Double ron") if len(entries) == 2 else _("Triple ron")
            text = _("%(label)s from %(loser)s · %(parts)s") % {"label": label, "loser": esc[loser], "parts": parts}
    else:
        winner = event["winner"]
        if winner not in results:
            return _event_text(event, players)
        text = _("%(winner)s tsumo · %(value)s") % {
            "winner": esc[winner], "value": _win_html(results[winner], loser=None, row=row, rules=rules)
            + _pao_words(event, esc, row=row, rules=rules, riichi=riichi, alone=True)}
    if riichi:
        text += " · " + _("riichi: %(names)s") % {"names": ", ".join(esc[s] for s in riichi)}
    return mark_safe(text)  # names escaped above; the rest is our words


def _event_text(event: dict[str, Any], players: Sequence[str]) -> str:
    """The event's own words (no replay): what was entered (``scoring.quick_entry.event_text``, the words
    the offline table screen also shows)."""
    words = event_word_templates()
    penalty = str(event.get("type", "")) if event.get("kind") == "penalty" else ""
    if penalty and penalty not in words["penalties"]:
        words = {**words, "penalties": {**words["penalties"], penalty: rule_words(penalty)}}
    return event_text(event, players, words)


_EVENT_WORDS = Memo("event words", size=16)


def event_word_templates() -> dict[str, Any]:
    """The templates of ``scoring.quick_entry.event_text`` in the page's language (worked out once per
    language and process; the offline page ships them in its config)."""
    return _EVENT_WORDS.get(get_language() or "", _build_event_words)


def _build_event_words() -> dict[str, Any]:
    return {
        "ron": _("%(winner)s ron from %(loser)s · %(value)s"),
        "multi": _("%(label)s from %(loser)s · %(parts)s"),
        "double": _("Double ron"), "triple": _("Triple ron"),
        "tsumo": _("%(winner)s tsumo · %(value)s"),
        "pao": _("pao %(name)s"),
        "noten": _("Draw · all noten"), "all_tenpai": _("Draw · all tenpai"),
        "tenpai": _("Draw · tenpai: %(names)s"),
        "nagashi": _("Nagashi mangan: %(names)s"),
        "abort": _("Abortive draw · %(reason)s"),
        "chombo": _("%(name)s chombo"), "deliberate": _("%(name)s deliberate chombo"),
        "penalty": _("%(name)s: %(penalty)s"),
        "stop": _("The dealer ends the game"),
        "end_time": _("Time is up — game over"),
        "end_referee": _("The referee ends the game"),
        "result": _("Final scores entered"),
        "riichi": _("riichi: %(names)s"),
        "full_hand": _("full hand"),
        "yakuman": _("Yakuman"), "yakuman_n": _("%(n)s× yakuman"),
        "han_fu": _("%(han)s han %(fu)s fu"),
        "han_kazoe": _("%(han)s han (kazoe)"),
        "han_limit": _("%(han)s han %(limit)s"),
        "limits": {limit.value: _(name) for limit, name in LIMIT_NAMES.items()},
        "aborts": {abort.value: str(label) for abort, label in ABORT_LABELS.items()},
        "penalties": {kind: rule_words(kind) for kind in PENALTY_EVENT_KINDS},
    }


def _termination(ended_by: str) -> Termination | None:
    """A stored ``ended_by`` as the engine's enum (``final_scores``, written before issue 21, is a ``result``)."""
    try:
        return Termination("result" if ended_by == "final_scores" else ended_by)
    except ValueError:
        return None


def ended_by_words(ended_by: str | None) -> str:
    """How a game ended (a ``scoring.termination.Termination`` code) as the engine's catalogue says it."""
    termination = _termination(ended_by) if ended_by else None
    if termination is None:
        return str(ended_by or "")
    return render(termination.sentence, get_language())


def ended_by_phrase(ended_by: str | None) -> str:
    """How a game ended in a few words, for lists and the board: "시간 종료", "심판 종료", "점수 입력", "토비"."""
    termination = _termination(ended_by) if ended_by else None
    if termination is None:
        return str(ended_by or "")
    return render(termination.phrase, get_language())


def seat_wind(seat: int, dealer: int, seats: int) -> str:
    """The seat's wind this hand (``scoring.winds.seat_wind``: the dealer is East)."""
    return wind_name(seat_wind_of(int(seat), int(dealer), int(seats)))


def _en_ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st (the English msgid; other languages use ``n``)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def renchan_words(renchan: int) -> str:
    """The dealer's renchan count: "2 renchan" / "2연장" (empty when the dealer has not repeated)."""
    n = int(renchan or 0)
    if n <= 0:
        return ""
    return ngettext("%(n)s renchan", "%(n)s renchan", n) % {"n": n}


def dealer_min_han_words(renchan: int, han: int | None, counts_dora: bool = True) -> str:
    """The engine's ``GameState.dealer_min_han`` in words: "Dealer's 5th renchan: 2 han minimum"."""
    if not han:
        return ""
    n = int(renchan or 0)
    ordinal = _en_ordinal(n) if (get_language() or "").startswith("en") else str(n)
    # Translators: %(ordinal)s is "5th" in English and the bare number elsewhere: "오야 %(ordinal)s연장: …".
    text = _("Dealer's %(ordinal)s renchan: %(han)s han minimum") % {"ordinal": ordinal, "han": han}
    if not counts_dora:
        text += " " + _("(dora do not count)")
    return text


# The audit log stores English keys (AuditEntry.object_type, .action); these are their words.


def table_words(label: str | int | None) -> str:
    """A game's table in words: "테이블 A" for a bare label, as stored where the label already says it is a table
    ("1라운드 · 1번 테이블"), never "테이블 테이블"."""
    text = str(label or "").strip()
    if not text:
        return "—"
    if "테이블" in text or "table" in text.lower():
        return text
    return _("Table %(table)s") % {"table": text}
