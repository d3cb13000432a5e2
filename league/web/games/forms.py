"""Forms of the table-host and referee screens.

Every form validates on the server. The hand-entry form's taps become one contract event
(``shared/contracts/game-record.md``) by ``scoring.quick_entry.event_from_taps``, the same Python the
offline table screen runs in the browser; whether that event is legal at this
point of the game, and what it pays, is the scoring engine's answer, never the form's.
"""
from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from core.memo import memoize
from league.games.entry_screen import EntryContext
from league.games.words import ABORT_LABELS
from scoring.errors import ScoringError
from scoring.messages import TRIPLE_RON_ABORT, render
from scoring.payments import FU_VALUES, KAZOE_HAN, LIMIT_HAN, check_han_fu, check_win_han_fu, hand_value
from scoring.quick_entry import DORA_FIELDS, TapRefusal, TapTable, event_from_taps, refusal_text
from scoring.rules import Abort, Kazoe, Nagashi, Renhou, Ruleset


@dataclass(frozen=True)
class ValueChoice:
    """One button of the han/fu grid: ``value`` is what the form posts."""

    value: str
    han: int | None
    fu: int | None
    yakuman: int
    label: str


def value_choices(ruleset: Ruleset, *, tsumo: bool | None = None) -> tuple[tuple[ValueChoice, ...], ...]:
    """Valid han/fu pairs, grouped in rows (one per han), then limits and yakuman.

    A pair is offered only when ``scoring.payments.check_han_fu`` accepts it — and, for a
    ron (``tsumo=False``) or a tsumo (``tsumo=True``), ``check_win_han_fu`` for that kind of
    win (no 20 fu ron, no 2 han chiitoitsu tsumo); within a han row the fu stop at the first
    pair the engine pays as a mangan (the mangan button covers the rest).

    The grid depends on the ruleset (frozen, hashable) and the labels' language only, and every
    form of every table asks for it three times a request: it is worked out once per process.
    """
    return _value_choices(ruleset, tsumo, get_language())


@memoize("han/fu value choices", size=256)
def _value_choices(ruleset: Ruleset, tsumo: bool | None, language: str | None) -> tuple[tuple[ValueChoice, ...], ...]:
    rows: list[tuple[ValueChoice, ...]] = []
    for han in range(1, 5):
        row = []
        for fu in FU_VALUES:
            try:
                check_han_fu(han, fu)
                if tsumo is not None:
                    check_win_han_fu(han, fu, ruleset, tsumo=tsumo)
                value = hand_value(han, fu, ruleset)
            except ScoringError:
                continue
            if value.limit is not None:
                break
            row.append(ValueChoice(f"{han}-{fu}", han, fu, 0, _("%(han)s han %(fu)s fu") % {"han": han, "fu": fu}))
        rows.append(tuple(row))
    limit_labels = {5: _("Mangan"), 6: _("Haneman"), 8: _("Baiman"), 11: _("Sanbaiman")}
    limits = [ValueChoice(str(h), h, None, 0, str(limit_labels[h])) for h in LIMIT_HAN]
    if ruleset.kazoe is Kazoe.YAKUMAN:
        limits.append(ValueChoice(str(KAZOE_HAN), KAZOE_HAN, None, 0, str(_("Kazoe yakuman"))))
    rows.append(tuple(limits))
    top = ruleset.yakuman_cap or 3
    rows.append(tuple(
        ValueChoice(f"Y{m}", None, None, m, str(_("Yakuman") if m == 1 else _("%(n)s× yakuman") % {"n": m}))
        for m in range(1, min(top, 3) + 1)
    ))
    return tuple(rows)


def grid_values(ruleset: Ruleset) -> dict[str, dict[str, int]]:
    """Each button of the value grid as the WIN fields it posts (``han``/``fu`` or ``yakuman``)."""
    return {k: dict(v) for k, v in _grid_values(ruleset).items()}


@memoize("han/fu grid values", size=64)
def _grid_values(ruleset: Ruleset) -> dict[str, dict[str, int]]:
    values: dict[str, dict[str, int]] = {}
    for row in value_choices(ruleset):
        for choice in row:
            if choice.yakuman:
                values[choice.value] = {"yakuman": choice.yakuman}
            else:
                values[choice.value] = {"han": choice.han} if choice.fu is None else {"han": choice.han,
                                                                                        "fu": choice.fu}
    return values


