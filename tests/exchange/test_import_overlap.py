"""Where writes run at once (PostgreSQL), an import's writing starts once the whole body
is in and reads what the check has vouched for while the check goes on: it never starts
while the client is still sending, commits only what the whole check vouched for, and
leaves nothing when the check refuses the file or hands it to the ordered pass."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import AsyncIterator
from typing import Any

import pytest
from httpx import AsyncClient

from app.exchange import joining, service
from app.exchange.joining import NotSure
from app.exchange.records import Checked
from app.exchange.spool import LiveSpool
from tests.exchange import ndjson
from tests.service.table import campaign, expect, register, roll


@pytest.fixture(autouse=True)
def _concurrent_writer(app: Any) -> None:
    if not app.state.writer.concurrent:
        pytest.skip("SQLite writes an import after its check (one writer): nothing overlaps")


class Writings:
    """Each pass 2 started: whether it read a live spool the check had not sealed yet, and
    whether the client had sent its whole body by then."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.started: list[tuple[bool, bool]] = []
        self.body_in = True
        write = service._write_import

        async def spied(writer: Any, principal: Any, checked: Checked) -> dict[str, Any]:
            spool = checked.spool
            live = isinstance(spool, LiveSpool) and spool.state is None
            self.started.append((live, self.body_in))
            return await write(writer, principal, checked)

        monkeypatch.setattr(service, "_write_import", spied)

    @property
    def overlapped(self) -> bool:
        return any(live for live, _ in self.started)


async def _exported(http: AsyncClient, rolls: int = 12) -> tuple[Any, str, list[dict[str, Any]]]:
    st = await register(http, "teller")
    cid = (await campaign(http, st, "3d6"))["id"]
    for n in range(rolls):
        await roll(http, st, cid, kind="formula", formula=f"{1 + n % 3}d6")
    response = await http.get(f"/campaigns/{cid}/export", headers=st.auth)
    assert response.status_code == 200, response.text
    found = ndjson.records(response.content)
    expect(await http.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    return st, cid, found


async def _import(http: AsyncClient, person: Any, body: Any) -> Any:
    headers = {**person.auth, "Content-Type": "application/x-ndjson"}
    return await http.post("/campaigns/import", content=body, headers=headers)


async def test_the_writing_waits_for_a_slow_client_to_send_everything(
    client: AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    st, cid, found = await _exported(client)
    writings = Writings(monkeypatch)
    writings.body_in = False
    body = ndjson.dump(found)

    async def slowly() -> AsyncIterator[bytes]:
        yield body[: len(body) // 2]  # the header and half the log: a check could go on
        await asyncio.sleep(0.5)
        writings.body_in = True
        yield body[len(body) // 2 :]

    created = expect(await _import(client, st, slowly()), 201)
    assert created["id"] == cid
    assert writings.started and all(body_in for _, body_in in writings.started)


async def test_a_bad_record_after_the_writing_started_leaves_nothing(
    client: AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    st, cid, found = await _exported(client, rolls=40)
    writings = Writings(monkeypatch)
    last = max(i for i, r in enumerate(found) if r["t"] == "roll")
    altered = copy.deepcopy(found)
    altered[last]["dice"][0]["value"] = altered[last]["dice"][0]["value"] % 6 + 1
    refused = await _import(client, st, ndjson.dump(altered))
    assert refused.status_code == 422, refused.text
    assert refused.json()["detail"].startswith(f"line {last + 1}:")
    assert writings.overlapped
    assert (await client.get(f"/campaigns/{cid}", headers=st.auth)).status_code == 404
    expect(await _import(client, st, ndjson.dump(found)), 201)


async def test_a_file_left_to_the_ordered_pass_is_written_once_after_it(
    client: AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The quick pass doubts the file at its very end, after the writing started: that
    writing rolls back, and the ordered pass's spool is written whole."""
    st, cid, found = await _exported(client)
    writings = Writings(monkeypatch)

    def unsure(self: Any, line: bytes) -> Checked:
        raise NotSure

    monkeypatch.setattr(joining._Join, "finish", unsure)
    created = expect(await _import(client, st, ndjson.dump(found)), 201)
    assert created["rolls"] == sum(r["t"] == "roll" for r in found)
    assert [live for live, _ in writings.started] == [True, False]
    again = ndjson.records((await client.get(f"/campaigns/{cid}/export", headers=st.auth)).content)
    log = [r for r in found if r["t"] in ("event", "roll")]
    assert [r for r in again if r["t"] in ("event", "roll")][: len(log)] == log
    assert ndjson.check(again).ok


async def test_a_campaign_that_exists_answers_409_after_the_check(
    client: AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    st, _, found = await _exported(client)
    expect(await _import(client, st, ndjson.dump(found)), 201)
    writings = Writings(monkeypatch)
    conflict = await _import(client, st, ndjson.dump(found))
    assert conflict.status_code == 409, conflict.text
    assert writings.overlapped
    broken = copy.deepcopy(found)
    broken[-1]["counts"]["rolls"] += 1  # the trailer: refused, whatever the writing met
    assert (await _import(client, st, ndjson.dump(broken))).status_code == 422
