"""``manage.py venue`` (``make venue``): the embedded default served to the venue's Wi-Fi (issue 42 item 7).

``make run`` listens on 127.0.0.1 and knows only localhost: no phone at the tables can open it. This listens on
every interface, lets any LAN address be the host (``config.middleware.VenueHostMiddleware``), runs with DEBUG off
as ``make run`` does, and prints the laptop's address and a QR for the phones. The tables' QR codes open that
address (``LEAGUE_VENUE_URL``). The settings read ``LEAGUE_VENUE`` when they load, so the command starts itself
again with it set when it was not.
"""
from __future__ import annotations

import contextlib
import os
import socket
import sys

from django.core.management import call_command
from django.core.management.base import BaseCommand


def lan_addresses() -> list[str]:
    """The laptop's IPv4 addresses on its networks (no loopback), the route's own first. Nothing is sent."""
    found: list[str] = []
    for probe in ("10.254.254.254", "192.168.254.254"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 1))  # UDP: picks the outgoing interface, sends no packet
                found.append(s.getsockname()[0])
        except OSError:
            pass
    with contextlib.suppress(OSError):
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    return [a for a in dict.fromkeys(found) if not a.startswith("127.") and a != "0.0.0.0"]


class Command(BaseCommand):
    help = "Serve the club night to the venue's Wi-Fi: listen on every interface, print the address and a QR."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every interface)")
        parser.add_argument("--noreload", action="store_true", help="do not restart on code changes")

    def handle(self, *args, port: int, host: str, noreload: bool, **options) -> None:
        addresses = lan_addresses()
        url = f"http://{addresses[0]}:{port}/" if addresses else f"http://127.0.0.1:{port}/"
        if os.environ.get("LEAGUE_VENUE") != "1":
            os.environ["LEAGUE_VENUE"] = "1"
            os.environ.setdefault("LEAGUE_VENUE_URL", url)
            sys.stdout.flush()
            os.execv(sys.executable, [sys.executable, *sys.argv])  # again, with the venue's settings
        url = os.environ.get("LEAGUE_VENUE_URL") or url
        self.stdout.write("")
        self.stdout.write(f"The phones at the tables open: {url}")
        for other in addresses[1:]:
            self.stdout.write(f"  (or http://{other}:{port}/ on that network)")
        self.stdout.write("Tables: a phone types its table's code at " + url + "t/ or scans the table's QR.")
        try:
            import qrcode

            code = qrcode.QRCode(border=1)
            code.add_data(url)
            import io

            drawn = io.StringIO()
            code.print_ascii(out=drawn, invert=True)
            self.stdout.write(drawn.getvalue())
        except Exception:
            pass
        self.stdout.flush()
        call_command("runserver", f"{host}:{port}", use_reloader=not noreload, use_threading=True)
