"""The OpenAPI document is a reference a client author can work from: every operation says
what it does, shows a request and a success answer, and documents its errors as
problem+json. The checks walk every path, so endpoints added later are held to the same."""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest_asyncio
from fastapi import APIRouter, FastAPI
from fastapi.routing import APIRoute
from httpx import ASGITransport, AsyncClient

from app.main import API_PREFIX

ROOT = Path(__file__).resolve().parents[2]
PROBLEM_REF = "#/components/schemas/Problem"
PROBLEM_MEDIA = "application/problem+json"
# Statuses an error answer of this API may have.
ERROR_STATUSES = {"400", "401", "403", "404", "409", "412", "413", "422", "428", "429", "503"}

# Endpoints that other features own and document themselves, added while this test was
# written. Their operations are checked apart (test_other_features_are_documented_too), the
# way the rest is checked; test_fuzz holds them to "never a 5xx" only.
OTHER_FEATURES: tuple[str, ...] = ()

Operation = tuple[str, str, dict[str, Any]]


def _modules(prefix: str) -> Iterator[Any]:
    """Every module under ``prefix``, which is a package, a module, or a name prefix."""
    package = prefix.rpartition(".")[0]
    try:
        parent = importlib.import_module(package)
    except ImportError:
        return
    for info in pkgutil.walk_packages(parent.__path__, package + "."):
        if info.name == prefix or info.name.startswith(prefix):
            try:
                yield importlib.import_module(info.name)
            except ImportError:
                continue


def other_features_operations() -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for prefix in OTHER_FEATURES:
        for module in _modules(prefix):
            for value in vars(module).values():
                if not isinstance(value, APIRouter):
                    continue
                for route in value.routes:
                    if isinstance(route, APIRoute):
                        path = API_PREFIX + route.path
                        found |= {(method.lower(), path) for method in route.methods}
    return found


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def document(app: FastAPI) -> dict[str, Any]:
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as http:
        response = await http.get("/openapi.json")
    assert response.status_code == 200
    return response.json()  # type: ignore[no-any-return]


def operations(document: dict[str, Any]) -> list[Operation]:
    return [
        (method, path, operation)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if method in {"get", "put", "post", "patch", "delete"}
    ]