def tap_table(table: EntryContext) -> TapTable:
    """What ``scoring.quick_entry`` reads the taps against at this hand (the offline page ships it too)."""
    rs = table.ruleset
    return TapTable(players=len(table.players), dealer=table.dealer, values=grid_values(rs),
                    dealer_min_han=table.dealer_min_han,
                    agari_forbidden=tuple(bool(x) for x in table.agari_forbidden),
                    most_ron_winners=most_ron_winners(rs), triple_ron_abort=rs.triple_ron_abort,
                    deliberate_chombo=rs.deliberate_chombo_amount is not None)


def refusal_templates() -> dict[str, str]:
    """The taps' refusals (``scoring.quick_entry.REFUSAL_CODES``) in the page's language (worked out once per
    language and process: every table GET ships them in its offline configuration)."""
    return _refusal_templates(get_language() or "")


@memoize("tap refusals", size=16)
def _refusal_templates(language: str) -> dict[str, str]:
    templates = {
        "required": _("Choose the %(who)s."),
        "who_winner": _("winner"), "who_loser": _("player who dealt in"), "who_offender": _("offender"),
        "value": _("Choose the hand's value."),
        "self_ron": _("The winner cannot deal in to themselves."),
        "multi_ron": _("A multiple ron needs at least two winners."),
        "multi_ron_most": _("At most %(n)s players can win on one discard under this ruleset."),
        "triple_ron": render(TRIPLE_RON_ABORT, language or None),
        "dora_unanswered": _("The dealer needs %(min)s han without dora: say how many of the dealer's %(han)s han "
                             "are dora."),
        "dora": _("The dealer's hand has %(han)s han: at most %(max)s of them can be dora."),
        "open_riichi": _("%(name)s declared riichi, so the hand cannot be open: untick one of them."),
        "nagashi": _("Choose who made nagashi mangan."),
        "abort": _("Choose the abortive draw."),
        "kind": _("Unknown result."),
    }
    return {code: str(text) for code, text in templates.items()}


def win_value_key(win: dict[str, Any]) -> str:
    """The grid value of a stored WIN (for the edit screen)."""
    if win.get("yakuman"):
        return f"Y{win['yakuman']}"
    if win.get("fu") is not None and win.get("han", 0) < 5:
        return f"{win['han']}-{win['fu']}"
    return str(win.get("han", ""))


def _at(seq: Sequence[Any], i: int, default: Any) -> Any:
    return seq[i] if i < len(seq) else default


def check_riichi(seats: list[str], table: EntryContext) -> list[str]:
    """Refuse a riichi by a player below the ruleset's minimum (the toggle is disabled too)."""
    for s in seats:
        if not table.riichi_allowed(int(s)):
            raise forms.ValidationError(
                _("%(name)s has fewer than %(min)s points and cannot declare riichi.")
                % {"name": table.players[int(s)], "min": table.ruleset.riichi_min_points},
                code="riichi_min_points",
            )
    return seats


class HandKind:
    RON = "ron"
    MULTI_RON = "multi_ron"
    TSUMO = "tsumo"
    DRAW = "draw"
    NAGASHI = "nagashi"
    ABORT = "abort"
    CHOMBO = "chombo"


def hand_kind_choices(ruleset: Ruleset) -> list[tuple[str, Any]]:
    kinds = [
        (HandKind.RON, pgettext_lazy("hand result", "Ron")),
        (HandKind.TSUMO, pgettext_lazy("hand result", "Tsumo")),
        (HandKind.DRAW, pgettext_lazy("hand result", "Draw")),
    ]
    if ruleset.max_ron_winners > 1:
        kinds.insert(1, (HandKind.MULTI_RON, multi_ron_label(ruleset)))
    if ruleset.nagashi is not Nagashi.NONE:
        kinds.append((HandKind.NAGASHI, _("Nagashi mangan")))
    if allowed_aborts(ruleset):
        kinds.append((HandKind.ABORT, _("Abortive draw")))
    kinds.append((HandKind.CHOMBO, _("Chombo")))
    return kinds


def most_ron_winners(ruleset: Ruleset) -> int:
    """How many players can win on one discard: three rons are an abortive draw where the ruleset says so."""
    if ruleset.triple_ron_abort:
        return min(ruleset.max_ron_winners, 2)
    return ruleset.max_ron_winners


