"""ASGI middleware that refuses request bodies over the configured size with 413.

A path of ``wider`` (a campaign import) is not limited here: its endpoint streams the body
and bounds it itself (each line of the line format by ``VTT_MAX_IMPORT_LINE_BYTES``, a
whole single-JSON document by the path's value, ``VTT_MAX_IMPORT_BYTES``)."""

from __future__ import annotations

import json

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.core.i18n import current_language, msg, translate
from app.core.problem_types import type_of


class BodyTooLarge(HTTPException):
    """Raised from ``receive`` once a streamed body passes the limit. An HTTPException, so
    FastAPI's body reader lets it through (it turns any other error into a 400) and the
    problem+json handler answers 413."""

    def __init__(self, max_bytes: int) -> None:
        super().__init__(413, f"request bodies are limited to {max_bytes} bytes")


class BodySizeLimit:
    """Checks Content-Length up front and counts streamed bytes, so chunked uploads
    cannot slip past the limit."""

    def __init__(self, app: ASGIApp, max_bytes: int, wider: dict[str, int] | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        # Exact paths whose endpoint bounds its body itself (a campaign import), path ->
        # the limit of a body it reads whole; see the module's docstring.
        self.wider = wider or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope.get("path", "") in self.wider:
            await self.app(scope, receive, send)
            return
        max_bytes = self.max_bytes
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_big = int(value) > max_bytes
                except ValueError:
                    too_big = False
                if too_big:
                    await self._refuse(send, max_bytes)
                    return
        seen = 0
        started = False

        async def counting_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > max_bytes:
                    raise BodyTooLarge(max_bytes)
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await self._refuse(send, max_bytes)

    async def _refuse(self, send: Send, max_bytes: int) -> None:
        body = json.dumps(
            {
                "type": type_of("Content too large"),
                "title": "Content too large",
                "status": 413,
                "detail": translate(
                    msg("request bodies are limited to {max_bytes} bytes", max_bytes=max_bytes),
                    current_language(),
                ),
            }
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/problem+json"),
                    (b"content-language", current_language().encode("ascii")),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
