"""What the OpenAPI document says about answers: the problem+json body every error shares,
the examples of success answers, and the security scheme.

Routes declare their answers with ``responses={**ok(...), **problems(...)}`` so that a
client author reading ``/docs`` sees, for each endpoint, what success looks like and which
errors to handle — the same shapes the handlers in ``app.core.errors`` produce.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIRoute, APIRouter
from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema
from pydantic.json_schema import SkipJsonSchema

from app.core.deps import required_scope
from app.core.errors import PROBLEM
from app.core.problem_types import type_of

Responses = dict[int | str, dict[str, Any]]

# The document's overview: what a client author reads first, at the top of /docs.
DESCRIPTION = """\
Fairtable is the backend of virtual tabletop role-playing games: campaigns, their members
and characters, and dice **rolled on the server**, stored in a hash-chained log that anyone
at the table can check. Three rulesets are built in (`3d6`, `matrix`, `d20`), and a dice
formula works in any campaign. Everything is under `/api/v1` and, within version 1, only
grows: new fields, new endpoints, new event types. Ignore what you do not know.

**Credentials.** Send `Authorization: Bearer <secret>`: a login token from
`POST /api/v1/auth/token` (it may do all its user may), or an API key from
`POST /api/v1/api-keys`, limited to its scopes `read`, `roll` and `manage`. Each
operation's security requirement names the scope a key needs; creating an account, logging
in, the odds, the problem types and the health probes need no credential. A member's role
at the table (`storyteller`, `player`, `spectator`) decides the rest; a campaign the caller
does not sit at answers 404, as if it did not exist.

**Retries.** Every `POST` that rolls dice takes an `Idempotency-Key` header: the same key
again answers the first answer, byte for byte, and never rolls twice (for 24 hours).

**Lists** answer `{items, next_cursor}`, newest first: pass `next_cursor` back as `cursor`
until it is null. `limit` is 1..200 (default 50). The event stream reads oldest first.

**Errors** are `application/problem+json` (RFC 9457). Match on `type`, a URI reference such
as `/api/v1/problems/not-found`: `GET /api/v1/problems` lists every kind. A request that does
not validate (422) lists each refused field in `errors`; an unknown field or query
parameter is refused too. `Accept-Language: fr` gives French `detail`s.

**Shapes.** A roll's `result` and `odds`, a character's `sheet` and `derived`, and an
event's `data` are unions (`oneOf`): a roll's shape follows its `ruleset` and `kind`, a
sheet its campaign's ruleset, an event's its `type` (a discriminator).

**Live events.** `GET /api/v1/campaigns/{cid}/events?after=SEQ` pages the event stream. The
websocket `/api/v1/campaigns/{cid}/ws` pushes it: its channel, authentication (a header, or
a ticket from `POST /api/v1/campaigns/{cid}/ws-ticket` offered as the subprotocols
`["fairtable", ticket]`), `after=`, every event type with its schema, presence messages and
close codes are described in the AsyncAPI 3 document `docs/asyncapi.yaml` of the
repository (and in docs/realtime.md). A typed Python client generated from this document
is in `clients/python`.
"""

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

    type: str = Field(
        description="The kind of error, a URI reference such as `/api/v1/problems/not-found`;"
        " a GET there describes it, and `GET /api/v1/problems` lists every kind. Match on it."
    )
    title: str = Field(description="Short, and the same for every error of this `type`.")
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
    return {"type": type_of(title), "title": title, "status": status, "detail": detail}


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


_EXTRA_SCHEMAS: list[type[BaseModel]] = []


def document_schema(model: type[BaseModel]) -> str:
    """Put ``model`` in the document's components (for a body a route reads itself, which
    FastAPI cannot see) and answer its ``$ref``."""
    if model not in _EXTRA_SCHEMAS:
        _EXTRA_SCHEMAS.append(model)
    return f"#/components/schemas/{model.__name__}"


# A field a shape may leave out, but never null: ``name: str | Absent = None``.
Absent = SkipJsonSchema[None]


class Shape(BaseModel):
    """A shape the document describes but no route validates: a roll's ``result``, a sheet,
    an event. The answers are built as plain dicts (the roll path serialises them itself),
    and a field typed ``dict`` carries ``one_of(...)`` so that the document, and the client
    generated from it, know each shape. Fields a shape may leave out are optional and show
    no default; a shape never forbids fields it does not list (answers only grow)."""

    model_config = ConfigDict(json_schema_extra=lambda schema: _drop_defaults(schema))


def _drop_defaults(schema: dict[str, Any]) -> None:
    for prop in schema.get("properties", {}).values():
        prop.pop("default", None)


# A reference to a shape is written with this key, and turned into ``$ref`` once the
# document is generated: pydantic refuses a ``$ref`` to a schema it did not generate itself.
_REF = "x-fairtable-ref"


def _shape_ref(model: type[BaseModel]) -> str:
    document_schema(model)
    return model.__name__


def with_refs(value: Any, prefix: str = "#/components/schemas/") -> Any:
    """``value`` (a schema, a document) with every reference to a shape made a ``$ref``
    under ``prefix``, and every discriminator's mapping too."""
    if isinstance(value, dict):
        if _REF in value:  # and the title pydantic or FastAPI gave it, which says nothing
            rest = {k: with_refs(v, prefix) for k, v in value.items() if k not in (_REF, "title")}
            return {"$ref": prefix + value[_REF], **rest}
        out = {k: with_refs(v, prefix) for k, v in value.items()}
        if isinstance(value.get("discriminator"), dict) and "mapping" in value["discriminator"]:
            mapping = value["discriminator"]["mapping"]
            out["discriminator"]["mapping"] = {
                k: v if v.startswith("#") else prefix + v for k, v in mapping.items()
            }
        return out
    if isinstance(value, list):
        return [with_refs(v, prefix) for v in value]
    return value


