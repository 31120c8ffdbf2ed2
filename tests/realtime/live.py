"""A real uvicorn process for websocket tests, and the client-side helpers they share.

The server runs on the test run's database (``database_url``: a temp SQLite file, or a
fresh PostgreSQL database when ``VTT_TEST_DATABASE_URL`` is set), on a free port of
127.0.0.1, with per-message compression off as in production."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect, unix_connect
from websockets.exceptions import ConnectionClosed

from tests.service.table import Person, expect

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class LiveServer:
    """``fairtable serve`` in a subprocess; stop() is a SIGTERM, so the shutdown path
    (sockets closed with 1001, then the engine) is the production one."""

    def __init__(
        self, database_url: str, uds: str | None = None, workers: int = 1, **env: str
    ) -> None:
        self.database_url = database_url
        self.uds = uds  # listen on a Unix socket instead (small, fixed kernel buffers)
        self.workers = workers
        self.port = free_port()
        self.secret = secrets.token_hex(32)
        self.env = env
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v1"

    def ws(self, cid: str, **query: Any) -> str:
        pairs = "&".join(f"{k}={v}" for k, v in query.items() if v is not None)
        return f"ws://127.0.0.1:{self.port}/api/v1/campaigns/{cid}/ws" + (
            f"?{pairs}" if pairs else ""
        )

    def _listen(self) -> list[str]:
        if self.uds:
            return ["--uds", self.uds]
        return ["--host", "127.0.0.1", "--port", str(self.port)]

    def start(self) -> None:
        env = {
            **os.environ,
            "VTT_DATABASE_URL": self.database_url,
            "VTT_ENVIRONMENT": "test",
            "VTT_SECRET_KEY": self.secret,
            "VTT_PASSWORD_TIME_COST": "1",
            "VTT_PASSWORD_MEMORY_KIB": "64",
            "VTT_BROKER_URL": "memory://",
            # Servers share the run's database: one that delivered webhooks would also
            # deliver (and fail, and back off) other tests' targets. The webhook tests
            # turn it on.
            "VTT_WEBHOOK_DELIVERY": "false",
            # Nor does a server sweep expired roll requests unless a test means it to: a
            # session-long server's sweep would race the tests that sweep when they mean to.
            "VTT_ROLL_REQUEST_SWEEP_SECONDS": "3600",
            **self.env,
        }
        command = [
            sys.executable, "-m", "app.cli", "serve", *self._listen(),
            "--workers", str(self.workers),
            "--no-access-log", "--log-level", "warning",
        ]  # fmt: skip
        self.process = subprocess.Popen(command, cwd=ROOT, env=env)  # noqa: S603
        deadline = time.monotonic() + 60  # a loaded machine starts slowly
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"uvicorn exited with {self.process.returncode}")
            with (
                contextlib.suppress(httpx.HTTPError),
                httpx.Client(transport=self.transport()) as c,
            ):
                if c.get(f"http://127.0.0.1:{self.port}/healthz", timeout=1).is_success:
                    return
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("uvicorn did not start in 60 s")

    def transport(self) -> httpx.HTTPTransport:
        return httpx.HTTPTransport(uds=self.uds)

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None


@contextlib.asynccontextmanager
async def http_client(server: LiveServer) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.AsyncHTTPTransport(uds=server.uds)
    async with httpx.AsyncClient(base_url=server.http, timeout=30, transport=transport) as client:
        yield client


def open_socket(
    server: LiveServer,
    cid: str,
    person: Person | None = None,
    **query: Any,
) -> Any:
    """``async with open_socket(...) as ws``: a header-authenticated socket by default."""
    headers = person.auth if person is not None else None
    if server.uds:
        return unix_connect(server.uds, server.ws(cid, **query), additional_headers=headers)
    return connect(server.ws(cid, **query), additional_headers=headers, open_timeout=10)


async def receive(ws: ClientConnection, within: float = 10) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), within))
    return message


async def sync(ws: ClientConnection, within: float = 10) -> list[dict[str, Any]]:
    """Ping the server and return every message before the pong: once it arrives, the
    socket is registered, its replay is sent, and everything queued before it too."""
    await ws.send(json.dumps({"type": "ping"}))
    seen = []
    while (message := await receive(ws, within))["type"] != "pong":
        seen.append(message)
    return seen


async def events_until(
    ws: ClientConnection, last_seq: int, within: float = 15
) -> list[dict[str, Any]]:
    """Event messages (presence skipped) up to and including ``last_seq``."""
    got: list[dict[str, Any]] = []
    while not got or got[-1]["seq"] < last_seq:
        message = await receive(ws, within)
        if "seq" in message:
            got.append(message)
    return got


async def close_code(ws: ClientConnection, within: float = 10) -> int | None:
    """Read until the server closes; the close code it sent."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            await asyncio.wait_for(ws.recv(), within)
    return ws.close_code


async def formula(
    http: httpx.AsyncClient, who: Person, cid: str, visibility: str = "public"
) -> dict[str, Any]:
    body = {"kind": "formula", "formula": "1d6", "visibility": visibility}
    answer: dict[str, Any] = expect(
        await http.post(f"/campaigns/{cid}/rolls", json=body, headers=who.auth), 201
    )
    return answer


async def ticket(http: httpx.AsyncClient, who: Person, cid: str) -> str:
    answer = expect(await http.post(f"/campaigns/{cid}/ws-ticket", headers=who.auth), 201)
    value: str = answer["ticket"]
    return value
