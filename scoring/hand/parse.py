"""A HAND object (contract JSON) to a validated :class:`ParsedHand`.

Every refusal is a :class:`HandError` a table host can act on.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping

from scoring.errors import HandError
from scoring.hand.model import WINDS
from scoring.hand.tiles import SUIT_NAMES, Tile, parse_tile, parse_tiles
from scoring.rules import Ruleset


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
KNOWN_KEYS = frozenset(FLAGS) | {"tiles", "melds", "win", "seat_wind", "round_wind", "dora", "ura", "flowers"}


@dataclass(frozen=True)
class ParsedHand:
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


def parse_hand(hand: Any, ruleset: Ruleset) -> ParsedHand:
    if not isinstance(hand, Mapping):
        raise HandError("A hand must be an object with at least 'tiles' and 'win'.")
    unknown = set(hand) - KNOWN_KEYS
    if unknown:
        raise HandError(f"Unknown hand field(s): {', '.join(sorted(map(str, unknown)))}.")
    if "tiles" not in hand or "win" not in hand:
        raise HandError("A hand needs 'tiles' (the concealed tiles, winning tile included) and 'win'.")
    flags = set()
    for name in FLAGS:
        value = hand.get(name, False)
        if not isinstance(value, bool):
            raise HandError(f"'{name}' must be true or false, got {value!r}.")
        if value:
            flags.add(name)
    if "nagashi" in flags:
        raise HandError(
            "Nagashi mangan is not a hand to score: record it as a 'nagashi' event and the game settles it."
        )
    concealed = parse_tiles(hand["tiles"], "tiles")
    win = parse_tile(hand["win"], "win")
    melds = tuple(_parse_meld(m, i) for i, m in enumerate(_list(hand.get("melds", []), "melds")))
    if len(melds) > 4:
        raise HandError("A hand has at most four melds.")
    expected = 14 - 3 * len(melds)
    if len(concealed) != expected:
        raise HandError(
            f"With {len(melds)} meld(s) the concealed tiles, winning tile included, must be {expected} "
            f"tiles; got {len(concealed)}."
        )
    if win.kind not in {t.kind for t in concealed}:
        raise HandError(f"The winning tile {win} is not among the concealed tiles.")
    if win.red and not any(t.red and t.kind == win.kind for t in concealed):
        raise HandError(f"The winning tile is a red five ({win}), but the tiles hold no red {SUIT_NAMES[win.suit]} five.")
    dora = tuple(parse_tile(t, "dora") for t in _list(hand.get("dora", []), "dora"))
    ura = tuple(parse_tile(t, "ura") for t in _list(hand.get("ura", []), "ura"))
    if len(dora) > 5:
        raise HandError("At most five dora indicators (one plus one per kan).")
    if len(ura) > len(dora):
        raise HandError("There cannot be more ura dora indicators than dora indicators.")
    flowers = hand.get("flowers", 0)
    if isinstance(flowers, bool) or not isinstance(flowers, int) or flowers < 0:
        raise HandError(f"'flowers' must be a whole number of at least 0, got {flowers!r}.")
    if flowers and not ruleset.flowers:
        raise HandError("This ruleset has no flower tiles.")
    if flowers > ruleset.flowers:
        raise HandError(f"This ruleset has only {ruleset.flowers} flower tiles.")
    winds = {}
    for key in ("seat_wind", "round_wind"):
        value = hand.get(key)
        if value is not None and value not in WINDS:
            raise HandError(f"'{key}' must be one of E, S, W, N; got {value!r}.")
        winds[key] = value
    parsed = ParsedHand(
        concealed=tuple(concealed), melds=melds, win=win, flags=frozenset(flags),
        seat_wind=winds["seat_wind"], round_wind=winds["round_wind"], dora=dora, ura=ura, flowers=flowers,
    )
    _check_tile_set(parsed, ruleset)
    return parsed


def _list(value: Any, what: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise HandError(f"'{what}' must be a list.")
    return value


def _parse_meld(raw: Any, index: int) -> ParsedMeld:
    where = f"meld {index + 1}"
    if not isinstance(raw, Mapping) or "kind" not in raw or "tiles" not in raw:
        raise HandError(f"{where}: write a meld as {{\"kind\": \"pon\", \"tiles\": \"777z\"}}.")
    try:
        kind = MeldKind(raw["kind"])
    except ValueError:
        raise HandError(
            f"{where}: unknown kind {raw['kind']!r}; use chi, pon, daiminkan, shouminkan or ankan."
        ) from None
    tiles = sorted(parse_tiles(raw["tiles"], where), key=lambda t: t.kind)
    kinds = [t.kind for t in tiles]
    if kind is MeldKind.CHI:
        ok = (
            len(tiles) == 3 and not tiles[0].is_honor and tiles[0].suit == tiles[2].suit
            and kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2]
        )
        if not ok:
            raise HandError(f"{where}: a chi is three consecutive tiles of one suit, got {raw['tiles']!r}.")
    else:
        size = 4 if kind.is_kan else 3
        if len(tiles) != size or len(set(kinds)) != 1:
            raise HandError(f"{where}: a {kind.value} is {size} identical tiles, got {raw['tiles']!r}.")
    return ParsedMeld(kind, tuple(tiles))


def _check_tile_set(hand: ParsedHand, ruleset: Ruleset) -> None:
    """The tiles seen (hand, melds, indicators) must exist in the ruleset's set."""
    seen = [*hand.all_tiles, *hand.dora, *hand.ura]
    kinds = Counter(t.kind for t in seen)
    for kind, n in kinds.items():
        if n > 4:
            raise HandError(f"{n} copies of {Tile(kind)} (hand, melds and indicators): there are only four.")
    if ruleset.is_sanma:
        bad = sorted({str(Tile(t.kind)) for t in seen if t.suit == "m" and 2 <= t.number <= 8})
        if bad:
            raise HandError(f"Three-player mahjong has no 2m-8m; got {', '.join(bad)}.")
    for suit_index, suit in enumerate("mps"):
        five = suit_index * 9 + 4
        reds = sum(1 for t in seen if t.red and t.kind == five)
        plain = kinds.get(five, 0) - reds
        allowed = ruleset.red_fives[suit_index]
        if reds > allowed:
            raise HandError(
                f"{reds} red 5{suit} (written 0{suit}) but this ruleset has "
                f"{allowed or 'no'} red 5{suit}."
            )
        if plain > 4 - allowed:
            raise HandError(
                f"{plain} plain 5{suit}: with {allowed} red 5{suit} in the set there are only "
                f"{4 - allowed} plain ones (write a red five as 0{suit})."
            )