def shaped(model: type[BaseModel]) -> WithJsonSchema:
    """The schema of a ``dict`` field, or a route's ``dict`` answer, that takes ``model``'s
    shape: for documentation only (the value validates and serialises as a dict)."""
    return WithJsonSchema({_REF: _shape_ref(model)})


def one_of(
    *models: type[BaseModel] | dict[str, Any],
    description: str | None = None,
    discriminator: tuple[str, dict[str, type[BaseModel]]] | None = None,
) -> WithJsonSchema:
    """The schema of a field whose value takes one of ``models``' shapes (a model is put in
    the document's components, a dict is an inline schema); for documentation only: the
    field validates as its own type. ``discriminator`` is (property, {value: model})."""
    branches = [{_REF: _shape_ref(m)} if isinstance(m, type) else m for m in models]
    schema: dict[str, Any] = {"oneOf": branches}
    if discriminator is not None:
        name, mapping = discriminator
        schema["discriminator"] = {
            "propertyName": name,
            "mapping": {value: _shape_ref(model) for value, model in mapping.items()},
        }
    if description is not None:
        schema["description"] = description
    return WithJsonSchema(schema)


def install_openapi(app: FastAPI, routers: Iterable[APIRouter], prefix: str) -> None:
    """Completes the generated document: the Problem schema the error answers refer to, and
    on every operation that needs a credential the bearer scheme with the API-key scope it
    needs (OpenAPI 3.1 lets a non-OAuth requirement list such role names), also said in
    its description for readers of ``/docs``."""
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
        for model in _EXTRA_SCHEMAS:
            extra = _restore(model.model_json_schema(ref_template="#/components/schemas/{model}"))
            for name, definition in extra.pop("$defs", {}).items():
                schemas.setdefault(name, definition)
            schemas.setdefault(model.__name__, extra)
        components.setdefault("securitySchemes", {})[SECURITY_SCHEME] = {
            "type": "http",
            "scheme": "bearer",
            "description": (
                "A login token from `POST /auth/token` (it may do everything its user may), or"
                " an API key, limited to its scopes: `read`, `roll`, `manage`, `join` (which"
                " `manage` includes). Where an"
                " operation's security requirement names a scope, an API key needs it; a 403"
                " names a missing scope."
            ),
        }
        scopes = _scopes(routers, prefix)
        for path, operations in document.get("paths", {}).items():
            for method, operation in operations.items():
                scope = scopes.get((method.upper(), path))
                if scope is None:
                    continue
                operation["security"] = [{SECURITY_SCHEME: [scope] if scope else []}]
                if scope:
                    said = f"API keys need the `{scope}` scope."
                    operation["description"] = f"{operation.get('description', '')}\n\n{said}"
        add_links(document)
        document = with_refs(document)
        app.openapi_schema = document
        return document

    app.openapi = openapi  # type: ignore[method-assign]


def _scopes(routers: Iterable[APIRouter], prefix: str) -> dict[tuple[str, str], str]:
    """(method, path) of every operation of ``routers`` needing a credential -> its scope."""
    found: dict[tuple[str, str], str] = {}
    for router in routers:
        for route in router.routes:
            if isinstance(route, APIRoute) and (scope := required_scope(route)) is not None:
                for method in route.methods or ():
                    found[(method, prefix + route.path_format)] = scope
    return found


# --- Links: which answer feeds which request -------------------------------------------
#
# OpenAPI ``links`` say that a created campaign's ``id`` is the ``cid`` of its characters,
# rolls and invites, and so on. Clients and generators read them; Schemathesis's stateful
# phase follows them, so fuzzing reaches real resources instead of 404s. They are derived
# from the paths themselves, so a new endpoint gets its links without anyone writing them:
# the parameter after a collection segment (``/rolls/{roll_id}``) is what a ``POST`` to that
# collection creates (its ``id``) and what its list holds (``items/0/id``), and an answer's
# field named like a parameter (``character_id``, ``code``; ``owner_id`` is a ``user_id``)
# feeds that parameter. The target's other path parameters come from the source request
# (a character created under ``cid`` feeds that ``cid`` on).

METHODS = ("get", "put", "post", "patch", "delete")
ALIASES = {"owner_id": "user_id"}


