"""docs/asyncapi.yaml, the AsyncAPI 3 document of the websocket: it is the one
scripts/asyncapi.py writes from the app's models today, it names every close code the
server uses, and every message a live server sends (a session that makes every event type,
presence and pong) fits the schema the document gives its type. A type the document lacks
fails the test, and so does a type of app/events/shapes.py the session did not make."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import jsonschema_rs
import pytest
import yaml

from app.events.shapes import EVENT_TYPES
from app.realtime.asyncapi import message_name
from tests.realtime.live import LiveServer, open_socket, receive, sync, ticket
from tests.service.table import (
    ITEM,
    SHEET_3D6,
    Person,
    campaign,
    character,
    expect,
    join,
    register,
    roll,
)

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "docs" / "asyncapi.yaml"
Message = dict[str, Any]


def _script() -> Any:
    spec = importlib.util.spec_from_file_location("asyncapi_script", ROOT / "scripts/asyncapi.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(DOCUMENT.read_text(encoding="utf-8"))
    return loaded


def test_the_document_is_current() -> None:
    assert DOCUMENT.read_text(encoding="utf-8") == _script().render(), (
        "docs/asyncapi.yaml is stale: run `.venv/bin/python scripts/asyncapi.py` and commit it"
    )


def test_the_document_holds_together(document: dict[str, Any]) -> None:
    """AsyncAPI 3: every reference resolves, every event type has its message, the channel
    takes `after`, and every close code in app/realtime is listed."""
    assert document["asyncapi"] == "3.0.0"
    text = json.dumps(document)
    for ref in set(re.findall(r'"\$ref": "#/([^"]+)"', text)):
        node: Any = document
        for part in ref.split("/"):
            assert isinstance(node, dict) and part in node, f"#/{ref} does not resolve"
            node = node[part]
    messages = document["components"]["messages"]
    assert {m["name"] for m in messages.values()} == {*EVENT_TYPES, "presence", "pong", "ping"}
    channel = document["channels"]["campaign"]
    assert channel["address"] == "/api/v1/campaigns/{cid}/ws"
    assert "after" in channel["bindings"]["ws"]["query"]["properties"]
    listed = {entry["code"] for entry in document["x-close-codes"]}
    used = {
        int(code)
        for path in (ROOT / "app" / "realtime").glob("*.py")
        for code in re.findall(r"\b(44\d\d|10(?:0[1-9]|1[0-5]))\b", path.read_text())
    }
    assert used <= listed, used - listed
    assert {1001, 4400, 4401, 4403} <= listed


def validators(document: dict[str, Any]) -> dict[str, Any]:
    """A validator per message type, from the document's own payload schemas."""
    found = {}
    for message in document["components"]["messages"].values():
        root = {**message["payload"], "components": document["components"]}
        found[message["name"]] = jsonschema_rs.Draft202012Validator(root)
    return found


@pytest.fixture(scope="module")
def server(database_url: str) -> Iterator[LiveServer]:
    """The shared server, with a roll request sweep fast enough to wait on."""
    live = LiveServer(database_url, VTT_ROLL_REQUEST_SWEEP_SECONDS="0.2")
    live.start()
    yield live
    live.stop()


