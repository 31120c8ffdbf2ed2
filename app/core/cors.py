"""Browsers: CORS for the configured origins, and an answer to ``OPTIONS`` on every path.

With ``VTT_CORS_ORIGINS`` set, Starlette's ``CORSMiddleware`` answers preflights from those
origins and lets scripts read the headers a client of this API needs (``EXPOSED``: the
character's ``ETag`` for ``If-Match``, ``Retry-After`` and the rate-limit headers of a 429,
``Location``, ``Content-Language``).

Any other ``OPTIONS`` (no origins configured, or a plain one) used to reach the router and
get 405. ``Options`` answers it 204 with ``Allow`` listing the path's methods (RFC 9110
§9.3.7), and nothing else: no ``Access-Control-Allow-*`` header, so a preflight from an
origin that is not configured is answered and still refused by the browser. A path the
API does not have falls through to the 404 problem.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

EXPOSED = ["ETag", "Retry-After", "Location", "RateLimit", "RateLimit-Policy", "Content-Language"]
_METHODS = ("get", "put", "post", "patch", "delete")


def _compile(template: str) -> re.Pattern[str]:
    parts = re.split(r"(\{[^}/]+\})", template)
    body = "".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts)
    return re.compile(f"^{body}/?$")


class Options:
    """Answers ``OPTIONS`` on the API's paths with their ``Allow`` header (pure ASGI)."""

    def __init__(self, app: ASGIApp, document: Callable[[], dict[str, Any]]) -> None:
        self.app = app
        self._document = document
        self._paths: list[tuple[re.Pattern[str], str]] | None = None

    def _allow(self, path: str) -> str | None:
        if self._paths is None:  # the document is complete once the app has started
            paths: dict[str, Any] = self._document().get("paths", {})
            self._paths = [
                (_compile(template), ", ".join(
                    [*(m.upper() for m in _METHODS if m in item), "OPTIONS"]))
                # Literal segments first: /campaigns/import before /campaigns/{cid}.
                for template, item in sorted(paths.items(), key=lambda p: p[0].count("{"))
            ]  # fmt: skip
        return next((allow for pattern, allow in self._paths if pattern.match(path)), None)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "OPTIONS":
            await self.app(scope, receive, send)
            return
        allow = self._allow(scope["path"])
        if allow is None:
            await self.app(scope, receive, send)
            return
        headers = [(b"allow", allow.encode()), (b"content-length", b"0")]
        await send({"type": "http.response.start", "status": 204, "headers": headers})
        await send({"type": "http.response.body", "body": b""})


def install_cors(app: FastAPI, origins: list[str]) -> None:
    """``Options`` inside, CORS (when origins are configured) around it: a preflight from a
    configured origin is CORS's to answer."""
    app.add_middleware(Options, document=app.openapi)
    if origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=origins,
            allow_methods=["*"],
            allow_headers=["*"],
            expose_headers=EXPOSED,
            max_age=600,
        )
