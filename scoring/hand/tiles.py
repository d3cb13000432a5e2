"""Tile notation ("234m406p11z", 0 = red five) to tiles, and tiles to the library's 136 ids.

We do not use ``mahjong.tile.TilesConverter``: it reads "0" as one red five per suit
and cannot express two red 5p (A.S.I. Shirai) or catch five copies of a tile.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

from scoring import messages as M
from scoring.errors import HandError

SUITS = "mpsz"
SUIT_NAMES = {"m": "man", "p": "pin", "s": "sou", "z": "honor"}


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
    return list(notation(text, what).tiles)


def parse_tiles_tuple(text: object, what: str) -> tuple[Tile, ...]:
    """As :func:`parse_tiles`, as a shared (cached, immutable) tuple."""
    return notation(text, what).tiles


class Notation(NamedTuple):
    """One parsed notation string, with what scoring needs of it precomputed (shared: read only)."""

    tiles: tuple[Tile, ...]
    counts: Mapping[int, int]
    """Copies of each kind (34-index)."""
    reds: int


def notation(text: object, what: str) -> Notation:
    """The parsed notation ``text``; ``what`` names the field in error messages."""
    if isinstance(text, str):
        single = _SINGLE.get(text)
        if single is not None:  # one tile ("5m"): a fixed table, not a cache
            return single
        parsed = _parse_cached(str(text))
        if parsed is not None:
            return parsed
        if text.strip():
            _parse(text, what)  # raises the notation error, naming the field
    raise HandError(M.TILES_EXPECTED, what=what, text=text)


def valid_notation(text: str) -> Notation | None:
    """The parsed notation ``text``, or None when it is not valid (no message built)."""
    return _SINGLE.get(text) or _parse_cached(text)


# Notation is immutable, so parsed strings can be shared; table hands repeat a lot.
# The cache holds only valid notation (None for invalid), keyed by the text alone.
@functools.lru_cache(maxsize=8192)
def _parse_cached(text: str) -> Notation | None:
    try:
        tiles = _parse(text, "")
    except HandError:
        return None
    counts: dict[int, int] = {}
    reds = 0
    get = counts.get
    for t in tiles:
        kind = t.kind
        counts[kind] = get(kind, 0) + 1
        if t.red:
            reds += 1
    return Notation(tiles, MappingProxyType(counts), reds)


_TILES = tuple(Tile(k) for k in range(34))
_RED = {0: Tile(4, red=True), 1: Tile(13, red=True), 2: Tile(22, red=True)}
# "<digit><suit>" -> tile (None: not a tile, e.g. 8z)
_TILE_OF: dict[str, Tile | None] = {
    f"{d}{suit}": (
        (_TILES[27 + d - 1] if 1 <= d <= 7 else None) if suit == "z"
        else _RED[si] if d == 0 else _TILES[si * 9 + d - 1]
    )
    for si, suit in enumerate(SUITS) for d in range(10)
}
_SINGLE: dict[str, Notation] = {
    text: Notation((tile,), MappingProxyType({tile.kind: 1}), int(tile.red))
    for text, tile in _TILE_OF.items() if tile is not None
}
"""The notation of each single tile, built once: most notation strings (win, indicators) are one tile."""


def _parse(text: str, what: str) -> tuple[Tile, ...]:
    """Digits then a suit letter, repeated (spaces ignored); ``what`` names the field in errors."""
    tiles: list[Tile] = []
    pending = ""
    for ch in text:
        if "0" <= ch <= "9":
            pending += ch
        elif ch in SUITS and pending:
            for d in pending:
                tile = _TILE_OF[d + ch]
                if tile is None:
                    raise HandError(M.NOT_A_HONOR_TILE, what=what, digit=d)
                tiles.append(tile)
            pending = ""
        elif ch != " ":
            break
    else:
        if not pending and tiles:
            return tuple(tiles)
    if not text.replace(" ", ""):
        raise HandError(M.TILES_EXPECTED, what=what, text=text)
    raise HandError(M.TILES_UNREADABLE, what=what, text=text)


def parse_tile(text: object, what: str) -> Tile:
    tiles = notation(text, what).tiles
    if len(tiles) != 1:
        raise HandError(M.ONE_TILE_EXPECTED, what=what, text=text)
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
        raise HandError(M.ONLY_FOUR_TILES, tile=str(Tile(tile.kind)))


def take_all(alloc: IdAllocator, tiles: Iterable[Tile]) -> list[int]:
    # Reds first so that they get the red-five ids whatever the order in the notation.
    ordered = sorted(tiles, key=lambda t: not t.red)
    return [alloc.take(t) for t in ordered]


# First free copy (0-3) of a kind given the bitmask of copies taken: a red five takes
# copy 0 (the library's red-five id) when it can, a plain tile avoids copy 0.
_FIRST_FREE_RED = tuple(next((c for c in (0, 1, 2, 3) if not m >> c & 1), -1) for m in range(16))
_FIRST_FREE_PLAIN = tuple(next((c for c in (1, 2, 3, 0) if not m >> c & 1), -1) for m in range(16))


def assign_ids(taken: list[int], tiles: Iterable[Tile]) -> list[int]:
    """136-format ids for ``tiles``, as :class:`IdAllocator` gives them (reds first).

    ``taken`` is a 34-long list of bitmasks of the copies already given out; the caller
    has checked that no kind has more than four copies.
    """
    ids = []
    plain = []
    for t in tiles:
        if t.red:
            kind = t.kind
            m = taken[kind]
            c = _FIRST_FREE_RED[m]
            taken[kind] = m | 1 << c
            ids.append(kind * 4 + c)
        else:
            plain.append(t.kind)
    for kind in plain:
        m = taken[kind]
        c = _FIRST_FREE_PLAIN[m]
        taken[kind] = m | 1 << c
        ids.append(kind * 4 + c)
    return ids