def multi_ron_label(ruleset: Ruleset) -> Any:
    """The multiple-ron tab in the ruleset's words: double ron, or double or triple ron where three may win."""
    if most_ron_winners(ruleset) >= 3:
        return _("Double or triple ron")
    return _("Double ron")


def allowed_aborts(ruleset: Ruleset) -> list[Abort]:
    aborts = [a for a in Abort if a in ruleset.abortive_draws]
    if not ruleset.triple_ron_abort:
        aborts = [a for a in aborts if a is not Abort.TRIPLE_RON]
    return aborts




class HandEntryForm(forms.Form):
    """One hand by quick entry: the result, who, and the value from valid han/fu pairs."""

    position = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    kind = forms.ChoiceField(widget=forms.RadioSelect)
    riichi = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple, label=_("Riichi"))
    open = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple, label=_("Open hand"))
    """The optional one tap "울었음" per winner (``open: true`` on the WIN; statistics only)."""

    ron_winner = forms.ChoiceField(required=False, widget=forms.RadioSelect, label=_("Winner"))
    ron_loser = forms.ChoiceField(required=False, widget=forms.RadioSelect, label=_("Dealt in"))
    ron_value = forms.CharField(required=False)
    multi_loser = forms.ChoiceField(required=False, widget=forms.RadioSelect, label=_("Dealt in"))
    multi_winners = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple, label=_("Winners"))
    tsumo_winner = forms.ChoiceField(required=False, widget=forms.RadioSelect, label=_("Winner"))
    tsumo_value = forms.CharField(required=False)
    pao = forms.ChoiceField(required=False, label=_("Pao (liable player)"))
    draw_tenpai = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple, label=_("Tenpai"))
    nagashi_players = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label=_("Nagashi mangan")
    )
    nagashi_tenpai = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple, label=_("Tenpai"))
    abort_reason = forms.ChoiceField(required=False, widget=forms.RadioSelect, label=_("Reason"))
    chombo_offender = forms.ChoiceField(required=False, widget=forms.RadioSelect, label=_("Offender"))
    chombo_deliberate = forms.BooleanField(required=False, label=_("Deliberate chombo (game over)"))

    def __init__(self, *args: Any, table: EntryContext, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("position", table.position)
        kwargs["initial"].setdefault("kind", HandKind.RON)
        self.base_fields = {}  # not Django's deep copy of every field: the table's shared ones below
        super().__init__(*args, **kwargs)
        self.table = table
        # The form's own dict of the table's fields, the fields themselves shared (read only: see entry_fields).
        self.fields = dict(entry_fields(
            table.ruleset, tuple(table.seat_choices), table.dealer_min_han is not None, get_language() or ""))
        self.value_rows = value_choices(table.ruleset)
        self.ron_value_rows = value_choices(table.ruleset, tsumo=False)
        self.tsumo_value_rows = value_choices(table.ruleset, tsumo=True)
        self.riichi_blocked = [not table.riichi_allowed(i) for i in range(len(table.players))]

    # -- helpers for templates ---------------------------------------------------------
    @property
    def allows_multi_ron(self) -> bool:
        return self.table.ruleset.max_ron_winners > 1

    @property
    def most_ron_winners(self) -> int:
        return most_ron_winners(self.table.ruleset)

    @property
    def asks_dealer_dora(self) -> bool:
        """Whether the dealer's minimum applies this hand, so the dealer's win asks for its dora."""
        return self.table.dealer_min_han is not None

    @property
    def dealer_mark(self) -> str:
        """The dealer's seat for the winner taps (class ``is-dealer``) while the dora choice is asked."""
        return str(self.table.dealer) if self.asks_dealer_dora else ""

    def panels_key(self) -> tuple | None:
        """What the result panels of this form show when it holds no answer yet, or None once it does.

        An unanswered form (the table screen's GET) shows the same panels at every hand with the
        same number of players and dealer: the ruleset decides the kinds, the values, the aborts and the
        dealer's dora question, and the dealer's seat is marked while that question applies. The tap rows
        name the players: ``league/web/templatetags/panels.py`` renders the panels once per key with a mark
        for each name and puts each table's names in. Scores, riichi sticks and marks are on the seat cards,
        not here.
        """
        if self.is_bound or set(self.initial) - {"position", "kind"} or self.initial.get("kind") != HandKind.RON:
            return None
        t = self.table
        return (get_language(), t.ruleset, len(t.players), t.dealer, t.dealer_min_han is not None)

    def _posted(self, name: str) -> list[str]:
        if self.is_bound:
            return self.data.getlist(name) if hasattr(self.data, "getlist") else list(self.data.get(name) or [])
        return [str(v) for v in self.initial.get(name) or []]

    def seat_rows(self) -> list[dict[str, Any]]:
        """Per seat: name, score, dealer flag, riichi state — for the seat cards."""
        t = self.table
        riichi, multi, opened = self._posted("riichi"), self._posted("multi_winners"), self._posted("open")
        rows = [
            {"seat": i, "name": name, "score": t.scores[i], "dealer": i == t.dealer,
             "yellow_cards": _at(t.yellow_cards, i, 0), "penalty_points": _at(t.penalty_points, i, 0),
             "agari_forbidden": bool(_at(t.agari_forbidden, i, False)),
             "riichi_blocked": self.riichi_blocked[i], "riichi_checked": str(i) in riichi,
             "open_checked": str(i) in opened,
             "multi_checked": str(i) in multi, "multi_value_field": self[f"multi_value_{i}"]}
            for i, name in enumerate(t.players)
        ]
        for row in rows:
            # Everything the seat's card shows (``_entry_fields.html`` remembers the card by it): its head (name,
            # wind, score, dealer and renchan, marks) and its riichi and open-hand taps.
            row["card"] = (*(row[k] for k in ("seat", "name", "score", "dealer", "yellow_cards", "penalty_points",
                                              "agari_forbidden", "riichi_blocked", "riichi_checked", "open_checked")),
                           t.renchan, t.dealer, len(t.players))
        return rows

    def clean_riichi(self) -> list[str]:
        return check_riichi(self.cleaned_data.get("riichi") or [], self.table)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        try:
            self.event = event_from_taps(_as_taps(data), tap_table(self.table))
        except TapRefusal as refusal:
            self.add_error(None, forms.ValidationError(
                refusal_text(refusal, refusal_templates(), self.table.players), code=refusal.code))
        return data


@memoize("hand entry fields", size=256)
def entry_fields(ruleset: Ruleset, seats: tuple[tuple[str, str], ...], dealer_min_han: bool,
                 language: str) -> dict[str, forms.Field]:
    """The quick entry's fields for one table (its ruleset and players, whether the dealer's minimum
    applies, the page's language), put together once: every table GET, preview and save builds the
    form, and every form of that table shares these fields instead of Django's deep copy of them (21 fields
    copied a form, three forms a hand). Read only, then: nothing changes a field, its widget or its attributes
    after this (Django's validation and rendering only read them; ``tests/league/test_entry_form_shared_fields.py``
    checks that a form's use leaves them as they were). A form that wants other fields builds its own, as
    :class:`FullHandForm` does."""
    fields = copy.deepcopy(HandEntryForm.base_fields)
    seats = list(seats)
    for name in ("riichi", "open", "ron_winner", "ron_loser", "multi_loser", "multi_winners", "tsumo_winner",
                 "draw_tenpai", "nagashi_players", "nagashi_tenpai", "chombo_offender"):
        fields[name].choices = seats
    fields["pao"].choices = [("", _("nobody"))] + seats
    fields["kind"].choices = hand_kind_choices(ruleset)
    fields["abort_reason"].choices = [(a.value, ABORT_LABELS[a]) for a in allowed_aborts(ruleset)]
    if ruleset.deliberate_chombo_amount is None:
        del fields["chombo_deliberate"]
    for seat in range(len(seats)):
        fields[f"multi_value_{seat}"] = forms.CharField(required=False)
    if dealer_min_han:
        # The dealer's minimum is counted without dora (``Ruleset.dealer_min_han_counts_dora``):
        # the quick entry asks how many of the dealer's han are dora, for the engine to check.
        top = max(c.han for row in value_choices(ruleset) for c in row if c.han is not None)
        for name in DORA_FIELDS.values():
            # Unanswered at first (not 0): a dealer win under the minimum cannot pass unnoticed.
            fields[name] = forms.TypedChoiceField(
                required=False, coerce=int, empty_value=None, widget=forms.RadioSelect,
                label=_("of which dora"), choices=[(str(n), str(n)) for n in range(top)])
    # The discarder is not a winner (and a winner does not deal in): the other tap of the seat is disabled.
    for name, other in (("ron_winner", "ron_loser"), ("ron_loser", "ron_winner"),
                        ("multi_loser", "multi_winners"), ("multi_winners", "multi_loser")):
        fields[name].widget.attrs["data-distinct"] = other
    return fields


def _as_taps(cleaned: dict[str, Any]) -> dict[str, list[str]]:
    """Cleaned fields as the posted texts ``scoring.quick_entry`` reads (a ticked box: ``"on"``)."""
    taps: dict[str, list[str]] = {}
    for name, value in cleaned.items():
        if value is None or value is False:
            taps[name] = []
        elif value is True:
            taps[name] = ["on"]
        elif isinstance(value, (list, tuple)):
            taps[name] = [str(v) for v in value]
        else:
            taps[name] = [str(value)]
    return taps


TILE_SUITS = ("m", "p", "s")
HONORS = ("1z", "2z", "3z", "4z", "5z", "6z", "7z")


class FullHandForm(forms.Form):
    """A full hand for auto-scoring (``scoring.hand``): tiles, melds, win tile and flags."""

    MELD_KINDS = ("chi", "pon", "daiminkan", "shouminkan", "ankan")

    position = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    winner = forms.ChoiceField(widget=forms.RadioSelect, label=_("Winner"))
    loser = forms.ChoiceField(required=False, widget=forms.RadioSelect, label=_("Dealt in (empty: tsumo)"))
    tiles = forms.CharField(max_length=60, label=_("Concealed tiles (with the winning tile)"),
                            help_text=_("e.g. 234m406p789s11z — 0 is a red five, 1z–7z: E S W N white green red"))
    melds = forms.CharField(max_length=120, required=False, label=_("Melds"),
                            help_text=_("kind:tiles, comma separated, e.g. pon:777z, ankan:1111m"))
    win = forms.CharField(max_length=3, label=_("Winning tile"))
    dora = forms.CharField(max_length=30, required=False, label=_("Dora indicators"))
    ura = forms.CharField(max_length=30, required=False, label=_("Ura-dora indicators"))
    riichi = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple, label=_("Riichi"))
    FLAGS = (
        ("riichi_flag", "riichi", _("Riichi")),
        ("double_riichi", "double_riichi", _("Double riichi")),
        ("ippatsu", "ippatsu", _("Ippatsu")),
        ("rinshan", "rinshan", _("Rinshan kaihou")),
        ("chankan", "chankan", _("Chankan")),
        ("haitei", "haitei", _("Haitei")),
        ("houtei", "houtei", _("Houtei")),
        ("tenhou", "tenhou", _("Tenhou")),
        ("chiihou", "chiihou", _("Chiihou")),
        ("renhou", "renhou", _("Renhou")),
    )

    def __init__(self, *args: Any, table: EntryContext, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("position", table.position)
        super().__init__(*args, **kwargs)
        self.table = table
        seats = table.seat_choices
        self.fields["winner"].choices = seats
        self.fields["loser"].choices = seats
        self.fields["riichi"].choices = seats
        self.flags = [f for f in self.FLAGS if f[1] != "renhou" or table.ruleset.renhou is not Renhou.NONE]
        """The yaku flags the ruleset knows (no renhou where it does not exist, e.g. A.S.I.)."""
        for name, _key, label in self.flags:
            self.fields[name] = forms.BooleanField(required=False, label=label)
        self.fields["winner"].widget.attrs["data-distinct"] = "loser"
        self.fields["loser"].widget.attrs["data-distinct"] = "winner"
        if table.ruleset.flowers:
            self.fields["flowers"] = forms.IntegerField(required=False, min_value=0, max_value=table.ruleset.flowers,
                                                        label=_("Flowers"))
        self.riichi_blocked = [not table.riichi_allowed(i) for i in range(len(table.players))]

    def flag_fields(self) -> list[forms.BoundField]:
        return [self[name] for name, _k, _l in self.flags]

    @staticmethod
    def _tile_list(raw: str) -> list[str]:
        """``"1m 9s"`` or ``"1m9s"`` -> ``["1m", "9s"]``."""
        out, digits = [], ""
        for ch in raw.replace(",", " ").replace(" ", ""):
            if ch.isdigit():
                digits += ch
            elif ch in "mpsz" and digits:
                out.extend(f"{d}{ch}" for d in digits)
                digits = ""
            else:
                raise forms.ValidationError(_("“%(raw)s” is not tile notation."), params={"raw": raw}, code="tiles")
        if digits:
            raise forms.ValidationError(_("“%(raw)s” is not tile notation."), params={"raw": raw}, code="tiles")
        return out

    def clean_melds(self) -> list[dict[str, str]]:
        raw = self.cleaned_data.get("melds") or ""
        melds = []
        for part in [p.strip() for p in raw.split(",") if p.strip()]:
            kind, _sep, tiles = part.partition(":")
            kind, tiles = kind.strip().lower(), tiles.strip()
            if kind not in self.MELD_KINDS or not tiles:
                raise forms.ValidationError(
                    _("Write each meld as kind:tiles (kinds: %(kinds)s)."),
                    params={"kinds": ", ".join(self.MELD_KINDS)},
                    code="melds",
                )
            self._tile_list(tiles)
            melds.append({"kind": kind, "tiles": tiles})
        return melds

    def clean_dora(self) -> list[str]:
        return self._tile_list(self.cleaned_data.get("dora") or "")

    def clean_ura(self) -> list[str]:
        return self._tile_list(self.cleaned_data.get("ura") or "")

    def clean_win(self) -> str:
        tiles = self._tile_list(self.cleaned_data["win"])
        if len(tiles) != 1:
            raise forms.ValidationError(_("The winning tile is one tile, e.g. 5p."), code="win")
        return tiles[0]

    def clean_tiles(self) -> str:
        raw = self.cleaned_data["tiles"].replace(" ", "")
        self._tile_list(raw)
        return raw

    def clean_riichi(self) -> list[str]:
        return check_riichi(self.cleaned_data.get("riichi") or [], self.table)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        winner = int(data["winner"])
        loser = int(data["loser"]) if data.get("loser") not in (None, "") else None
        if loser == winner:
            self.add_error("loser", _("The winner cannot deal in to themselves."))
            return data
        hand: dict[str, Any] = {"tiles": data["tiles"], "melds": data["melds"], "win": data["win"],
                                "tsumo": loser is None, "dora": data["dora"], "ura": data["ura"]}
        for name, key, _label in self.flags:
            if data.get(name):
                hand[key] = True
        if data.get("flowers"):
            hand["flowers"] = data["flowers"]
        riichi = sorted(int(s) for s in data.get("riichi") or [])
        # The winner's riichi is one fact entered in two places (the yaku flag, the stick): either one means both,
        # so a host who taps only one of them does not get a hand scored without riichi or a stick left out.
        winner_riichi = hand.get("riichi") or hand.get("double_riichi")
        if winner_riichi and winner not in riichi and self.table.riichi_allowed(winner):
            riichi = sorted([*riichi, winner])
        elif winner in riichi and not winner_riichi:
            hand["riichi"] = True
        self.hand = hand
        win = {"winner": winner, "hand": hand}
        if loser is None:
            self.event = {"kind": "tsumo", **win, "riichi": riichi}
        else:
            self.event = {"kind": "ron", "loser": loser, "wins": [win], "riichi": riichi}
        return data


class PositionForm(forms.Form):
    """Undo, stop: only the position the host saw, so a stale screen changes nothing."""

    position = forms.IntegerField(widget=forms.HiddenInput, min_value=0)


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=500, widget=forms.Textarea(attrs={"rows": 2}),
                             error_messages={"required": _("Write the reason: it is kept in the audit log, "
                                                           "so the referees know why.")})


