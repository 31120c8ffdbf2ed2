"""Every failure is problem+json (RFC 9457); bad input is a 4xx that changes nothing,
never a 500."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from httpx import AsyncClient, Response

from tests.service.table import SHEET_D20, campaign, character, expect, join, register

LIMIT = 64 * 1024


def problem(response: Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, f"{response.status_code}: {response.text}"
    assert response.headers["content-type"].startswith("application/problem+json")
    body = response.json()
    assert {"type", "title", "status", "detail"} <= set(body), body
    assert body["status"] == status
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    return body


async def test_a_validation_error_lists_each_problem_with_loc_and_msg(client: AsyncClient) -> None:
    answer = await client.post("/users", json={"username": "x", "password": "y"})
    body = problem(answer, 422)
    assert body["errors"], body
    locs = [tuple(e["loc"]) for e in body["errors"]]
    assert ("body", "username") in locs and ("body", "password") in locs
    assert all(isinstance(e["msg"], str) and e["msg"] for e in body["errors"])


async def test_unknown_fields_in_a_body_are_refused(client: AsyncClient) -> None:
    st = await register(client, "strict")
    cid = (await campaign(client, st, "d20"))["id"]
    for path, body in [
        ("/users", {"username": "strict_x", "password": "long enough", "role": "admin"}),
        ("/campaigns", {"name": "x", "ruleset": "d20", "public": True}),
        (f"/campaigns/{cid}/invites", {"role": "player", "uses": 3}),
        (f"/campaigns/{cid}/rolls", {"kind": "formula", "formula": "1d6", "seed": 4}),
    ]:
        answer = await client.post(path, json=body, headers=st.auth)
        errors = problem(answer, 422)["errors"]
        assert any(e["loc"][-1] in {"role", "public", "uses", "seed"} for e in errors), errors
    expect(await client.get(f"/campaigns/{cid}/rolls", headers=st.auth), 200)
    assert expect(await client.get(f"/campaigns/{cid}/rolls", headers=st.auth), 200)["items"] == []


@pytest.mark.parametrize(
    "raw", [b"{", b"not json", b'{"username": "a",}', b"\xff\xfe", b"[1, 2]", b"null", b'"str"']
)
async def test_a_malformed_or_wrongly_shaped_body_is_a_422(client: AsyncClient, raw: bytes) -> None:
    answer = await client.post("/users", content=raw, headers={"Content-Type": "application/json"})
    problem(answer, 422)


async def test_an_oversized_body_is_refused_with_413(client: AsyncClient) -> None:
    st = await register(client, "big")
    body = json.dumps({"name": "x" * (LIMIT + 1), "ruleset": "3d6"}).encode()
    answer = await client.post(
        "/campaigns", content=body, headers={**st.auth, "Content-Type": "application/json"}
    )
    problem(answer, 413)
    assert expect(await client.get("/campaigns", headers=st.auth), 200)["items"] == []


async def test_an_oversized_streamed_body_is_refused_with_413(client: AsyncClient) -> None:
    st = await register(client, "stream")
    payload = json.dumps({"name": "x" * (LIMIT + 1), "ruleset": "3d6"}).encode()

    async def chunks() -> AsyncIterator[bytes]:
        for start in range(0, len(payload), 4096):
            yield payload[start : start + 4096]

    answer = await client.post(
        "/campaigns", content=chunks(), headers={**st.auth, "Content-Type": "application/json"}
    )
    assert "content-length" not in answer.request.headers
    problem(answer, 413)
    assert expect(await client.get("/campaigns", headers=st.auth), 200)["items"] == []


async def test_a_body_just_under_the_limit_is_read(client: AsyncClient) -> None:
    st = await register(client, "under")
    answer = await client.post(
        "/campaigns", json={"name": "x" * 120, "ruleset": "3d6", "settings": {}}, headers=st.auth
    )
    expect(answer, 201)
    padded = json.dumps({"username": "u" * (LIMIT - 100), "password": "long enough"})
    problem(await client.post("/users", content=padded.encode()), 422)


async def test_an_unknown_route_is_a_404_problem(client: AsyncClient) -> None:
    problem(await client.get("/no/such/route"), 404)
    problem(await client.get("http://test/nowhere"), 404)


async def test_a_wrong_method_is_a_405_problem(client: AsyncClient) -> None:
    answer = await client.put("/users")
    problem(answer, 405)
    assert "POST" in answer.headers["allow"]
    problem(await client.delete("/auth/token"), 405)


async def test_a_bad_cursor_is_a_422(client: AsyncClient) -> None:
    st = await register(client, "cursor")
    cid = (await campaign(client, st, "3d6"))["id"]
    for path in ("/campaigns", f"/campaigns/{cid}/characters", f"/campaigns/{cid}/rolls"):
        # "AA" decodes to a NUL character, "LTE" to "-1": keys this server never issues.
        for cursor in ("!!!", "a", "", "€", "x" * 201, "AA", "LTE"):
            problem(await client.get(path, params={"cursor": cursor}, headers=st.auth), 422)
    # The log's cursor is a sequence number: "abc" and "²" (which str.isdigit accepts) are not.
    for cursor in ("YWJj", "wrI"):
        answer = await client.get(
            f"/campaigns/{cid}/rolls", params={"cursor": cursor}, headers=st.auth
        )
        problem(answer, 422)


async def test_credentials_errors_are_problems_too(client: AsyncClient) -> None:
    answer = await client.get("/users/me")
    problem(answer, 401)
    assert answer.headers["www-authenticate"] == "Bearer"


async def test_bad_input_anywhere_is_a_4xx_problem_never_a_500(client: AsyncClient) -> None:
    st = await register(client, "fuzz")
    player = await register(client, "fuzzed")
    cid = (await campaign(client, st, "d20"))["id"]
    await join(client, st, cid, player)
    pc = await character(client, player, cid, SHEET_D20)
    weird: list[Any] = [
        None, 0, -1, 10**30, 1.5, True, "", "x" * 5000, "\u0000", "ü🎲", [], {}, [None], {"a": 1},
    ]  # fmt: skip
    requests: list[tuple[str, str, dict[str, Any]]] = []
    for value in weird:
        requests += [
            ("POST", "/users", {"username": value, "password": value}),
            ("POST", "/auth/token", {"username": value, "password": "whatever"}),
            ("POST", "/api-keys", {"name": value, "scopes": value}),
            ("POST", "/campaigns", {"name": value, "ruleset": "d20", "settings": value}),
            ("PATCH", f"/campaigns/{cid}", {"name": value, "settings": value}),
            ("POST", f"/campaigns/{cid}/invites", {"role": value, "expires_in": value}),
            ("PATCH", f"/campaigns/{cid}/members/{player.id}", {"role": value}),
            ("POST", f"/campaigns/{cid}/characters", {"name": "X", "sheet": value}),
            ("POST", f"/campaigns/{cid}/characters", {"name": value, "sheet": SHEET_D20}),
            ("PATCH", f"/characters/{pc['id']}", {"sheet": value, "name": value}),
            ("POST", f"/campaigns/{cid}/rolls", {"kind": "formula", "formula": value}),
            (
                "POST",
                f"/campaigns/{cid}/rolls",
                {"kind": "test", "character_id": pc["id"], "trait": value, "difficulty": value},
            ),
        ]
    for method, path, body in requests:
        headers = {**st.auth, "If-Match": "1"}
        answer = await client.request(method, path, json=body, headers=headers)
        assert answer.status_code < 500, (method, path, body, answer.text)
        if answer.status_code >= 400:
            problem(answer, answer.status_code)
    for path in (
        f"/campaigns/{'x' * 300}",
        "/characters/%00",
        "/rolls/..",
        f"/campaigns/{cid}/characters?limit=-5",
        f"/campaigns/{cid}/rolls?character_id={'y' * 100}",
        "/odds/3d6?score=99",
        "/odds/d20?difficulty=impossible",
        "/odds/d20?difficulty=99999999",
        "/odds/matrix",
        "/odds/gurps",
    ):
        answer = await client.get(path, headers=st.auth)
        assert 400 <= answer.status_code < 500, (path, answer.text)
        problem(answer, answer.status_code)
    # The character survived all of that unchanged (a PATCH of only nulls changes nothing
    # but its version), and nothing was rolled.
    after = expect(await client.get(f"/characters/{pc['id']}", headers=st.auth), 200)
    assert {**after, "version": 1} == pc
    assert expect(await client.get(f"/campaigns/{cid}/rolls", headers=st.auth), 200)["items"] == []


def test_a_problem_answer_renders_even_when_it_echoes_a_lone_surrogate() -> None:
    """A value echoed back (a refused key, a message quoting input) may hold a surrogate,
    which UTF-8 cannot encode: the answer replaces it instead of becoming a 500."""
    from app.core.errors import problem

    answer = problem(
        422, "Validation failed", "body.a\ud800: refused", errors=[{"loc": ["\udfff"]}]
    )
    body = json.loads(answer.body)
    assert body["detail"] == "body.a\ufffd: refused"
    assert body["errors"] == [{"loc": ["\ufffd"]}]
    assert answer.headers["content-type"] == "application/problem+json"
