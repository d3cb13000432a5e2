"""A HAND object (contract JSON) to a validated :class:`ParsedHand`.

Every refusal is a :class:`HandError` a table host can act on.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from scoring import messages as M
from scoring.errors import HandError
from scoring.hand.tiles import Tile, notation, parse_tile, parse_tiles_tuple, valid_notation
from scoring.rules import Ruleset
from scoring.winds import WINDS

# A red five's suit in words, in every language (the English is SUIT_NAMES': man, pin, sou).
_SUIT_WORDS = {"m": M.SUIT_MAN, "p": M.SUIT_PIN, "s": M.SUIT_SOU}


class MeldKind(enum.StrEnum):
    CHI = "chi"
    PON = "pon"
    DAIMINKAN = "daiminkan"
    SHOUMINKAN = "shouminkan"
    ANKAN = "ankan"

    @property
    def is_kan(self) -> bool:
        return self in (MeldKind.DAIMINKAN, MeldKind.SHOUMINKAN, MeldKind.ANKAN)

    @property
    def is_open(self) -> bool:
        return self is not MeldKind.ANKAN


@dataclass(frozen=True)
class ParsedMeld:
    kind: MeldKind
    tiles: tuple[Tile, ...]


FLAGS = (
    "tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "chankan_closed",
    "haitei", "houtei", "tenhou", "chiihou", "renhou", "nagashi",
)
KNOWN_KEYS = frozenset(FLAGS) | {"tiles", "melds", "win", "seat_wind", "round_wind", "dora", "ura", "flowers", "kita"}


class ParsedHand(NamedTuple):
    """A validated HAND (immutable; a NamedTuple because hands are built at table speed)."""

    concealed: tuple[Tile, ...]
    """Concealed tiles including the winning tile."""
    melds: tuple[ParsedMeld, ...]
    win: Tile
    flags: frozenset[str]
    """The FLAGS that are true."""
    seat_wind: str | None
    round_wind: str | None
    dora: tuple[Tile, ...]
    ura: tuple[Tile, ...]
    flowers: int
    counts: Mapping[int, int] = MappingProxyType({})
    """Copies of each kind (34-index) in the hand and its melds (indicators not included). Read only."""
    reds: int = 0
    """Red fives in the hand and its melds."""
    kita: int = 0
    """Norths set aside (3-player kita): not part of the hand, each one a dora."""

    def flag(self, name: str) -> bool:
        return name in self.flags

    @property
    def all_tiles(self) -> list[Tile]:
        return [*self.concealed, *(t for m in self.melds for t in m.tiles)]

    @property
    def is_open(self) -> bool:
        return any(m.kind.is_open for m in self.melds)

    @property
    def kans(self) -> int:
        return sum(m.kind.is_kan for m in self.melds)


_FLAG_SET = frozenset(FLAGS)
_NORTH = 30  # 34-index of 4z
_NO_LIST: tuple = ()


def parse_hand(hand: Any, ruleset: Ruleset) -> ParsedHand:
    if not isinstance(hand, Mapping):
        raise HandError(M.HAND_NOT_OBJECT)
    if not KNOWN_KEYS.issuperset(hand):
        unknown = set(hand) - KNOWN_KEYS
        raise HandError(M.UNKNOWN_HAND_FIELDS, fields=", ".join(sorted(map(str, unknown))))
    if "tiles" not in hand or "win" not in hand:
        raise HandError(M.HAND_NEEDS_TILES_AND_WIN)
    flags = []
    for name in _FLAG_SET.intersection(hand):
        value = hand[name]
        if value is True:
            flags.append(name)
        elif value is not False:
            raise HandError(M.FLAG_NOT_BOOL, name=name, value=value)
    if "nagashi" in flags:
        raise HandError(M.NAGASHI_NOT_A_HAND)
    concealed_notation = notation(hand["tiles"], "tiles")
    concealed = concealed_notation.tiles
    win = parse_tile(hand["win"], "win")
    raw_melds = hand.get("melds")
    melds = tuple(_parse_meld(m, i) for i, m in enumerate(_list(raw_melds, "melds"))) if raw_melds else ()
    if len(melds) > 4:
        raise HandError(M.TOO_MANY_MELDS)
    expected = 14 - 3 * len(melds)
    if len(concealed) != expected:
        raise HandError(M.CONCEALED_COUNT, melds=len(melds), expected=expected, count=len(concealed))
    # By kind and red, not Tile equality (a generated Python __eq__ per tile compared).
    if win.kind not in concealed_notation.counts:
        raise HandError(M.WIN_TILE_NOT_IN_HAND, tile=str(win))
    if win.red and not any(t.red and t.kind == win.kind for t in concealed):
        raise HandError(M.WIN_TILE_RED_NOT_IN_HAND, tile=str(win), suit=_SUIT_WORDS[win.suit])
    raw = hand.get("dora")
    dora = tuple(parse_tile(t, "dora") for t in _list(raw, "dora")) if raw else _NO_LIST
    raw = hand.get("ura")
    ura = tuple(parse_tile(t, "ura") for t in _list(raw, "ura")) if raw else _NO_LIST
    if len(dora) > 5:
        raise HandError(M.TOO_MANY_DORA)
    if len(ura) > len(dora):
        raise HandError(M.URA_OVER_DORA)
    flowers = hand.get("flowers", 0)
    if flowers != 0 or type(flowers) is not int:
        if isinstance(flowers, bool) or not isinstance(flowers, int) or flowers < 0:
            raise HandError(M.FLOWERS_NOT_WHOLE, value=flowers)
        if flowers and not ruleset.flowers:
            raise HandError(M.NO_FLOWERS)
        if flowers > ruleset.flowers:
            raise HandError(M.FLOWERS_OVER, flowers=ruleset.flowers)
    kita = hand.get("kita", 0)
    if kita != 0 or type(kita) is not int:
        if isinstance(kita, bool) or not isinstance(kita, int) or not 0 <= kita <= 4:
            raise HandError(M.KITA_NOT_WHOLE, value=kita)
        if kita and not ruleset.kita:
            raise HandError(M.NO_KITA)
    seat_wind = hand.get("seat_wind")
    if seat_wind is not None and seat_wind not in WINDS:
        raise HandError(M.WIND_FIELD, field="seat_wind", value=seat_wind)
    round_wind = hand.get("round_wind")
    if round_wind is not None and round_wind not in WINDS:
        raise HandError(M.WIND_FIELD, field="round_wind", value=round_wind)
    if melds:
        tiles = [*concealed, *(t for m in melds for t in m.tiles)]
        counts: Mapping[int, int] = _count(tiles)
        reds = sum(t.red for t in tiles)
    else:
        tiles = concealed
        counts = concealed_notation.counts
        reds = concealed_notation.reds
    _check_tile_set(tiles, counts, reds, dora, ura, ruleset, kita)
    return ParsedHand(
        concealed, melds, win, frozenset(flags), seat_wind, round_wind, dora, ura, flowers,
        counts, reds, kita,
    )


def _count(tiles: list[Tile]) -> dict[int, int]:
    counts: dict[int, int] = {}
    get = counts.get
    for t in tiles:
        counts[t.kind] = get(t.kind, 0) + 1
    return counts


def _list(value: Any, what: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise HandError(M.NOT_A_LIST, what=what)
    return value


def _parse_meld(raw: Any, index: int) -> ParsedMeld:
    if type(raw) is dict:
        kind, tiles = raw.get("kind"), raw.get("tiles")
        if type(kind) is str and type(tiles) is str:
            parsed = _meld_cached(kind, tiles)
            if parsed is not None:
                return parsed
    return _parse_meld_checked(raw, index)


# A meld is immutable and its checks depend only on its kind and notation, so valid ones are
# shared (table hands repeat them); invalid ones go through the checks again for the message.
@functools.lru_cache(maxsize=4096)
def _meld_cached(kind: str, tiles: str) -> ParsedMeld | None:
    """The meld, or None when it is not valid (the caller then runs the checks that say why).
    No message is built here: a valid meld is the common case."""
    meld_kind = _MELD_KINDS.get(kind)
    parsed = valid_notation(tiles) if meld_kind is not None else None
    if parsed is None:
        return None
    ordered = sorted(parsed.tiles, key=_by_kind)
    return ParsedMeld(meld_kind, tuple(ordered)) if _shape_ok(meld_kind, ordered) else None


_MELD_KINDS = {k.value: k for k in MeldKind}


def _shape_ok(kind: MeldKind, tiles: list[Tile]) -> bool:
    """A chi of three consecutive suited tiles, or three (four for a kan) of one kind."""
    kinds = [t.kind for t in tiles]
    if kind is MeldKind.CHI:
        return (
            len(tiles) == 3 and not tiles[0].is_honor and tiles[0].suit == tiles[2].suit
            and kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2]
        )
    return len(tiles) == (4 if kind.is_kan else 3) and len(set(kinds)) == 1


def _parse_meld_checked(raw: Any, index: int) -> ParsedMeld:
    where = M.MELD_N(n=index + 1)
    if not isinstance(raw, Mapping) or "kind" not in raw or "tiles" not in raw:
        raise HandError(M.MELD_WRITE, where=where)
    try:
        kind = MeldKind(raw["kind"])
    except ValueError:
        raise HandError(M.MELD_UNKNOWN_KIND, where=where, kind=raw["kind"]) from None
    tiles = sorted(parse_tiles_tuple(raw["tiles"], where), key=_by_kind)
    if not _shape_ok(kind, tiles):
        if kind is MeldKind.CHI:
            raise HandError(M.CHI_SHAPE, where=where, tiles=raw["tiles"])
        size = 4 if kind.is_kan else 3
        raise HandError(M.SET_SHAPE, where=where, kind=kind.value, size=size, tiles=raw["tiles"])
    return ParsedMeld(kind, tuple(tiles))


def _by_kind(t: Tile) -> int:
    return t.kind


def _check_tile_set(
    tiles: tuple[Tile, ...] | list[Tile], counts: Mapping[int, int], reds: int,
    dora: tuple[Tile, ...], ura: tuple[Tile, ...], ruleset: Ruleset, kita: int = 0,
) -> None:
    """The tiles seen (hand, melds, indicators, Norths set aside) must exist in the ruleset's set.

    ``counts`` and ``reds`` are the hand's (melds included, indicators not).
    """
    seen_counts = counts
    indicators = (*dora, *ura) if dora else ()
    if indicators or kita:
        seen_counts = dict(counts)
        for t in indicators:
            seen_counts[t.kind] = seen_counts.get(t.kind, 0) + 1
        if kita:
            seen_counts[_NORTH] = seen_counts.get(_NORTH, 0) + kita
    if max(seen_counts.values()) > 4:
        kind, n = next((k, n) for k, n in seen_counts.items() if n > 4)
        raise HandError(M.TILE_OVER_FOUR, n=n, tile=str(Tile(kind)))
    if ruleset.is_sanma:
        removed = ruleset.sanma_tiles.removed_kinds
        bad = sorted(str(Tile(k)) for k in seen_counts if k in removed)
        if bad:
            raise HandError(M.SANMA_REMOVED_TILES, removed=f"{Tile(removed[0])}-{Tile(removed[-1])}",
                            tiles=", ".join(bad))
    red_fives = ruleset.red_fives
    any_red = reds or any(t.red for t in indicators)
    for suit_index in (0, 1, 2):
        five = suit_index * 9 + 4
        n = seen_counts.get(five)
        if not n:
            continue
        allowed = red_fives[suit_index]
        red = sum(1 for t in (*tiles, *indicators) if t.red and t.kind == five) if any_red else 0
        plain = n - red
        if red > allowed or plain > 4 - allowed:
            suit = "mps"[suit_index]
            if red > allowed:
                raise HandError(M.TOO_MANY_RED, red=red, suit=suit, allowed=allowed or M.NO_RED)
            raise HandError(M.TOO_MANY_PLAIN_FIVES, plain=plain, suit=suit, allowed=allowed, plain_max=4 - allowed)