class GameStartForm(forms.Form):
    season = forms.ModelChoiceField(queryset=None, label=_("Season"), empty_label=None)
    table_label = forms.CharField(max_length=40, required=False, label=_("Table"))
    random_seats = forms.BooleanField(required=False, label=_("Random seats"))
    override_seated = forms.BooleanField(
        required=False, label=_("Seat them anyway (referee or admin): they are at another game in progress"))
    SEAT_LABELS = (_("East"), _("South"), _("West"), _("North"))

    def __init__(self, *args: Any, seasons: Any, members: Any, seat_choices: dict[int, list] | None = None,
                 **kwargs: Any) -> None:
        """``members``: whom a seat accepts; ``seat_choices``: what each seat's list offers (the member
        picker's short lists, ``league.web.games.picker.widget_choices``) — without them, every member."""
        from league.web.games.picker import SeatSelect

        super().__init__(*args, **kwargs)
        self.fields["season"].queryset = seasons
        for i, label in enumerate(self.SEAT_LABELS):
            self.fields[f"seat_{i}"] = forms.ModelChoiceField(
                queryset=members, required=i == 0, label=label, empty_label="—",
                widget=forms.Select if seat_choices is None else SeatSelect,
            )
            if seat_choices is not None:
                self.fields[f"seat_{i}"].widget.choices = seat_choices[i]

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"seat_{i}"] for i in range(4)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        season = data.get("season")
        if season is None:
            return data
        need = season.ruleset.to_scoring().players
        members = [data.get(f"seat_{i}") for i in range(4)]
        chosen = [m for m in members if m is not None]
        if len(chosen) != need or any(m is None for m in members[:need]):
            raise forms.ValidationError(
                _("This season's ruleset is for %(n)s players: fill seats East to %(last)s."),
                params={"n": need, "last": self.SEAT_LABELS[need - 1]}, code="seats",
            )
        if len({m.pk for m in chosen}) != len(chosen):
            raise forms.ValidationError(_("A player can sit only once."), code="seats")
        data["players"] = chosen
        return data


