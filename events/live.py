"""What the live pages (a night's board, a tournament's board) share: the poll interval, the ETag of a
fragment (its content's version and the page's language), the QR code and the board's other language."""
from __future__ import annotations

from django.utils.translation import get_language

LIVE_INTERVAL_MS = 1500


def etag(version: str) -> str:
    return f'"{version}-{get_language() or "ko"}"'


def qr_svg(url: str) -> str:
    from club.qr import qr_svg as svg

    return svg(url)


def other_language() -> str:
    """The language a board shows beside the page's (its headings are in both)."""
    return "en" if (get_language() or "ko").startswith("ko") else "ko"
