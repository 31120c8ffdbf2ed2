"""The delivery client: HTTP/1.1 POSTs on kept-alive asyncio connections, framed by h11.

Not httpx: its layers cost ~2-3 ms of CPU a request on this project's machines (httpcore
alone ~1.4 ms), against ~0.35 ms here, and the worker shares the event loop with the roll
path, which a busy table's deliveries must not slow (docs/webhooks.md). h11 is the sans-IO
HTTP/1.1 state machine httpcore and uvicorn use, so the framing (chunked answers, keep-alive,
malformed answers) is theirs, not ours.

What a delivery needs and nothing more: one method, a body, no redirects followed (a 3xx
is an answer like any other), at most ``cap`` bytes of an answer read, one deadline for the
whole attempt, no proxy and no credentials from the environment, and every new connection
checked by ``addresses`` (resolved, each address public unless allowed, and made to the
address checked, so DNS rebinding gains nothing; TLS still verifies the URL's host name).
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

import h11

from app.webhooks import addresses

USER_AGENT = "Fairtable-Webhooks/1"
IDLE_SECONDS = 30.0  # a kept-alive connection unused this long is closed
IDLE_PER_ORIGIN = 4
READ_SIZE = 16384

Origin = tuple[str, str, int]


class Refused(Exception):
    """No connection was opened: the address is not public (or the URL is unusable)."""


class Unreachable(Exception):
    """No answer: the connection failed, broke, or the deadline passed."""


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    headers: dict[str, str]
    excerpt: bytes  # the start of the body, at most ``cap`` bytes


class _Connection:
    __slots__ = ("idle_since", "protocol", "reader", "writer")

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.protocol = h11.Connection(h11.CLIENT)
        self.idle_since = time.monotonic()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()

    async def exchange(self, request: h11.Request, body: bytes, cap: int) -> tuple[Answer, bool]:
        """Send one request, read its answer; and whether the connection may serve again."""
        proto = self.protocol
        data = proto.send(request) or b""
        data += (proto.send(h11.Data(data=body)) or b"") + (proto.send(h11.EndOfMessage()) or b"")
        self.writer.write(data)
        await self.writer.drain()
        status, headers, excerpt, whole = 0, {}, b"", False
        while True:
            event = proto.next_event()
            if event is h11.NEED_DATA:
                chunk = await self.reader.read(READ_SIZE)
                proto.receive_data(chunk)  # b"": the peer closed (an error if mid-answer)
                continue
            if isinstance(event, h11.InformationalResponse):
                continue
            if isinstance(event, h11.Response):
                status = event.status_code
                headers = {
                    k.decode("latin-1").lower(): v.decode("latin-1") for k, v in event.headers
                }
                continue
            if isinstance(event, h11.Data):
                excerpt += event.data
                if len(excerpt) > cap:  # enough: the rest is not read (nor the connection kept)
                    return Answer(status, headers, excerpt[:cap]), False
                continue
            if isinstance(event, h11.EndOfMessage):
                whole = True
            break
        keep = whole and proto.our_state is h11.DONE and proto.their_state is h11.DONE
        if keep:
            proto.start_next_cycle()
        return Answer(status, headers, excerpt), keep


class Sender:
    """POSTs for the delivery worker, with up to ``IDLE_PER_ORIGIN`` idle connections kept
    per origin. One instance per worker; ``close`` at shutdown."""

    def __init__(self, allow_private: bool, timeout: float, cap: int = 1024) -> None:
        self.allow_private = allow_private
        self.timeout = timeout
        self.cap = cap
        self._idle: dict[Origin, list[_Connection]] = {}
        self._tls: ssl.SSLContext | None = None

    def _context(self) -> ssl.SSLContext:
        if self._tls is None:
            self._tls = ssl.create_default_context()
        return self._tls

    async def post(self, url: str, body: bytes, headers: dict[str, str]) -> Answer:
        """One attempt: an answer (any status), or ``Refused`` / ``Unreachable``."""
        parts = urlsplit(url)
        scheme, host = parts.scheme, parts.hostname
        if scheme not in ("http", "https") or not host or parts.username is not None:
            raise Refused("not an http(s) URL with a host")
        try:
            port = parts.port or (443 if scheme == "https" else 80)
        except ValueError as exc:
            raise Refused("not a valid port") from exc
        origin = (scheme, host, port)
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        netloc = parts.netloc.rpartition("@")[2]
        listed = [("host", netloc), ("user-agent", USER_AGENT),
                  ("content-length", str(len(body))), *headers.items()]  # fmt: skip
        request = h11.Request(method="POST", target=target, headers=listed)
        try:
            async with asyncio.timeout(self.timeout):
                return await self._send(origin, request, body)
        except TimeoutError:
            raise Unreachable("timed out") from None
        except (OSError, h11.ProtocolError, ssl.SSLError, asyncio.IncompleteReadError) as exc:
            raise Unreachable(f"{type(exc).__name__}: {exc}".strip()) from exc

    async def _send(self, origin: Origin, request: h11.Request, body: bytes) -> Answer:
        reused = self._take(origin)
        if reused is not None:
            try:
                return await self._on(origin, reused, request, body)
            except (OSError, h11.RemoteProtocolError, asyncio.IncompleteReadError):
                pass  # the peer closed the idle connection meanwhile: once more, on a new one
        return await self._on(origin, await self._connect(origin), request, body)

    async def _on(
        self, origin: Origin, connection: _Connection, request: h11.Request, body: bytes
    ) -> Answer:
        try:
            answer, keep = await connection.exchange(request, body, self.cap)
        except BaseException:
            connection.close()
            raise
        if keep and len(self._idle.setdefault(origin, [])) < IDLE_PER_ORIGIN:
            connection.idle_since = time.monotonic()
            self._idle[origin].append(connection)
        else:
            connection.close()
        return answer

    def _take(self, origin: Origin) -> _Connection | None:
        idle = self._idle.get(origin)
        now = time.monotonic()
        while idle:
            connection = idle.pop()
            if now - connection.idle_since < IDLE_SECONDS and not connection.reader.at_eof():
                return connection
            connection.close()
        return None

    async def _connect(self, origin: Origin) -> _Connection:
        scheme, host, port = origin
        if self.allow_private:
            address = host
        else:
            try:
                address = (await addresses.public_addresses(host, port))[0]
            except addresses.AddressRefused as exc:
                raise Refused(str(exc)) from exc
        tls = self._context() if scheme == "https" else None
        reader, writer = await asyncio.open_connection(
            address.strip("[]"), port, ssl=tls, server_hostname=host if tls else None
        )
        return _Connection(reader, writer)

    async def close(self) -> None:
        for idle in self._idle.values():
            for connection in idle:
                connection.close()
        self._idle.clear()