async def play_every_event_type(http: httpx.AsyncClient, st: Person, player: Person) -> str:
    """A 3d6 table where every type of event happens once at least; its campaign id."""
    cid: str = (await campaign(http, st, "3d6"))["id"]
    await join(http, st, cid, player)  # member.joined
    guest = await register(http, "guest")
    await join(http, st, cid, guest, role="spectator")
    expect(
        await http.patch(
            f"/campaigns/{cid}/members/{guest.id}", json={"role": "player"}, headers=st.auth
        ),
        200,
    )  # member.updated
    expect(await http.delete(f"/campaigns/{cid}/members/{guest.id}", headers=guest.auth), 204)
    expect(
        await http.patch(f"/campaigns/{cid}", json={"name": "Renamed"}, headers=st.auth), 200
    )  # campaign.updated
    sheet = {**SHEET_3D6, "qualities": {**SHEET_3D6["qualities"], "clumsy": 0}}
    mine = await character(http, player, cid, sheet)  # character.created
    npc = await character(http, st, cid, SHEET_3D6, name="Pelote", npc=True)
    edited = expect(
        await http.patch(
            f"/characters/{npc['id']}",
            json={"name": "Pelote the Grey"},
            headers={**st.auth, "If-Match": str(npc["version"])},
        ),
        200,
    )  # character.updated
    gone = await character(http, st, cid, SHEET_3D6, name="Extra", npc=True)
    expect(await http.delete(f"/characters/{gone['id']}", headers=st.auth), 204)

    # roll.created, then roll.updated: a clumsy (0) test with a reroll stays pending.
    test = await roll(
        http, player, cid, kind="test", character_id=mine["id"], trait="clumsy",
        difficulty=1, rerolls=[ITEM],
    )  # fmt: skip
    assert test["status"] == "pending", test
    expect(await http.post(f"/rolls/{test['id']}/finalize", headers=player.auth), 200)
    expect(await http.post(f"/characters/{mine['id']}/grants", headers=st.auth), 201)
    await roll(
        http, player, cid, kind="test", character_id=mine["id"], trait="strong",
        rerolls=[{"source": "storyteller"}],
    )  # fmt: skip  # grant.created, then grant.used

    expect(
        await http.post(
            f"/campaigns/{cid}/contests",
            json={
                "a": {"character_id": mine["id"], "quality": "strong"},
                "b": {"character_id": edited["id"], "quality": "clever"},
            },
            headers=st.auth,
        ),
        201,
    )  # contest.updated
    group = expect(
        await http.post(
            f"/campaigns/{cid}/group-rolls",
            json={"members": [{"character_id": mine["id"], "rerolls": [ITEM]}],
                  "quality": "clumsy", "difficulty": 1},
            headers=st.auth,
        ),
        201,
    )  # fmt: skip  # group.rolled
    pending = [r for r in group["rolls"] if r["status"] == "pending"]
    assert pending, group
    expect(await http.post(f"/rolls/{pending[0]['id']}/finalize", headers=player.auth), 200)
    task = expect(
        await http.post(
            f"/campaigns/{cid}/tasks",
            json={"name": "Untie the knot", "quality": "clever", "target": 3,
                  "period": "PT10M", "participants": [edited["id"]]},
            headers=st.auth,
        ),
        201,
    )  # fmt: skip  # task.updated
    expect(
        await http.post(
            f"/tasks/{task['id']}/rolls", json={"character_id": edited["id"]}, headers=st.auth
        ),
        201,
    )
    expect(await http.post(f"/campaigns/{cid}/fairness/rotate", headers=st.auth), 200)

    path = f"/campaigns/{cid}/roll-requests"
    asked = {"character_ids": [mine["id"]], "kind": "test", "trait": "clever"}
    answered = expect(await http.post(path, json=asked, headers=st.auth), 201)
    await roll(http, player, cid, request_id=answered["id"], character_id=mine["id"])
    cancelled = expect(await http.post(path, json=asked, headers=st.auth), 201)
    expect(await http.post(f"/roll-requests/{cancelled['id']}/cancel", headers=st.auth), 200)
    expect(
        await http.post(
            path, json={**asked, "visibility": "storyteller", "expires_in": 1}, headers=st.auth
        ),
        201,
    )  # roll_request.expired, within a second or so

    said = expect(
        await http.post(f"/campaigns/{cid}/messages", json={"text": "Hush!"}, headers=st.auth),
        201,
    )
    expect(await http.delete(f"/campaigns/{cid}/messages/{said['id']}", headers=st.auth), 204)
    return cid


async def collect(ws: Any, until: set[str], within: float = 60) -> list[Message]:
    """Messages until each type of ``until`` has come, then until a pong. The wait is long:
    ``roll_request.expired`` comes with the server's sweep, which a loaded CI run slows."""
    got: list[Message] = []
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while not until <= {m["type"] for m in got}:
        assert loop.time() < deadline, until - {m["type"] for m in got}
        got.append(await receive(ws, within))
    return got + await sync(ws) + [{"type": "pong"}]


async def test_every_message_a_live_server_sends_fits_the_document(
    server: LiveServer, http: httpx.AsyncClient, document: dict[str, Any]
) -> None:
    st, player = await register(http, "teller"), await register(http, "player")
    cid = await play_every_event_type(http, st, player)
    async with (
        open_socket(server, cid, st, after=0) as teller,
        connect_with_ticket(server, http, player, cid) as seat,
    ):
        from_teller = await collect(teller, {*EVENT_TYPES, "presence"})
        from_player = await collect(seat, {"roll.created", "roll_request.created", "presence"})
    checks = validators(document)
    seen: dict[str, int] = {}
    failures = []
    for message in from_teller + from_player:
        kind = message["type"]
        assert kind in checks, f"{kind}: a message type docs/asyncapi.yaml lacks"
        seen[kind] = seen.get(kind, 0) + 1
        failures += [f"{kind}: {e.message[:300]}" for e in checks[kind].iter_errors(message)]
    assert not failures, "\n".join(failures)
    assert set(seen) == {*EVENT_TYPES, "presence", "pong"}, set(EVENT_TYPES) - set(seen)
    assert all(message_name(kind) in document["components"]["messages"] for kind in EVENT_TYPES)


def connect_with_ticket(server: LiveServer, http: httpx.AsyncClient, who: Person, cid: str) -> Any:
    """A socket opened the browsers' way: a ticket offered as a subprotocol, with after=0."""

    class _Seat:
        async def __aenter__(self) -> Any:
            from websockets.asyncio.client import connect

            value = await ticket(http, who, cid)
            self.cm = connect(
                server.ws(cid, after=0), subprotocols=["fairtable", value], open_timeout=10
            )
            ws = await self.cm.__aenter__()
            assert ws.subprotocol == "fairtable"
            return ws

        async def __aexit__(self, *exc: object) -> None:
            await self.cm.__aexit__(*exc)

    return _Seat()