def _resolve(document: dict[str, Any], schema: Any) -> dict[str, Any]:
    for _ in range(8):
        if not isinstance(schema, dict) or "$ref" not in schema:
            break
        node: Any = document
        for part in schema["$ref"].removeprefix("#/").split("/"):
            node = node.get(part, {}) if isinstance(node, dict) else {}
        schema = node
    return schema if isinstance(schema, dict) else {}


def _properties(document: dict[str, Any], response: dict[str, Any]) -> dict[str, Any]:
    media = response.get("content", {}).get("application/json", {})
    props: dict[str, Any] = _resolve(document, media.get("schema")).get("properties", {})
    return props


def _path_params(path: str) -> list[str]:
    return [part[1:-1] for part in path.split("/") if part.startswith("{") and part.endswith("}")]


def _collections(paths: dict[str, Any]) -> dict[str, set[str]]:
    """Collection segment -> the parameters that follow it: ``rolls`` -> {``roll_id``}."""
    found: dict[str, set[str]] = {}
    for path in paths:
        parts = path.split("/")
        for segment, following in itertools.pairwise(parts):
            if following.startswith("{") and not segment.startswith("{"):
                found.setdefault(segment, set()).add(following[1:-1])
    return found


def _provided(
    document: dict[str, Any], path: str, method: str, response: dict[str, Any], names: set[str]
) -> dict[str, str]:
    """Parameter -> runtime expression, for what this answer can feed."""
    props = _properties(document, response)
    last = path.rstrip("/").rsplit("/", 1)[-1]
    collections = _collections(document["paths"])
    provided: dict[str, str] = {}
    if not last.startswith("{"):
        if method == "post" and "id" in props:
            provided.update(dict.fromkeys(collections.get(last, ()), "$response.body#/id"))
        items = _resolve(document, props.get("items", {}))
        item = _resolve(document, items.get("items", {})) if items.get("type") == "array" else {}
        if method == "get" and "id" in item.get("properties", {}):
            provided.update(dict.fromkeys(collections.get(last, ()), "$response.body#/items/0/id"))
    for field in props:
        name = ALIASES.get(field, field)
        if name in names and field != "id":
            provided.setdefault(name, f"$response.body#/{field}")
    return provided


def add_links(document: dict[str, Any]) -> None:
    """Puts ``links`` on every success answer that can feed another operation's path
    parameters (and a body's ``character_id``). A link is written only when every path
    parameter of the target is fed, from the answer or from the source request's path: a
    half-fed one would only lead to 404s."""
    paths: dict[str, Any] = document.get("paths", {})
    targets = [
        (path, method, operation)
        for path, item in paths.items()
        for method, operation in item.items()
        if method in METHODS and _path_params(path) and "operationId" in operation
    ]
    names = {name for path, _, _ in targets for name in _path_params(path)}
    for path, item in paths.items():
        for method, operation in item.items():
            if method not in METHODS:
                continue
            own = set(_path_params(path))
            for status, response in operation.get("responses", {}).items():
                if not str(status).startswith("2"):
                    continue
                provided = _provided(document, path, method, response, names)
                links: dict[str, Any] = {}
                for target_path, _, target in targets:
                    wanted = _path_params(target_path)
                    fed = [name for name in wanted if name in provided]
                    complete = all(name in provided or name in own for name in wanted)
                    if not fed or not complete or target is operation:
                        continue
                    parameters = {
                        f"path.{name}": provided.get(name) or f"$request.path.{name}"
                        for name in wanted
                    }
                    link: dict[str, Any] = {
                        "operationId": target["operationId"],
                        "parameters": parameters,
                    }
                    if "character_id" in provided and _takes(document, target, "character_id"):
                        link["requestBody"] = {"character_id": provided["character_id"]}
                    links[target["operationId"]] = link
                links.update(_round_trips(document, paths, operation, response))
                if links:
                    response["links"] = links


def _ref(media_holder: dict[str, Any]) -> str | None:
    media = media_holder.get("content", {}).get("application/json", {})
    ref = media.get("schema", {}).get("$ref")
    return ref if isinstance(ref, str) else None


def _round_trips(
    document: dict[str, Any], paths: dict[str, Any], source: dict[str, Any], response: Any
) -> dict[str, Any]:
    """An answer whose schema is another operation's request body (an export, taken back
    by the import) feeds that body whole."""
    answered = _ref(response)
    links: dict[str, Any] = {}
    if answered is None:
        return links
    for path, item in paths.items():
        for method, operation in item.items():
            if method not in METHODS or operation is source or _path_params(path):
                continue
            if _ref(operation.get("requestBody", {})) == answered and "operationId" in operation:
                links[operation["operationId"]] = {
                    "operationId": operation["operationId"],
                    "requestBody": "$response.body",
                }
    return links


def _takes(document: dict[str, Any], operation: dict[str, Any], field: str) -> bool:
    """Whether the body (or every variant of it) has ``field``."""
    media = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    schema = _resolve(document, media.get("schema"))
    variants = schema.get("oneOf") or schema.get("anyOf") or [schema]
    return any(field in _resolve(document, v).get("properties", {}) for v in variants)
