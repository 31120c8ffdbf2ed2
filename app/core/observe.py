"""Watching the service: a request id on every answer, the latency histogram per route, and
with ``VTT_LOG_FORMAT=json`` one JSON log line per request.

``ObserveRequests`` is plain ASGI (no ``BaseHTTPMiddleware``: that one costs a task and
a stream per request). It reads the route template Starlette leaves in the scope once
routing is done, and the user id ``app.core.deps.get_principal`` leaves there, so the
metric labels are templates (``/api/v1/campaigns/{cid}/rolls``), never ids, and the log
line names the user without a second lookup.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import orjson

from app.core import metrics
from app.core.log_redaction import redact

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

USER_KEY = "fairtable.user_id"  # set in the scope by get_principal
REQUEST_ID_HEADER = b"x-request-id"
# A caller's own id is kept when it is short and plain (a proxy's, a client's trace id);
# anything else is replaced, so a log line never carries what a client made up freely.
_ACCEPTED_ID = re.compile(rb"[A-Za-z0-9._:-]{1,64}")

request_log = logging.getLogger("fairtable.request")

_in_flight = 0


def in_flight() -> int:
    """HTTP requests this process is answering now (background work gives way to them:
    app/webhooks/delivery.py)."""
    return _in_flight


class ObserveRequests:
    def __init__(self, app: ASGIApp, *, metrics_on: bool, log_requests: bool) -> None:
        self.app = app
        self.metrics_on = metrics_on
        self.log_requests = log_requests

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        global _in_flight
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = _request_id(scope)
        header = (REQUEST_ID_HEADER, request_id.encode())
        status = 500  # what the server answers if the app fails before it starts one
        started = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", ()), header]
            await send(message)

        _in_flight += 1
        try:
            await self.app(scope, receive, send_with_id)
        finally:
            _in_flight -= 1
            elapsed = time.perf_counter() - started
            route = _template(scope)
            if self.metrics_on:
                metrics.labelled(metrics.REQUESTS, scope["method"], route, str(status)).observe(
                    elapsed
                )
            if self.log_requests:
                request_log.info(
                    "request",
                    extra={
                        "request_id": request_id,
                        "method": scope["method"],
                        "route": route,
                        "path": scope["path"],
                        "status": status,
                        "duration_ms": round(elapsed * 1000, 3),
                        "user_id": scope.get(USER_KEY),
                        "client": (scope.get("client") or ("", 0))[0],
                    },
                )


def _template(scope: Scope) -> str:
    """The request path with each path parameter's value put back as ``{name}``
    (``/api/v1/campaigns/{cid}/rolls``): a bounded label whatever the ids, read from what
    routing matched rather than from the router's internals. "unmatched" when no route
    matched (any path may come in: it must not become a label)."""
    if scope.get("route") is None:
        return "unmatched"
    path: str = scope["path"]
    params = scope.get("path_params") or {}
    if not params:
        return path
    names = {}
    for name, value in params.items():
        text = str(value)
        if "/" in text and path.endswith(text):  # a mount's {path}: the rest of the URL
            path = path[: -len(text)] + "{" + name + "}"
        else:
            names[text] = "{" + name + "}"
    return "/".join(names.get(segment, segment) for segment in path.split("/"))


def _request_id(scope: Scope) -> str:
    for name, value in scope["headers"]:
        if name == REQUEST_ID_HEADER and _ACCEPTED_ID.fullmatch(value):
            return str(value.decode())
    return secrets.token_hex(8)


# LogRecord's own attributes: everything else on a record came in through ``extra``.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message",
    "asctime",
    "color_message",  # uvicorn's coloured copy of the message
}


# Times and dataclasses as ``json`` with ``default=str`` spelled them, not orjson's way.
_PASS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


def _dumps(line: dict[str, Any]) -> str:
    """orjson, a third of a request line's cost with ``json``; what it refuses (an integer
    beyond 64 bits, a key not a string) goes to ``json``: a log line never fails."""
    try:
        return orjson.dumps(line, default=str, option=_PASS).decode()
    except TypeError:
        return json.dumps(line, ensure_ascii=False, default=str)


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message, the ``extra`` fields, the
    exception. The whole line goes through ``redact`` last, whatever field a secret
    would have slipped into."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                line[key] = value
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            line["exception"] = record.exc_text
        return redact(_dumps(line))

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return time.strftime(datefmt or "%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
