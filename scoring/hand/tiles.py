"""Tile notation ("234m406p11z", 0 = red five) to tiles, and tiles to the library's 136 ids.

We do not use ``mahjong.tile.TilesConverter``: it reads "0" as one red five per suit
and cannot express two red 5p (A.S.I. Shirai) or catch five copies of a tile.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Iterable

from scoring.errors import HandError

SUITS = "mpsz"
SUIT_NAMES = {"m": "man", "p": "pin", "s": "sou", "z": "honor"}
_GROUP = re.compile(r"([0-9]+)([mpsz])")


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One physical tile: ``kind`` is the 34-index (0-8 man, 9-17 pin, 18-26 sou, 27-33 honors)."""

    kind: int
    red: bool = False

    @property
    def suit(self) -> str:
        return SUITS[self.kind // 9]

    @property
    def number(self) -> int:
        return self.kind % 9 + 1

    @property
    def is_honor(self) -> bool:
        return self.kind >= 27

    def __str__(self) -> str:
        return f"{0 if self.red else self.number}{self.suit}"


def parse_tiles(text: object, what: str) -> list[Tile]:
    """Tiles of a notation string; ``what`` names the field in error messages."""
    if not isinstance(text, str) or not text.strip():
        raise HandError(f"{what}: expected tiles like '234m406p11z', got {text!r}.")
    return list(_parse_cached(text, what))


# Tiles are immutable, so parsed strings can be shared; table hands repeat a lot.
@functools.lru_cache(maxsize=4096)
def _parse_cached(text: str, what: str) -> tuple[Tile, ...]:
    compact = text.replace(" ", "")
    pos = 0
    tiles: list[Tile] = []
    for match in _GROUP.finditer(compact):
        if match.start() != pos:
            break
        pos = match.end()
        digits, suit = match.groups()
        base = SUITS.index(suit) * 9
        for ch in digits:
            n = int(ch)
            if suit == "z":
                if not 1 <= n <= 7:
                    raise HandError(f"{what}: '{ch}z' is not a tile (honors are 1z-7z: E S W N white green red).")
                tiles.append(Tile(base + n - 1))
            elif n == 0:
                tiles.append(Tile(base + 4, red=True))
            else:
                tiles.append(Tile(base + n - 1))
    if pos != len(compact):
        raise HandError(
            f"{what}: cannot read {text!r} — write digits then a suit letter m, p, s or z (0 = red five)."
        )
    return tuple(tiles)


def parse_tile(text: object, what: str) -> Tile:
    tiles = parse_tiles(text, what)
    if len(tiles) != 1:
        raise HandError(f"{what}: expected one tile, got {text!r}.")
    return tiles[0]


class IdAllocator:
    """Gives each physical tile a distinct 136-format id, as the library expects.

    A red five takes copy 0 of its kind (the library's red-five id: 16, 52, 88) and
    plain fives avoid copy 0, so the library sees at most one red per suit; we count
    red fives ourselves anyway.
    """

    def __init__(self) -> None:
        self._used: dict[int, list[bool]] = {}

    def take(self, tile: Tile) -> int:
        slots = self._used.setdefault(tile.kind, [False] * 4)
        order = (0, 1, 2, 3) if tile.red else (1, 2, 3, 0)
        for copy in order:
            if not slots[copy]:
                slots[copy] = True
                return tile.kind * 4 + copy
        raise HandError(f"There are only four {Tile(tile.kind)} tiles in the set.")


def take_all(alloc: IdAllocator, tiles: Iterable[Tile]) -> list[int]:
    # Reds first so that they get the red-five ids whatever the order in the notation.
    ordered = sorted(tiles, key=lambda t: not t.red)
    return [alloc.take(t) for t in ordered]
