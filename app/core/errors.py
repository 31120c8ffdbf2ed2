"""One domain error type and the handlers that turn every failure into problem+json.

Routes and services raise ``AppError`` (or a subclass); nothing sprinkles HTTPException.
Engine errors (``RulesError``) are bad input by definition and map to 422.

Details are messages (``app.core.i18n.msg``) said in the request's language when the answer
is rendered; ``type`` (one per kind of error, app.core.problem_types) and ``title`` are
for programs and stay English.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from asyncpg import PostgresError
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.core.i18n import Msg, current_language, localize, message_of, msg, negotiate
from app.core.pgpool import LOST, connection_lost
from app.core.problem_types import type_of
from app.core.text import TextGuard, TextRefused, printable
from app.core.validation_messages import pydantic_message
from app.rules import RulesError

log = logging.getLogger("fairtable")

PROBLEM = "application/problem+json"


class AppError(Exception):
    """An answer other than success: HTTP status, short title, human detail."""

    status = 400
    title = "Bad request"
    errors: list[dict[str, Any]] | None = None  # the refused fields, for a validation error

    def __init__(
        self,
        detail: str,
        *,
        status: int | None = None,
        title: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(detail)
        self.detail = detail
        if status is not None:
            self.status = status
        if title is not None:
            self.title = title
        self.headers = headers or {}


class NotFound(AppError):
    status = 404
    title = "Not found"


class Unauthorized(AppError):
    status = 401
    title = "Unauthorized"

    def __init__(self, detail: str = msg("missing or invalid credentials")) -> None:
        super().__init__(detail, headers={"WWW-Authenticate": "Bearer"})


class Forbidden(AppError):
    status = 403
    title = "Forbidden"


class Conflict(AppError):
    status = 409
    title = "Conflict"


class PreconditionFailed(AppError):
    status = 412
    title = "Precondition failed"


class Unprocessable(AppError):
    status = 422
    title = "Unprocessable content"


class InvalidFields(AppError):
    """Input that parsed but fails a model that only the service can pick (a campaign's
    settings depend on its ruleset): the same 422, with ``errors``, as a request that does
    not parse, so clients handle both alike."""

    status = 422
    title = "Validation failed"

    def __init__(
        self, errors: Iterable[Mapping[str, Any]], under: Sequence[str | int] = ()
    ) -> None:
        refused = field_errors(errors, under)
        super().__init__(describe(refused))
        self.errors = refused


class TooManyRequests(AppError):
    status = 429
    title = "Too many requests"


class ProblemResponse(JSONResponse):
    """problem+json that always renders: a value echoed back (a refused dict key, a message
    quoting input) may hold a lone surrogate, which UTF-8 cannot encode; it is replaced
    with U+FFFD rather than turning the answer into a 500."""

    media_type = PROBLEM

    def render(self, content: Any) -> bytes:
        try:
            return super().render(content)
        except (UnicodeEncodeError, TypeError, ValueError):
            text = json.dumps(_printable(content), ensure_ascii=False, default=str)
            return text.encode("utf-8", "replace")


def _printable(value: Any) -> Any:
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return {_printable(str(k)): _printable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_printable(v) for v in value]
    return value


def problem(
    status: int,
    title: str,
    detail: str,
    headers: dict[str, str] | None = None,
    *,
    language: str | None = None,
    **extra: Any,
) -> JSONResponse:
    """The problem+json answer, its ``detail`` (and ``errors[].msg``) in ``language``,
    by default the request's (``app.core.i18n.LanguageMiddleware``)."""
    language = language or current_language()
    body: dict[str, Any] = {"type": type_of(title), "title": title, "status": status}
    body["detail"] = detail
    body.update(extra)
    answer_headers = {**(headers or {}), "Content-Language": language, "Vary": "Accept-Language"}
    return ProblemResponse(localize(body, language), status_code=status, headers=answer_headers)


def validation_problem(errors: list[dict[str, Any]]) -> JSONResponse:
    """The 422 of a request that does not parse: ``errors`` in the shape of docs/api.md."""
    return problem(422, "Validation failed", describe(errors), errors=errors)


