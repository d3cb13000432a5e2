"""A port for a server a test starts: one of 127.0.0.1's that nothing listens on now (the kernel's choice)."""
from __future__ import annotations

import socket


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
