"""A local fake of Discord's webhook API and Telegram's Bot API, started by the tests (no network).

Discord: ``POST /api/webhooks/<id>/<token>?wait=true``; a message with a ``nonce`` already seen
(``enforce_nonce``) is answered with the first message and not posted again — as Discord does.
Telegram: ``POST /bot<token>/sendMessage``; ``POST /bot<token>/getUpdates`` answers the ``updates`` a
test put there from the asked ``offset`` on (members' ``/start <code>``). ``script`` queues answers
(status, body) for the next requests; ``hold`` makes the next request wait (the test kills the worker meanwhile).
"""
from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

WEBHOOK_PATH = "/api/webhooks/1234567890/abcdefghijklmnopqrstuvwxyz0123456789"
BOT_TOKEN = "123456789:AAbbccddeeffgghhiijjkkllmmnnooppqqr"


@dataclass
class Request:
    path: str
    query: str
    headers: dict[str, str]
    body: Any


@dataclass
class FakeServices:
    requests: list[Request] = field(default_factory=list)
    posted: list[dict] = field(default_factory=list)  # messages that appeared in the channel
    script: list[tuple[int, dict]] = field(default_factory=list)
    updates: list[dict] = field(default_factory=list)  # what the bot's getUpdates returns
    hold_seconds: float = 0.0
    arrived: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)
    port: int = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def webhook_url(self) -> str:
        return self.base + WEBHOOK_PATH

    def start_from(self, chat_id: int, text: str, *, chat_type: str = "private") -> None:
        """A Telegram user writes to the bot (the next update)."""
        update_id = 100 + len(self.updates)
        self.updates.append({"update_id": update_id, "message": {
            "message_id": update_id, "text": text, "chat": {"id": chat_id, "type": chat_type}}})

    def sent_to(self, chat_id) -> list[str]:
        """The texts sendMessage got for ``chat_id``."""
        return [r.body["text"] for r in self.requests
                if r.path.endswith("/sendMessage") and str(r.body.get("chat_id")) == str(chat_id)]

    def answer(self, path: str, query: str, headers: dict, body: Any) -> tuple[int, dict]:
        with self.lock:
            self.requests.append(Request(path, query, headers, body))
            if self.script:
                return self.script.pop(0)
            if path == WEBHOOK_PATH:
                nonce = body.get("nonce")
                if body.get("enforce_nonce") and nonce is not None:
                    for message in self.posted:
                        if message.get("nonce") == nonce:
                            return 200, message
                message = {"id": str(1000 + len(self.posted)), "content": body.get("content"), "nonce": nonce}
                self.posted.append(message)
                return 200, message
            if path == f"/bot{BOT_TOKEN}/getUpdates":
                offset = int(body.get("offset") or 0)
                return 200, {"ok": True, "result": [u for u in self.updates if u["update_id"] >= offset]}
            if path == f"/bot{BOT_TOKEN}/sendMessage":
                message = {"message_id": 1000 + len(self.posted), "text": body.get("text"),
                           "chat": {"id": body.get("chat_id")}}
                self.posted.append(message)
                return 200, {"ok": True, "result": message}
            return 404, {"ok": False, "description": "Not Found", "message": "Unknown Webhook", "code": 10015}


def start() -> tuple[FakeServices, ThreadingHTTPServer]:
    fake = FakeServices()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # http.server's name
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                body = {"_raw": raw.decode(errors="replace")}
            path, _, query = self.path.partition("?")
            status, answer = fake.answer(path, query, dict(self.headers), body)
            fake.arrived.set()
            if fake.hold_seconds:
                threading.Event().wait(fake.hold_seconds)
            data = json.dumps(answer).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):  # quiet
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    fake.port = server.server_address[1]
    # a short poll: ``shutdown()`` waits for the loop's next poll (half a second by default, at every test's end)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    return fake, server
