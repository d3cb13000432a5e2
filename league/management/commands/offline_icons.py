"""Draw the app icons (static/league/icons/icon-<size>.png) in pure Python: a tile with a red circle.

No image library and nothing downloaded: PNG written with zlib. Run ``manage.py offline_icons`` after
changing the drawing; the PNGs are committed.
"""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

GREEN = (31, 92, 63)
IVORY = (250, 247, 238)
RED = (200, 40, 40)
SIZES = (192, 512)


def _inside_rounded(x: float, y: float, x0: float, y0: float, x1: float, y1: float, r: float) -> bool:
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r and x0 <= x <= x1 and y0 <= y <= y1


def pixel(u: float, v: float) -> tuple[int, int, int]:
    """The colour at (u, v) in the unit square (the whole square is the maskable safe background)."""
    if (u - 0.5) ** 2 + (v - 0.5) ** 2 <= 0.13 ** 2:
        return RED
    if (u - 0.5) ** 2 + (v - 0.5) ** 2 <= 0.17 ** 2:
        return IVORY
    if (u - 0.5) ** 2 + (v - 0.5) ** 2 <= 0.20 ** 2:
        return RED
    if _inside_rounded(u, v, 0.27, 0.18, 0.73, 0.82, 0.06):
        return IVORY
    return GREEN


def render_png(size: int) -> bytes:
    rows = []
    offsets = (0.25, 0.75)
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            acc = [0, 0, 0]
            for oy in offsets:
                for ox in offsets:
                    c = pixel((x + ox) / size, (y + oy) / size)
                    acc[0] += c[0]
                    acc[1] += c[1]
                    acc[2] += c[2]
            row.extend(v // 4 for v in acc)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
            + chunk(b"IEND", b""))


class Command(BaseCommand):
    help = "Draw the installable app's icons into static/league/icons/."

    def handle(self, *args, **options):
        out = Path(settings.BASE_DIR) / "static" / "league" / "icons"
        out.mkdir(parents=True, exist_ok=True)
        for size in SIZES:
            (out / f"icon-{size}.png").write_bytes(render_png(size))
            self.stdout.write(f"icon-{size}.png")
