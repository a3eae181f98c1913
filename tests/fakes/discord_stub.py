"""A stub of Discord's REST API on 127.0.0.1, just enough for a bot to log in
(``GET /users/@me``, ``GET /oauth2/applications/@me``) and sync its commands.
discord.py is pointed at it through ``discord.http.Route.BASE``; the gateway is
not part of it (tests/e2e has the full loopback Discord)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

# Shaped as Discord's tokens: base64 of the bot user's id (APP_ID), a stamp, a secret.
GOOD_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gstub0.stub-token-0123456789abcdefghijklmnop"
APP_ID = 123456789012345678


@dataclass
class Stub:
    base: str = ""
    application: dict[str, Any] = field(default_factory=dict)
    requests: list[tuple[str, str]] = field(default_factory=list)


def _user() -> dict[str, Any]:
    return {"id": str(APP_ID), "username": "Carcassonne", "discriminator": "0", "avatar": None,
            "bot": True}  # fmt: skip


@contextmanager
def discord_stub(port: int = 0, **application: Any) -> Iterator[Stub]:
    """The stub on 127.0.0.1 (``port``: a free one when 0)."""
    stub = Stub()
    stub.application = {
        "id": str(APP_ID), "name": "Carcassonne", "description": "", "icon": None,
        "bot_public": True, "bot_require_code_grant": False, "owner": _user(),
        "verify_key": "0" * 64, "flags": 0, **application,
    }  # fmt: skip

    class Handler(BaseHTTPRequestHandler):
        def _answer(self, status: int, body: Any) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _route(self) -> None:
            path = self.path.removeprefix("/api/v10")
            stub.requests.append((self.command, path))
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            if self.headers.get("Authorization") != f"Bot {GOOD_TOKEN}":
                self._answer(401, {"message": "401: Unauthorized", "code": 0})
            elif path == "/users/@me":
                self._answer(200, _user())
            elif path == "/oauth2/applications/@me":
                self._answer(200, stub.application)
            elif self.command == "PUT" and path.endswith("/commands"):
                commands = json.loads(body or b"[]")
                for n, command in enumerate(commands, 1):
                    command.update(id=str(n), application_id=str(APP_ID), version="1")
                self._answer(200, commands)
            else:
                self._answer(404, {"message": "Unknown", "code": 10003})

        do_GET = do_PUT = do_POST = do_PATCH = _route

        def log_message(self, format: str, *args: Any) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    # shutdown() waits for the serving loop's next poll: 0.5 s by default, per test.
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    stub.base = f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    try:
        yield stub
    finally:
        server.shutdown()
        server.server_close()
