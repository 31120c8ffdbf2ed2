"""Every text field of every endpoint refuses a NUL and a lone surrogate with one 422 that
names the field, the same on SQLite and PostgreSQL: the cases are generated from the
OpenAPI document, so an endpoint added tomorrow is covered by the same run."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio
from httpx import ASGITransport, AsyncClient

from app.core.text import NUL_MSG, SURROGATE_MSG
from tests.service.table import register

BAD = {"nul": ("a\x00b", NUL_MSG), "surrogate": ("a\ud800b", SURROGATE_MSG)}
METHODS = {"get", "put", "post", "patch", "delete"}


def expected(loc: list[Any], msg: str) -> dict[str, Any]:
    """The one answer: built here, so both databases are held to the same bytes."""
    return {
        "type": "/api/v1/problems/validation-failed",
        "title": "Validation failed",
        "status": 422,
        "detail": f"{'.'.join(str(p) for p in loc)}: {msg}",
        "errors": [{"loc": loc, "msg": msg}],
    }


def _resolve(document: dict[str, Any], schema: dict[str, Any]) -> tuple[dict[str, Any], str]:
    ref = schema.get("$ref", "")
    if not ref:
        return schema, ""
    node: Any = document
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return node, ref


def string_fields(
    document: dict[str, Any], schema: dict[str, Any], seen: frozenset[str] = frozenset()
) -> Iterator[tuple[list[Any], Any]]:
    """(path, builder) for every string reachable in ``schema``: the builder wraps a value
    into the smallest body that holds it at that path."""
    schema, ref = _resolve(document, schema)
    if ref in seen:
        return
    seen = seen | {ref} if ref else seen
    for key in ("anyOf", "oneOf", "allOf"):
        for branch in schema.get(key, []):
            yield from string_fields(document, branch, seen)
    kind = schema.get("type")
    if kind == "string" or ("const" in schema and isinstance(schema["const"], str)):
        yield [], lambda v: v
    for name, sub in schema.get("properties", {}).items():
        for path, build in string_fields(document, sub, seen):
            yield [name, *path], lambda v, n=name, b=build: {n: b(v)}
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict):
        for path, build in string_fields(document, extra, seen):
            yield ["k", *path], lambda v, b=build: {"k": b(v)}
    if kind == "array" and isinstance(schema.get("items"), dict):
        for path, build in string_fields(document, schema["items"], seen):
            yield [0, *path], lambda v, b=build: [b(v)]


def _is_string(document: dict[str, Any], schema: dict[str, Any]) -> bool:
    schema, _ = _resolve(document, schema)
    branches = schema.get("anyOf", []) + schema.get("oneOf", [])
    return schema.get("type") == "string" or any(_is_string(document, b) for b in branches)


def cases(document: dict[str, Any]) -> list[tuple[str, str, str, list[Any], Any]]:
    """(method, path, where, loc, builder) for every string input of every operation."""
    found: list[tuple[str, str, str, list[Any], Any]] = []
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method not in METHODS:
                continue
            for parameter in operation.get("parameters", []):
                where = parameter["in"]
                if where in {"path", "query"} and _is_string(document, parameter["schema"]):
                    found.append((method, path, where, [where, parameter["name"]], None))
            content = operation.get("requestBody", {}).get("content", {})
            if "application/json" in content:
                unique: dict[str, Any] = {}
                for field, build in string_fields(document, content["application/json"]["schema"]):
                    unique.setdefault(json.dumps(field), (field, build))
                for field, build in unique.values():
                    found.append((method, path, "body", ["body", *field], build))
    return found


@pytest_asyncio.fixture(loop_scope="session")
async def root(app: object) -> AsyncIterator[AsyncClient]:
    transport = ASGITransport(app=app)  # type: ignore[arg-type]
    async with AsyncClient(transport=transport, base_url="http://test") as http:
        yield http


@pytest.mark.parametrize("bad", sorted(BAD))
async def test_every_text_field_refuses_nul_and_lone_surrogates(
    root: AsyncClient, client: AsyncClient, bad: str
) -> None:
    person = await register(client, "texts")
    document = (await root.get("/openapi.json")).json()
    value, msg = BAD[bad]
    checked = 0
    failures = []
    for method, path, where, loc, build in cases(document):
        if where != "body" and bad == "surrogate":
            continue  # a URL cannot carry one: percent-decoding makes it U+FFFD
        url = path
        for name in [p.strip("{}") for p in path.split("/") if p.startswith("{")]:
            url = url.replace(f"{{{name}}}", "a%00b" if loc == ["path", name] else "x")
        request: dict[str, Any] = {"headers": {**person.auth, "Content-Type": "application/json"}}
        if where == "query":
            request["params"] = {loc[1]: value}
        if where == "body":
            request["content"] = json.dumps(build(value)).encode()  # \ud800 as an escape
        answer = await root.request(method.upper(), url, **request)
        checked += 1
        if answer.status_code != 422 or answer.json() != expected(loc, msg):
            failures.append((method, path, loc, answer.status_code, answer.text[:300]))
        assert answer.headers["content-type"] == "application/problem+json"
    assert not failures, failures
    assert checked > 50, checked  # the walk found the document's fields


async def test_a_dict_key_and_an_escaped_pair_are_told_apart(
    client: AsyncClient, root: AsyncClient
) -> None:
    """A refused key is named as a key; an escaped surrogate pair (an emoji) is text."""
    person = await register(client, "pairs")
    body = b'{"name": "cat \\ud83d\\ude00", "ruleset": "3d6"}'
    headers = {**person.auth, "Content-Type": "application/json"}
    answer = await client.post("/campaigns", content=body, headers=headers)
    assert answer.status_code == 201, answer.text
    assert answer.json()["name"] == "cat \U0001f600"
    bad = b'{"name": "x", "ruleset": "3d6", "settings": {"a\\udc00": 1}}'
    answer = await client.post("/campaigns", content=bad, headers=headers)
    assert answer.json() == expected(["body", "settings", "a\ufffd", "[key]"], SURROGATE_MSG)


async def test_a_streamed_body_and_a_raw_nul_byte_are_checked_too(client: AsyncClient) -> None:
    person = await register(client, "stream")
    payload = json.dumps({"name": "a\x00b", "ruleset": "3d6"}).encode()

    async def chunks() -> AsyncIterator[bytes]:
        for start in range(0, len(payload), 7):
            yield payload[start : start + 7]

    headers = {**person.auth, "Content-Type": "application/json"}
    answer = await client.post("/campaigns", content=chunks(), headers=headers)
    assert answer.json() == expected(["body", "name"], NUL_MSG)
    raw = b'{"name": "a\x00b", "ruleset": "3d6"}'
    answer = await client.post("/campaigns", content=raw, headers=headers)
    assert answer.json() == expected(["body", "name"], NUL_MSG)
    assert (await client.get("/campaigns", headers=person.auth)).json()["items"] == []


async def test_a_percent_encoded_surrogate_in_a_url_is_no_server_error(
    client: AsyncClient,
) -> None:
    person = await register(client, "url")
    answer = await client.get("/campaigns/%ED%A0%80/rolls", headers=person.auth)
    assert answer.status_code == 404, answer.text
    answer = await client.get("/odds/formula?formula=1d6%ED%A0%80", headers=person.auth)
    assert 400 <= answer.status_code < 500, answer.text