def _loc(loc: Any) -> list[Any]:
    return [p for p in loc] if isinstance(loc, list | tuple) else [loc]


def field_errors(
    errors: Iterable[Mapping[str, Any]], under: Sequence[str | int] = ()
) -> list[dict[str, Any]]:
    """pydantic's errors in the ``errors`` shape of docs/api.md, every ``loc`` under ``under``:
    the one place that shape is made, for request validation and later checks alike."""
    return [{"loc": [*under, *_loc(e.get("loc", ()))], "msg": pydantic_message(e)} for e in errors]


def describe(errors: Sequence[Mapping[str, Any]]) -> str:
    """The problem's ``detail``: the first refused field, readable without ``errors``."""
    first = errors[0] if errors else {"loc": [], "msg": msg("invalid request")}
    return msg("{loc}: {message}", loc=".".join(str(p) for p in first["loc"]), message=first["msg"])


async def _app_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, AppError)
    extra: dict[str, Any] = {} if exc.errors is None else {"errors": exc.errors}
    return problem(exc.status, exc.title, exc.detail, exc.headers, **extra)


async def _rules_error(_: Request, exc: Exception) -> JSONResponse:
    return problem(422, "Rules violation", message_of(exc))


async def _validation_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    return validation_problem(field_errors(exc.errors()))


async def _http_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    if isinstance(exc, TextRefused):
        return validation_problem(exc.errors)
    titles = {
        400: "Bad request",
        404: "Not found",
        405: "Method not allowed",
        413: "Content too large",
    }
    title = titles.get(exc.status_code, "HTTP error")
    headers = dict(exc.headers) if exc.headers else None
    detail = exc.detail if isinstance(exc.detail, Msg) else _STARLETTE.get(exc.detail)
    return problem(exc.status_code, title, detail or str(exc.detail), headers)


# Starlette's own details (an unknown path, a wrong method), said in the request's language.
_STARLETTE = {
    "Not Found": msg("Not Found"),
    "Method Not Allowed": msg("Method Not Allowed"),
}


async def _database_error(_: Request, exc: Exception) -> JSONResponse:
    """A value the database refuses to store (SQLSTATE class 22, "data exception": a NUL
    character in text on PostgreSQL, a number out of range) is bad input, not a fault; the
    writer has already rolled its job back."""
    sqlstate = str(getattr(exc, "sqlstate", None) or "")
    if sqlstate.startswith("22"):
        return problem(422, "Validation failed", msg("a value in the request cannot be stored"))
    raise exc  # a real fault: on to the 500 handler, which logs it


async def _database_lost(_: Request, exc: Exception) -> JSONResponse:
    """The database went away under the request (a restart, a failover): the client may
    try again, and a write sent again with its ``Idempotency-Key`` is not made twice, even
    if the first one committed before the connection was lost."""
    if not connection_lost(exc):
        raise exc  # not the connection's: on to the 500 handler, which logs it
    log.warning("database connection lost: %s: %s", type(exc).__name__, exc)
    return problem(
        503,
        "Unavailable",
        msg("the connection to the database was lost; try again"),
        headers={"Retry-After": "1"},
    )


async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    """Runs outside every middleware (Starlette's outermost one), so it reads the request's
    language from the request itself."""
    log.exception("unhandled error", exc_info=exc)
    language = negotiate(request.headers.get("accept-language"))
    return problem(
        500, "Internal server error", msg("an unexpected error occurred"), language=language
    )


def install_handlers(app: FastAPI) -> None:
    """The handlers, and the text guard (app.core.text): installed first, it is the
    innermost middleware, so its refusals of a body come back through these handlers."""
    app.add_middleware(TextGuard, routes=app.router.routes, answer=validation_problem)
    app.add_exception_handler(AppError, _app_error)
    app.add_exception_handler(RulesError, _rules_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(PostgresError, _database_error)
    for lost in LOST:
        app.add_exception_handler(lost, _database_lost)
    app.add_exception_handler(Exception, _unexpected)
