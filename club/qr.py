"""QR codes as inline SVG (the board's check-in link, a member's invite link): one home for both.

Made by the ``qrcode`` library's path image, with the fixed width and height (millimetres) taken
out so that the page's CSS sizes it; ``role="img"`` and a label for screen readers."""
from __future__ import annotations


def qr_svg(url: str, *, label: str = "QR") -> str:
    import qrcode
    import qrcode.image.svg

    img = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    svg = img.to_string(encoding="unicode")
    head, rest = svg.split(">", 1)
    head = " ".join(part for part in head.split(" ") if not part.startswith(("width=", "height=")))
    return f'{head} role="img" aria-label="{label}">{rest}'


__all__ = ["qr_svg"]