def resolve(document: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        name = schema["$ref"].removeprefix("#/components/schemas/")
        schema = document["components"]["schemas"][name]
    return schema


def media_examples(media: dict[str, Any]) -> list[Any]:
    """The examples of a media type, at its level or its schema's (as FastAPI puts them)."""
    found = [media["example"]] if "example" in media else []
    found += [e["value"] for e in media.get("examples", {}).values() if "value" in e]
    return found


def schema_examples(document: dict[str, Any], schema: dict[str, Any]) -> list[Any]:
    schema = resolve(document, schema)
    found = list(schema.get("examples", []))
    union = schema.get("oneOf") or schema.get("anyOf")
    if not found and union:  # a union shows an example of each branch (but null)
        branches = [schema_examples(document, b) for b in union if b != {"type": "null"}]
        if all(branches):
            found = [e for branch in branches for e in branch]
    return found


def _route_names() -> dict[tuple[str, str], str]:
    """(method, path) -> the endpoint function's name, for every router under app/."""
    found: dict[tuple[str, str], str] = {}
    for module in _modules("app."):
        for value in vars(module).values():
            if isinstance(value, APIRouter):
                for route in value.routes:
                    if isinstance(route, APIRoute):
                        for method in route.methods:
                            found[(method.lower(), API_PREFIX + route.path)] = route.name
    return found


ROUTE_NAMES = _route_names()


def auto_summary(method: str, path: str, operation: dict[str, Any]) -> str:
    """The summary FastAPI makes up from the function name when none is given."""
    return ROUTE_NAMES.get((method, path), "").replace("_", " ").title()


def shortcomings(document: dict[str, Any], method: str, path: str, op: dict[str, Any]) -> list[str]:
    """What ``op`` lacks to be documented as this API documents its endpoints."""
    found: list[str] = []
    summary = str(op.get("summary", "")).strip()
    if not summary or summary == auto_summary(method, path, op):
        found.append("no summary of its own (only the one made up from the function name)")
    if not str(op.get("description", "")).strip():
        found.append("no description")
    if "requestBody" in op:
        media = op["requestBody"].get("content", {}).get("application/json")
        if media is None:
            found.append("a request body that is not JSON")
        elif not media_examples(media) and not schema_examples(document, media["schema"]):
            found.append("no request example")
    responses: dict[str, Any] = op.get("responses", {})
    successes = [status for status in responses if status.startswith("2")]
    if not successes:
        found.append("no success answer")
    for status in successes:
        content = responses[status].get("content", {})
        for media_type, media in content.items():
            if not media_examples(media) and not schema_examples(document, media.get("schema", {})):
                found.append(f"no example of its {status} answer ({media_type})")
    errors = {status: r for status, r in responses.items() if status[0] in "45"}
    if path.startswith(API_PREFIX) and not errors:
        found.append("no documented error")
    for status, answer in errors.items():
        media = answer.get("content", {})
        if status not in ERROR_STATUSES:
            found.append(f"an unexpected error status {status}")
        if (
            list(media) != [PROBLEM_MEDIA]
            or media[PROBLEM_MEDIA].get("schema", {}).get("$ref") != PROBLEM_REF
        ):
            found.append(f"{status} is not documented as a problem+json Problem")
    has_input = bool(op.get("parameters")) or "requestBody" in op
    if has_input and "422" not in errors:
        found.append("parameters or a body, but no 422")
    if "requestBody" in op and "413" not in errors:
        found.append("a body, but no 413")
    if "{" in path and path.startswith(API_PREFIX) and "404" not in errors:
        found.append("a resource in its path, but no 404")
    # Logging in answers 401 to a wrong password, and needs no credential to be called.
    if "401" in errors and "security" not in op and op.get("operationId") != "auth-token":
        found.append("a 401 but no security requirement")
    return found


async def test_every_operation_has_a_summary_a_description_examples_and_problem_errors(
    document: dict[str, Any],
) -> None:
    theirs = other_features_operations()
    failures = [
        f"{method.upper()} {path}: {lack}"
        for method, path, op in operations(document)
        if (method, path) not in theirs
        for lack in shortcomings(document, method, path, op)
    ]
    assert not failures, "\n".join(failures)


async def test_other_features_are_documented_too(document: dict[str, Any]) -> None:
    theirs = other_features_operations()
    failures = [
        f"{method.upper()} {path}: {lack}"
        for method, path, op in operations(document)
        if (method, path) in theirs
        for lack in shortcomings(document, method, path, op)
    ]
    assert not failures, "\n".join(failures)


async def test_the_document_covers_the_contracts_endpoints(document: dict[str, Any]) -> None:
    """A sample of the endpoints of docs/api.md, so a route that silently vanished is noticed."""
    expected = {
        ("post", "/users"),
        ("post", "/auth/token"),
        ("post", "/campaigns"),
        ("post", "/invites/{code}/accept"),
        ("post", "/campaigns/{cid}/characters"),
        ("patch", "/characters/{character_id}"),
        ("post", "/campaigns/{cid}/rolls"),
        ("post", "/rolls/{roll_id}/reroll"),
        ("get", "/odds/3d6"),
    }
    present = {(m, p.removeprefix(API_PREFIX)) for m, p, _ in operations(document)}
    assert expected <= present


async def test_examples_match_the_schemas_they_illustrate(document: dict[str, Any]) -> None:
    """An example a client copies must be an answer the server could give."""
    theirs = other_features_operations()
    failures: list[str] = []
    for method, path, op in operations(document):
        if (method, path) in theirs:
            continue
        bodies = [("request", op["requestBody"]["content"])] if "requestBody" in op else []
        bodies += [(s, r.get("content", {})) for s, r in op.get("responses", {}).items()]
        for where, content in bodies:
            for media in content.values():
                if "schema" not in media:
                    continue
                root = {**media["schema"], "components": document["components"]}
                validator = jsonschema_rs.Draft202012Validator(root)
                for example in media_examples(media):
                    for error in validator.iter_errors(example):
                        failures.append(f"{method.upper()} {path} {where}: {error.message}")
    for name, schema in document["components"]["schemas"].items():
        validator = jsonschema_rs.Draft202012Validator(
            {**schema, "components": document["components"]}
        )
        for example in schema.get("examples", []):
            failures += [f"{name}: {error.message}" for error in validator.iter_errors(example)]
    assert not failures, "\n".join(failures)


async def test_problem_schema_matches_what_the_server_answers(
    client: AsyncClient, document: dict[str, Any]
) -> None:
    root = {"$ref": PROBLEM_REF, "components": document["components"]}
    validator = jsonschema_rs.Draft202012Validator(root)
    unauthorized = await client.get("/users/me")
    invalid = await client.post("/users", json={"username": "x"})
    for answer in (unauthorized, invalid):
        assert answer.headers["content-type"] == PROBLEM_MEDIA
        assert validator.is_valid(answer.json()), answer.text


async def test_no_validation_error_schema_of_fastapis_own_is_left(
    document: dict[str, Any],
) -> None:
    """Validation errors are problem+json here, not FastAPI's default ``HTTPValidationError``."""
    theirs = other_features_operations()
    leftovers = [
        f"{method.upper()} {path}"
        for method, path, op in operations(document)
        if (method, path) not in theirs and "HTTPValidationError" in str(op.get("responses"))
    ]
    assert not leftovers


async def test_credentials_are_documented_as_a_bearer_scheme(document: dict[str, Any]) -> None:
    scheme = document["components"]["securitySchemes"]["bearer"]
    assert scheme == {**scheme, "type": "http", "scheme": "bearer"}
    me = document["paths"][f"{API_PREFIX}/users/me"]["get"]
    assert me["security"] == [{"bearer": []}]
    odds = document["paths"][f"{API_PREFIX}/odds/3d6"]["get"]
    assert "security" not in odds


async def test_each_operation_needing_a_key_scope_names_it(document: dict[str, Any]) -> None:
    paths = document["paths"]
    assert paths[f"{API_PREFIX}/campaigns/{{cid}}/rolls"]["post"]["security"] == [
        {"bearer": ["roll"]}
    ]
    assert paths[f"{API_PREFIX}/campaigns/{{cid}}/rolls"]["get"]["security"] == [
        {"bearer": ["read"]}
    ]
    invite = paths[f"{API_PREFIX}/invites/{{code}}/accept"]["post"]
    assert invite["security"] == [{"bearer": ["join"]}]
    assert "API keys need the `join` scope." in invite["description"]
    # Logging in takes a password, not a bearer credential.
    assert "security" not in paths[f"{API_PREFIX}/auth/token"]["post"]
    campaign_operations = [
        op for path, item in paths.items() if "/campaigns/" in path for op in item.values()
    ]
    assert all(op["security"][0]["bearer"] for op in campaign_operations)


async def test_operation_ids_are_short_resource_verb_names(document: dict[str, Any]) -> None:
    ids = [op["operationId"] for item in document["paths"].values() for op in item.values()]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", i) for i in ids), ids
    rolls = document["paths"][f"{API_PREFIX}/campaigns/{{cid}}/rolls"]
    assert (rolls["post"]["operationId"], rolls["get"]["operationId"]) == (
        "rolls-create",
        "rolls-list",
    )


async def test_the_overview_says_what_a_client_author_needs(document: dict[str, Any]) -> None:
    """The document's description: what the API is, credentials, retries, lists, errors,
    and where the websocket is described (a file of the repository, which exists)."""
    description = document["info"]["description"]
    for needed in (
        "Authorization: Bearer",
        "Idempotency-Key",
        "next_cursor",
        "application/problem+json",
        "/api/v1/problems",
        "oneOf",
        "/ws",
        "docs/asyncapi.yaml",
        "clients/python",
    ):
        assert needed in description, needed
    assert (ROOT / "docs" / "asyncapi.yaml").is_file()
    assert (ROOT / "clients" / "python").is_dir()
