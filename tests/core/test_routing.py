"""ApiRoute's direct path: the hot writes are served without FastAPI's generic solving,
and whatever it does not serve itself FastAPI answers, exactly as it would have."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import fastapi.routing
import pytest
from httpx import AsyncClient, Response

from app.core.deps import require_roll
from tests.service.table import SHEET_3D6, campaign, character, expect, register

Solved = list[str]


@pytest.fixture
def solved(monkeypatch: pytest.MonkeyPatch) -> Iterator[Solved]:
    """The paths FastAPI's own handler solved the dependencies of."""
    calls: Solved = []
    original = fastapi.routing.solve_dependencies

    async def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs["request"].url.path)
        return await original(*args, **kwargs)

    monkeypatch.setattr(fastapi.routing, "solve_dependencies", counting)
    yield calls


async def test_a_roll_is_served_directly(client: AsyncClient, solved: Solved) -> None:
    st = await register(client, "direct")
    cid = (await campaign(client, st, "3d6"))["id"]
    cat = (await character(client, st, cid, SHEET_3D6))["id"]
    body = {"kind": "test", "character_id": cat, "trait": "strong", "rerolls": [], "difficulty": 1}
    solved.clear()
    made = expect(await client.post(f"/campaigns/{cid}/rolls", json=body, headers=st.auth), 201)
    step = await client.post(f"/rolls/{made['id']}/finalize", headers=st.auth)
    assert step.status_code in (200, 409), step.text
    assert solved == []


def _same(direct: Response, solved: Response) -> None:
    assert direct.status_code == solved.status_code, (direct.text, solved.text)
    assert direct.headers.get("content-type") == solved.headers.get("content-type")
    if direct.headers.get("content-type", "").endswith("json"):
        assert direct.json() == solved.json()


async def test_what_the_direct_path_steps_aside_from_answers_as_before(
    client: AsyncClient, app: Any, solved: Solved
) -> None:
    """Each request twice: as it comes, then with a dependency override set (the direct
    path then always lets FastAPI answer). The answers agree, refusals and all."""
    st = await register(client, "aside")
    cid = (await campaign(client, st, "3d6"))["id"]
    cat = (await character(client, st, cid, SHEET_3D6))["id"]
    url = f"/campaigns/{cid}/rolls"
    good = f'{{"kind": "test", "character_id": "{cat}", "trait": "strong"}}'
    json_type = {"content-type": "application/json"}
    cases: list[tuple[str, dict[str, str], str]] = [
        (url, json_type, "{"),  # not JSON
        (url, json_type, "null"),
        (url, json_type, ""),
        (url, json_type, '{"kind": "test", "trait": "strong"}'),  # a field missing
        (url, json_type, good[:-1] + ', "bogus": 1}'),
        (url, json_type, good.replace('"strong"', "5")),
        (url, {"content-type": "text/plain"}, good),
        (url, {}, good),
        (url, {**json_type, "idempotency-key": "k" * 201}, good),  # too long
        (url, {**json_type, "authorization": "Bearer nope"}, good),
        (url, {**json_type, "authorization": "Bearer nope"}, "{"),
        ("/campaigns/nope/rolls", json_type, good),
        (url, {**json_type, "content-type": "application/json; charset=utf-8"}, "[]"),
    ]
    for path, headers, content in cases:
        sent = {"authorization": st.auth["Authorization"], **headers}
        if "content-type" not in headers:
            sent.pop("content-type", None)
        direct = await client.post(path, content=content, headers=sent)
        app.dependency_overrides[require_roll] = require_roll
        try:
            as_before = await client.post(path, content=content, headers=sent)
        finally:
            app.dependency_overrides.clear()
        _same(direct, as_before)
        assert direct.status_code >= 400, (path, headers, content, direct.text)
    log = expect(await client.get(f"/campaigns/{cid}/rolls", headers=st.auth), 200)
    assert log["items"] == []  # nothing was rolled by any of them
