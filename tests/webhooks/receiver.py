"""A webhook receiver on 127.0.0.1 for the tests: a tiny ASGI app under uvicorn, in the
test's own event loop, that records every request and answers with ``status``. It can be
stopped (connections refused) and started again on the same port."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from dataclasses import dataclass
from typing import Any

import uvicorn


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)


class Receiver:
    def __init__(self, status: int = 204) -> None:
        self.port = free_port()
        self.status = status
        self.delay = 0.0  # seconds before each answer
        self.headers: list[tuple[bytes, bytes]] = []
        self.got: list[Received] = []
        self._server: uvicorn.Server | None = None
        self._task: asyncio.Task[None] | None = None

    def url(self, path: str = "/hook") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    async def app(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        assert scope["type"] == "http"
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        headers = {k.decode().lower(): v.decode() for k, v in scope["headers"]}
        if self.delay:
            await asyncio.sleep(self.delay)
        self.got.append(Received(scope["path"], headers, body))
        await send({"type": "http.response.start", "status": self.status, "headers": self.headers})
        await send({"type": "http.response.body", "body": b""})

    async def start(self) -> None:
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="off",
            interface="asgi3",
        )
        self._server = uvicorn.Server(config)
        self._task = asyncio.create_task(self._server.serve())
        for _ in range(500):
            if self._server.started:
                return
            await asyncio.sleep(0.01)
        raise RuntimeError("the receiver did not start")

    async def stop(self) -> None:
        if self._server is None or self._task is None:
            return
        self._server.should_exit = True
        with contextlib.suppress(Exception):
            await self._task
        self._server = self._task = None

    def on(self, path: str = "/hook") -> list[Received]:
        return [r for r in self.got if r.path == path]

    async def wait_for(self, count: int, path: str = "/hook", within: float = 20) -> list[Received]:
        """The first ``count`` requests to ``path``, once they arrived."""
        async with asyncio.timeout(within):
            while len(self.on(path)) < count:  # noqa: ASYNC110 - polled, like a client would
                await asyncio.sleep(0.02)
        return self.on(path)


@contextlib.asynccontextmanager
async def receiving(status: int = 204) -> Any:
    receiver = Receiver(status)
    await receiver.start()
    try:
        yield receiver
    finally:
        await receiver.stop()
