"""Text that cannot be stored is refused at the door: a NUL character or a lone UTF-16
surrogate in any JSON body string (or key), query parameter or path parameter is a 422
naming the field, the same on SQLite and PostgreSQL, before any route, model or database
sees it.

Why here and not in each schema: one ASGI middleware covers every endpoint, including the
ones written tomorrow, and the check costs the hot roll path two substring searches of its
raw body (a NUL or a surrogate can only arrive in JSON as ``\\u0000`` / ``\\udXXX`` escapes,
or as a raw NUL byte, which JSON forbids anyway). Only a body that trips that pre-check is
parsed to find the field. Why not in pydantic: PostgreSQL refuses NUL in ``text`` while
SQLite stores it, and a surrogate cannot even be encoded to UTF-8, so the rule belongs to
the storage, for every string, not to a model someone may forget to annotate.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl

from starlette.exceptions import HTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.core.i18n import msg

Answer = Callable[[list[dict[str, Any]]], ASGIApp]

NUL_MSG = msg("String should not contain a NUL character (U+0000)")
SURROGATE_MSG = msg("String should not contain a lone surrogate (U+D800 to U+DFFF)")

_SUSPECT = re.compile(rb"\\u(?:0000|[dD][89abcdefABCDEF])|\x00")
_SURROGATE = re.compile("[\ud800-\udfff]")


def refusal(text: str) -> str | None:
    """Why ``text`` cannot be stored, or None when it can."""
    if _SURROGATE.search(text):
        return SURROGATE_MSG
    if "\x00" in text:
        return NUL_MSG
    return None


def printable(text: str) -> str:
    """``text`` safe to echo in a ``loc``: NUL spelled out, a lone surrogate replaced."""
    return _SURROGATE.sub("\ufffd", text.replace("\x00", "\\u0000"))


class TextRefused(HTTPException):
    """Raised from ``receive`` when the body holds unstorable text. An HTTPException, so
    FastAPI's body reader lets it through and ``app.core.errors`` answers the 422."""

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__(422, "unstorable text")
        self.errors = errors


def _walk(document: Any) -> list[dict[str, Any]]:
    """Every refused string (and key) under ``document``, in document order; a stack, not
    recursion, so a deeply nested body cannot exhaust Python's."""
    found: list[dict[str, Any]] = []
    stack: list[tuple[Any, list[Any], bool]] = [(document, ["body"], False)]
    while stack:
        value, loc, is_key = stack.pop()
        if isinstance(value, str):
            why = refusal(value)
            if why:
                where = [*loc[:-1], printable(value), "[key]"] if is_key else loc
                found.append({"loc": where, "msg": why})
                if is_key:
                    stack.pop()  # the key's value: the key is what is refused
        elif isinstance(value, dict):
            for key, item in reversed(value.items()):
                stack.append((item, [*loc, key], False))
                stack.append((key, [*loc, key], True))
        elif isinstance(value, list):
            stack.extend((item, [*loc, i], False) for i, item in reversed(list(enumerate(value))))
    return found


def body_errors(body: bytes) -> list[dict[str, Any]]:
    """The refused strings of a JSON body, in document order; none for a body that passes
    the pre-check, does not parse (the route's own parser answers that) or holds only
    surrogate pairs (an escaped emoji)."""
    if ((b"\\" not in body or b"\\u" not in body) and b"\x00" not in body) or not _SUSPECT.search(
        body
    ):
        return []  # byte searches first, ten times cheaper than the pattern's (a backslash
        # first: one byte is found six times faster than two)
    try:
        document = json.loads(body, strict=False)  # strict=False: a raw NUL, to name it
    except (ValueError, RecursionError):
        return []
    return _walk(document)


def query_errors(query_string: bytes) -> list[dict[str, Any]]:
    if b"%00" not in query_string and b"\x00" not in query_string:
        return []
    found = []
    for name, value in parse_qsl(query_string.decode("latin-1"), keep_blank_values=True):
        why = refusal(name) or refusal(value)
        if why:
            found.append({"loc": ["query", printable(name)], "msg": why})
    return found


def _flat(routes: list[Any]) -> list[Any]:
    """Every endpoint route, looking into included routers (FastAPI ≥ 0.16x keeps them
    nested: ``app.router.routes`` holds the routers, not their routes)."""
    try:
        from fastapi.routing import iter_route_contexts
    except ImportError:  # an older FastAPI: the routes are flat already
        return list(routes)
    return list(iter_route_contexts(routes))


def path_errors(routes: list[Any], scope: Scope) -> list[dict[str, Any]]:
    """A NUL in the path names the path parameter it falls in, by the route that matches
    (a path or method matching no route stays a 404 or 405). Only a path holding a NUL
    pays for the walk."""
    if "\x00" not in scope.get("path", ""):
        return []
    for route in _flat(routes):
        match, child = route.matches(scope)
        if match is Match.FULL:
            params = child.get("path_params", {})
            return [
                {"loc": ["path", name], "msg": NUL_MSG}
                for name, value in params.items()
                if isinstance(value, str) and "\x00" in value
            ]
    return []


# The content types of bodies of any size read a line at a time (a campaign import), whose
# reader checks each line's text itself (app/exchange/lines.py): joining them here would
# hold the whole body in memory.
LINE_BODY_TYPES = ("application/x-ndjson", "application/gzip")
_LINE_BODY_TYPES = tuple(kind.encode() for kind in LINE_BODY_TYPES)


def _streamed(scope: Scope) -> bool:
    for name, value in scope.get("headers", ()):
        if name == b"content-type":
            return value.split(b";")[0].strip().lower() in _LINE_BODY_TYPES
    return False


class TextGuard:
    """The ASGI middleware: path and query checked before routing, the body as it is read
    (``receive`` is wrapped: a one-chunk body, the usual case, is checked in place; a
    streamed JSON one is joined for the check once its last chunk arrives; a line-format
    body is its reader's to check, line by line)."""

    def __init__(self, app: ASGIApp, routes: list[Any], answer: Answer) -> None:
        self.app = app
        self.routes = routes  # the app's router.routes (the list itself: routes added later count)
        self.answer = answer  # errors -> the 422 response (app.core.errors renders it)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refused = query_errors(scope.get("query_string", b"")) + path_errors(self.routes, scope)
        if refused:
            await self.answer(refused)(scope, receive, send)
            return
        if _streamed(scope):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []

        async def checking_receive() -> Message:
            message = await receive()
            if message["type"] != "http.request":
                return message
            body: bytes = message.get("body", b"")
            if message.get("more_body", False):
                chunks.append(body)
                return message
            if chunks:
                chunks.append(body)
                body = b"".join(chunks)
            errors = body_errors(body)
            if errors:
                raise TextRefused(errors)
            return message

        await self.app(scope, checking_receive, send)
