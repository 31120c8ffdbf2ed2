"""Unknown query parameters are refused on every endpoint: a 422 naming each one (4400 on
the websocket), before anything is read or written; declared ones still work."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.routing import APIRoute
from httpx import AsyncClient

from app.core.query_params import declared
from tests.realtime.live import LiveServer, close_code, http_client, open_socket, sync
from tests.service.table import SHEET_3D6, campaign, character, expect, register, roll


def _refused(answer: httpx.Response, *names: str) -> None:
    assert answer.status_code == 422, answer.text
    assert answer.headers["content-type"].startswith("application/problem+json")
    body = answer.json()
    assert body["title"] == "Validation failed"
    assert [e["loc"] for e in body["errors"]] == [["query", name] for name in names]
    assert names[0] in body["detail"]


async def test_an_unknown_parameter_on_a_get_is_refused_naming_it(client: AsyncClient) -> None:
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    _refused(await client.get(f"/campaigns/{cid}/rolls?stauts=pending", headers=st.auth), "stauts")
    _refused(await client.get("/campaigns?limit=5&page=2", headers=st.auth), "page")
    _refused(await client.get(f"/campaigns/{cid}/members?x=1&y=2", headers=st.auth), "x", "y")
    _refused(await client.get("/odds/matrix?stat=5&bogus=1"), "bogus")
    _refused(await client.get("/users/me?verbose=1", headers=st.auth), "verbose")
    # The declared ones still work, on the same endpoints.
    expect(await client.get(f"/campaigns/{cid}/rolls?limit=5", headers=st.auth), 200)
    expect(await client.get("/odds/matrix?stat=5&difficulty=3"), 200)


async def test_an_unknown_parameter_on_a_write_changes_nothing(client: AsyncClient) -> None:
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    ficelle = await character(client, st, cid, SHEET_3D6)
    body = {"kind": "test", "character_id": ficelle["id"], "trait": "strong"}
    answer = await client.post(f"/campaigns/{cid}/rolls?dry_run=1", json=body, headers=st.auth)
    _refused(answer, "dry_run")
    log = expect(await client.get(f"/campaigns/{cid}/rolls", headers=st.auth), 200)
    assert log["items"] == [], "the refused roll was not rolled"
    # A path with parameters, and a PATCH.
    answer = await client.patch(
        f"/characters/{ficelle['id']}?force=true",
        json={"name": "Pelote"},
        headers={**st.auth, "If-Match": "1"},
    )
    _refused(answer, "force")
    assert (
        expect(await client.get(f"/characters/{ficelle['id']}", headers=st.auth), 200)["name"]
        == ficelle["name"]
    )
    made = await roll(client, st, cid, kind="formula", formula="1d6")
    _refused(await client.get(f"/rolls/{made['id']}?full=1", headers=st.auth), "full")


async def test_health_probes_refuse_unknown_parameters_too(app: Any) -> None:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
        _refused(await http.get("/healthz?deep=1"), "deep")
        expect(await http.get("/healthz"), 200)


async def test_the_docs_pages_take_their_own_parameters(app: Any) -> None:
    """/docs and its OAuth redirect are not API endpoints: an OAuth server calls the
    redirect with parameters of its own."""
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
        assert (await http.get("/docs/oauth2-redirect?code=abc&state=xyz")).status_code == 200
        assert (await http.get("/docs?anything=1")).status_code == 200


def test_every_route_declares_what_it_reads(app: Any) -> None:
    """The rule reads FastAPI's dependency tree: aliases and sub-dependencies count."""

    def routes(items: list[Any]) -> Iterator[APIRoute]:
        for item in items:
            if isinstance(item, APIRoute):
                yield item
            yield from routes(getattr(item, "routes", []) or [])
            router = getattr(item, "router", None) or getattr(item, "original_router", None)
            if router is not None:
                yield from routes(router.routes)

    found = {route.path: declared(route.dependant) for route in routes(app.routes)}
    rolls = next(names for path, names in found.items() if path.endswith("{cid}/rolls"))
    assert {"limit", "cursor", "character_id", "status", "since", "until"} <= rolls


@pytest.fixture(scope="module")
def server(database_url: str) -> Iterator[LiveServer]:
    live = LiveServer(database_url)
    live.start()
    yield live
    live.stop()


async def test_the_websocket_closes_4400_naming_an_unknown_parameter(server: LiveServer) -> None:
    async with http_client(server) as http:
        st = await register(http, "teller")
        cid = (await campaign(http, st, "3d6"))["id"]
    async with open_socket(server, cid, st, after="0", since="5") as ws:
        assert await close_code(ws) == 4400
        assert ws.close_reason == "unknown query parameter: since"
    # after, and the legacy ?ticket=, are what it reads.
    async with open_socket(server, cid, st, after="0") as ws:
        await sync(ws)