def _dora_initial(kind: str, wins: list[dict[str, Any]]) -> dict[str, str]:
    """A stored ``"dora"`` (only the dealer's win under the minimum has one) as the dora choice."""
    dora = next((w["dora"] for w in wins if w.get("dora") is not None), None)
    return {} if dora is None else {DORA_FIELDS[kind]: str(dora)}


def event_initial(event: dict[str, Any]) -> dict[str, Any]:
    """The quick-entry form's initial data for a stored event (the edit screen)."""
    data = _event_initial(event)
    wins = event.get("wins") or [] if event.get("kind") == "ron" else [event] if event.get("kind") == "tsumo" else []
    opened = [str(w["winner"]) for w in wins if w.get("open")]
    if opened:
        data["open"] = opened
    return data


def _event_initial(event: dict[str, Any]) -> dict[str, Any]:
    kind = event.get("kind")
    riichi = [str(s) for s in event.get("riichi") or []]
    if kind == "ron":
        wins = event.get("wins") or []
        if len(wins) == 1:
            w = wins[0]
            return {"kind": HandKind.RON, "ron_winner": str(w["winner"]), "ron_loser": str(event["loser"]),
                    "ron_value": win_value_key(w), "pao": str(w.get("pao", "")), "riichi": riichi,
                    **_dora_initial(HandKind.RON, wins)}
        data = {"kind": HandKind.MULTI_RON, "multi_loser": str(event["loser"]),
                "multi_winners": [str(w["winner"]) for w in wins], "riichi": riichi}
        data.update({f"multi_value_{w['winner']}": win_value_key(w) for w in wins})
        data.update(_dora_initial(HandKind.MULTI_RON, wins))
        return data
    if kind == "tsumo":
        return {"kind": HandKind.TSUMO, "tsumo_winner": str(event["winner"]), "tsumo_value": win_value_key(event),
                "pao": str(event.get("pao", "")), "riichi": riichi}
    if kind == "draw":
        return {"kind": HandKind.DRAW, "draw_tenpai": [str(s) for s in event.get("tenpai") or []], "riichi": riichi}
    if kind == "nagashi":
        return {"kind": HandKind.NAGASHI, "nagashi_players": [str(s) for s in event.get("players") or []],
                "nagashi_tenpai": [str(s) for s in event.get("tenpai") or []], "riichi": riichi}
    if kind == "abort":
        return {"kind": HandKind.ABORT, "abort_reason": event.get("reason"), "riichi": riichi}
    if kind == "chombo":
        return {"kind": HandKind.CHOMBO, "chombo_offender": str(event["offender"]),
                "chombo_deliberate": bool(event.get("deliberate"))}
    return {}
