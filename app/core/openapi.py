"""What the OpenAPI document says about answers: the problem+json body every error shares,
the examples of success answers, and the security scheme.

Routes declare their answers with ``responses={**ok(...), **problems(...)}`` so that a
client author reading ``/docs`` sees, for each endpoint, what success looks like and which
errors to handle — the same shapes the handlers in ``app.core.errors`` produce.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from pydantic import BaseModel, Field

from app.core.errors import PROBLEM

Responses = dict[int | str, dict[str, Any]]

SECURITY_SCHEME = "bearer"

# FastAPI writes the document without any null (``exclude_none``), even inside examples, so
# an example holding one is registered here and a placeholder stands in for it until
# ``install_openapi`` puts it back.
_PLACEHOLDER = "x-fairtable-example"
_EXAMPLES: dict[str, Any] = {}


class FieldError(BaseModel):
    """One refused field of a request that failed validation."""

    loc: list[str | int] = Field(description="Where: `body`, `query`, `path` or `header`, …")
    msg: str


class Problem(BaseModel):
    """An error answer (RFC 9457, ``application/problem+json``)."""

    type: str = "about:blank"
    title: str = Field(description="Short and the same for every error of this status.")
    status: int
    detail: str = Field(description="What went wrong with this request, for a human.")
    errors: list[FieldError] | None = Field(
        default=None, description="Validation errors only: every refused field."
    )


# For each status: when it is answered (the response's description) and an example body.
_PROBLEMS: dict[int, tuple[str, str, str]] = {
    400: (
        "The body cannot be read as JSON text (it is not UTF-8, say).",
        "Bad request",
        "There was an error parsing the body",
    ),
    401: (
        "No credential, or an invalid, expired or revoked one.",
        "Unauthorized",
        "missing or invalid credentials",
    ),
    403: (
        "The caller's role at the table, or the API key's scopes, do not allow this.",
        "Forbidden",
        "a player may not do this; it needs: storyteller",
    ),
    404: (
        "No such resource, or the caller may not know it exists.",
        "Not found",
        "no such campaign",
    ),
    409: (
        "The request conflicts with the current state.",
        "Conflict",
        "the username 'ada' is taken",
    ),
    412: (
        "`If-Match` is malformed or stale: reload and retry.",
        "Precondition failed",
        "the character was changed by someone else; reload it",
    ),
    413: (
        "The request body is over the size limit.",
        "Content too large",
        "request bodies are limited to 65536 bytes",
    ),
    422: (
        "The request is malformed (`errors` lists each refused field), or it breaks a rule of "
        "the ruleset or of the table.",
        "Validation failed",
        "body.name: String should have at least 1 character",
    ),
    428: (
        "`If-Match` is missing: send the version you last read.",
        "Precondition required",
        "PATCH needs If-Match: <version> (the character's current version)",
    ),
    429: (
        "Too many attempts: wait before retrying.",
        "Too many requests",
        "too many failed logins for 'ada'; retry in 60 s",
    ),
    503: (
        "The database does not answer.",
        "Unavailable",
        "the database is unreachable",
    ),
}

# Every endpoint that needs a credential may answer these.
AUTH = (401, 403)
# Every endpoint that reads a body may answer these.
BODY = (400, 413, 422)


def _holds_null(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, dict):
        return any(_holds_null(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_holds_null(v) for v in value)
    return False


def keep_nulls(example: Any) -> Any:
    """``example`` as it may be put into the document: nulls and all, once installed."""
    if not _holds_null(example):
        return example
    key = str(len(_EXAMPLES))
    _EXAMPLES[key] = example
    return {_PLACEHOLDER: key}


def _restore(value: Any) -> Any:
    if isinstance(value, dict):
        if list(value) == [_PLACEHOLDER]:
            return _EXAMPLES[value[_PLACEHOLDER]]
        return {k: _restore(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_restore(v) for v in value]
    return value


def ok(status: int, example: Any, description: str) -> Responses:
    """A success answer with its example (the schema comes from the route's model)."""
    media = {"example": keep_nulls(example)}
    return {status: {"description": description, "content": {"application/json": media}}}


def no_content(description: str) -> Responses:
    """A success answer without a body (204): nothing to show an example of."""
    return {204: {"description": description}}


def _problem(status: int, title: str, detail: str) -> dict[str, Any]:
    return {"type": "about:blank", "title": title, "status": status, "detail": detail}


# A 422 is either a request that does not parse (with ``errors``) or one that parses but is
# refused: a rule of the ruleset (title "Rules violation") or of the service.
_INVALID = {
    **_problem(422, "Validation failed", "body.name: String should have at least 1 character"),
    "errors": [{"loc": ["body", "name"], "msg": "String should have at least 1 character"}],
}


def problems(*statuses: int, **details: str | tuple[str, str]) -> Responses:
    """Error answers for ``statuses``, each with the Problem schema and an example.

    ``details`` gives an example's detail by status, as ``s404="no such roll"``; for 422 it
    is a refused request, ``(title, detail)``, shown beside the malformed one."""
    answers: Responses = {}
    for status in sorted(set(statuses)):
        description, title, detail = _PROBLEMS[status]
        given = details.get(f"s{status}")
        media: dict[str, Any] = {"schema": {"$ref": "#/components/schemas/Problem"}}
        if status == 422:
            media["examples"] = {"malformed": {"summary": "Does not parse", "value": _INVALID}}
            if isinstance(given, tuple):
                media["examples"]["refused"] = {
                    "summary": "Parses, but is refused",
                    "value": _problem(422, *given),
                }
        else:
            text = given if isinstance(given, str) else detail
            media["example"] = _problem(status, title, text)
        answers[status] = {"description": description, "content": {PROBLEM: media}}
    return answers


def install_openapi(app: FastAPI) -> None:
    """Completes the generated document: the Problem schema the error answers refer to, and
    the bearer scheme on every operation that documents a 401 (it needs a credential)."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        document: dict[str, Any] = _restore(generate())
        components = document.setdefault("components", {})
        schemas = components.setdefault("schemas", {})
        problem = Problem.model_json_schema(ref_template="#/components/schemas/{model}")
        schemas.update(problem.pop("$defs", {}))
        schemas["Problem"] = problem
        components.setdefault("securitySchemes", {})[SECURITY_SCHEME] = {
            "type": "http",
            "scheme": "bearer",
            "description": "A login token from `POST /auth/token`, or an API key.",
        }
        for operations in document.get("paths", {}).values():
            for operation in operations.values():
                if "401" in operation.get("responses", {}):
                    operation.setdefault("security", [{SECURITY_SCHEME: []}])
        app.openapi_schema = document
        return document

    app.openapi = openapi  # type: ignore[method-assign]
