"""Compact storage: a roll event does not store a second copy of the body or the link its
roll holds.

While a roll event is its roll's latest state its data and link are the roll's row's; the
job that gives the roll a new state stores the previous state's body and link in its
event. No reader can tell: the events API, the websocket's replay, the export and the
audit give every state exactly as the answers gave it, the export verifies, and it
imports back to the byte."""

from __future__ import annotations

import asyncio
import copy
import json
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from httpx import ASGITransport, AsyncClient

from app.campaigns.ledger import Ledger
from app.core.database import create_database
from app.core.migrate import alembic_config, upgrade
from app.core.settings import Settings
from app.core.writer import Job
from app.events.service import EventOut
from app.exchange import spool, writing
from app.exchange.commands import verify_file
from app.main import create_app
from app.realtime import reader
from app.rules.chain import chain_record
from tests.conftest import fresh_database
from tests.exchange import ndjson
from tests.fairness.table import as_json, events_read
from tests.service.table import (
    GIFT,
    ITEM,
    SHEET_3D6,
    Person,
    campaign,
    character,
    db_run,
    expect,
    join,
    register,
    roll,
)

Played = tuple[Person, Person, str, list[dict[str, Any]]]
_STORED = (
    "SELECT seq, data, roll_seq FROM events WHERE campaign_id = ? AND type LIKE 'roll.%'"
    " ORDER BY seq"
)


def _text(value: Any) -> str:
    """JSON text with the keys in their order: equal texts are the same bytes on the wire."""
    return json.dumps(value, ensure_ascii=False)


async def _step(client: AsyncClient, who: Person, roll_id: str, step: str, **body: Any) -> Any:
    return expect(await client.post(f"/rolls/{roll_id}/{step}", json=body, headers=who.auth), 200)


async def _played(client: AsyncClient) -> Played:
    """A 3d6 table where a test takes two rerolls, a storyteller's grant and a third reroll,
    then settles; a blind roll is revealed; a private and a public formula stay as rolled.
    Answers every state in the order of its event, as the answers gave it (the blind roll
    before its reveal as its storyteller reads it)."""
    st, player = await register(client, "teller"), await register(client, "player")
    cid = (await campaign(client, st, "3d6", {"reroll_any_die": True}))["id"]
    await join(client, st, cid, player)
    kitten = (await character(client, player, cid, SHEET_3D6, name="Pelote"))["id"]
    test = await roll(
        client, player, cid, kind="test", character_id=kitten, trait="strong", difficulty=4,
        rerolls=[ITEM, GIFT],
    )  # fmt: skip
    states = [test]
    for _ in range(2):
        states.append(await _step(client, player, test["id"], "reroll", die=1))
    states.append(await _step(client, st, test["id"], "grant", name="a clever idea"))
    states.append(await _step(client, player, test["id"], "reroll", die=0))
    if states[-1]["status"] == "pending":  # a partial awaits the player's choice
        states.append(await _step(client, player, test["id"], "choice", choice="fail"))
    blind = await roll(client, player, cid, kind="formula", formula="2d6", visibility="blind")
    states.append(expect(await client.get(f"/rolls/{blind['id']}", headers=st.auth), 200))
    states.append(await _step(client, st, blind["id"], "reveal"))
    states.append(
        await roll(client, player, cid, kind="formula", formula="1d8", visibility="private")
    )
    states.append(await roll(client, st, cid, kind="formula", formula="3d6"))
    assert all(not state["redacted"] for state in states)
    return st, player, cid, states


async def _events(client: AsyncClient, who: Person, cid: str) -> list[dict[str, Any]]:
    page = expect(await client.get(f"/campaigns/{cid}/events?limit=500", headers=who.auth), 200)
    return [e for e in page["items"] if e["type"].startswith("roll.")]


async def _export(client: AsyncClient, who: Person, cid: str) -> bytes:
    answer = await client.get(f"/campaigns/{cid}/export", headers=who.auth)
    assert answer.status_code == 200, answer.text
    return answer.content


def _lines(export: bytes, *kinds: str) -> list[bytes]:
    """The export's lines of these record types, as sent."""
    return [line for line in export.splitlines() if json.loads(line)["t"] in kinds]


async def test_every_reader_gives_each_state_of_a_roll_as_its_answer_gave_it(
    client: AsyncClient, app: Any
) -> None:
    st, player, cid, states = await _played(client)
    private = states[-2]

    events = await _events(client, st, cid)  # every roll event but the player's private one
    assert [_text(e["data"]) for e in events] == [_text(s) for s in states if s is not private]
    mine = [_text(e["data"]) for e in await _events(client, player, cid)]
    blind_roll, revealed = states[-4], states[-3]
    assert _text(blind_roll) not in mine and _text(revealed) in mine and _text(private) in mine

    # The websocket's replay reads the record as the events API does, for every viewer.
    replay = await reader.after(app.state.database, cid, 0)
    assert [_text(e.message()) for e in replay if e.visible_to(st.id, True)] == [
        _text(e) for e in expect(await client.get(f"/campaigns/{cid}/events", headers=st.auth),
                                 200)["items"]
    ]  # fmt: skip
    assert [_text(e.data) for e in replay if e.type.startswith("roll.")] == [
        _text(s) for s in states
    ]

    # The export carries the same events, the private roll as its place in the chain only.
    exported = ndjson.of(ndjson.records(await _export(client, st, cid)), "event")
    links = [e for e in exported if e["type"].startswith("roll.")]
    assert [_text(e["data"]) for e in links if e["visibility"] != "private"] == [
        _text(e["data"]) for e in events
    ]
    assert [e["data"] for e in links if e["visibility"] == "private"] == [
        {"id": private["id"], "redacted": True}
    ]

    # The audit's records are the chain records of those very states.
    audit = expect(await client.get(f"/campaigns/{cid}/audit", headers=st.auth), 200)["audit"]
    shown = [(link["seq"], link["record"]) for link in audit if link["record"] is not None]
    assert shown == [(e["seq"], chain_record(e["data"], e["seq"])) for e in events]


async def test_an_earlier_state_is_stored_whole_and_the_latest_by_its_roll(
    client: AsyncClient, app: Any
) -> None:
    _, _, cid, states = await _played(client)
    stored = await db_run(app, _STORED, cid)
    assert len(stored) == len(states)
    later = {state["id"]: index for index, state in enumerate(states)}  # each roll's latest
    for index, ((_, data, roll_seq), state) in enumerate(zip(stored, states, strict=True)):
        if later[state["id"]] == index:
            assert (data, roll_seq) == (None, state["seq"])
        else:
            assert roll_seq is None and _text(as_json(data)) == _text(state)


_LINKS = (
    "SELECT seq, prev_hash, hash, roll_seq FROM events WHERE campaign_id = ?"
    " AND type LIKE 'roll.%' ORDER BY seq"
)


async def test_a_compact_event_stores_no_copy_of_its_rolls_link_yet_reads_it(
    client: AsyncClient, app: Any
) -> None:
    st, _, cid, states = await _played(client)
    later = {state["id"]: index for index, state in enumerate(states)}
    stored = await db_run(app, _LINKS, cid)
    for index, (link, state) in enumerate(zip(stored, states, strict=True)):
        _, prev_hash, hash_, roll_seq = link
        if later[state["id"]] == index:
            assert (prev_hash, hash_, roll_seq) == (None, None, state["seq"])
        else:
            assert roll_seq is None and hash_ == state["hash"] and prev_hash is not None

    audit = expect(await client.get(f"/campaigns/{cid}/audit", headers=st.auth), 200)["audit"]
    assert [link["hash"] for link in audit] == [s["hash"] for s in states]
    assert all(link["prev_hash"] == before["hash"] for before, link in pairwise(audit))


@pytest.mark.parametrize(("piece", "held"), [(spool.PIECE, writing.LOG_HELD), (2, 3)])
async def test_the_export_verifies_and_imports_back_to_the_same_bytes(
    client: AsyncClient,
    app: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    piece: int,
    held: int,
) -> None:
    """``piece``: the log records a piece of the import's spool holds at least
    (app/exchange/spool.py); at 2, nearly every roll ends a piece, its event in it.
    ``held``: the log rows pass 2 holds before writing them (app/exchange/writing.py); at
    3, they are written a piece or two at a time, and the last ones when the log ends."""
    monkeypatch.setattr(spool, "PIECE", piece)
    monkeypatch.setattr(writing, "LOG_HELD", held)
    st, _, cid, states = await _played(client)
    first = await _export(client, st, cid)
    path = tmp_path / "campaign.ndjson"
    path.write_bytes(first)
    assert verify_file(str(path)) == 0

    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    headers = {**st.auth, "Content-Type": "application/x-ndjson"}
    expect(await client.post("/campaigns/import", content=first, headers=headers), 201)
    second = await _export(client, st, cid)
    assert _lines(second, "event", "roll") == _lines(first, "event", "roll")
    head = [ndjson.records(export)[-1]["chain_head"] for export in (first, second)]
    assert head[0] == head[1]

    # The import stores compact what the server would have: each visible roll's latest state.
    stored = await db_run(app, _STORED, cid)
    compact = [seq for _, data, seq in stored if data is None]
    latest = {s["id"]: s["seq"] for s in states if s["visibility"] != "private"}
    assert compact == sorted(latest.values())


async def test_an_imported_event_that_is_not_its_rolls_body_to_the_byte_stays_whole(
    client: AsyncClient, app: Any
) -> None:
    """The same body with its keys in another order: compact, it would export otherwise."""
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    made = await roll(client, st, cid, kind="formula", formula="2d6")
    found = ndjson.records(await _export(client, st, cid))
    event = next(r for r in found if r["t"] == "event" and r["data"].get("id") == made["id"])
    event["data"] = dict(reversed(list(event["data"].items())))
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    headers = {**st.auth, "Content-Type": "application/x-ndjson"}
    sent = ndjson.dump(found)
    expect(await client.post("/campaigns/import", content=sent, headers=headers), 201)

    [(_, data, roll_seq)] = await db_run(app, _STORED, cid)
    assert roll_seq is None and _text(as_json(data)) == _text(event["data"])
    again = ndjson.records(await _export(client, st, cid))
    assert [_text(r) for r in again if r["t"] == "event"] == [
        _text(r) for r in found if r["t"] == "event"
    ]


async def test_a_compact_event_whose_roll_row_is_gone_reads_as_lost_not_as_an_error(
    client: AsyncClient, app: Any
) -> None:
    """Deleting a roll behind the server's back: every reader still answers, and the
    verifier names the link whose content went with the row."""
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    made = await roll(client, st, cid, kind="formula", formula="2d6")
    await db_run(app, "DELETE FROM rolls WHERE id = ?", made["id"])

    [event] = await _events(client, st, cid)
    assert event["data"]["status"] == "lost" and event["data"]["seq"] == made["seq"]
    report = ndjson.check(ndjson.records(await _export(client, st, cid)))
    assert report.failure is not None and report.failure.seq == made["seq"]
    expect(await client.get(f"/campaigns/{cid}/audit", headers=st.auth), 200)


async def test_two_states_of_one_roll_in_one_batch_store_the_first_whole(
    client: AsyncClient, app: Any
) -> None:
    """A job that records a roll state twice (the ledger, below any flow): the first event
    is a row of the same batch, so it is written whole at once, not filled in after."""
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    first, second = {"state": 1}, {"state": 2}

    async def job(job: Job) -> list[EventOut]:
        ledger = await Ledger.open(job, cid)
        seq = ledger.next_seq()
        ledger.record("roll.created", first, seq=seq, roll_seq=seq)
        ledger.record("roll.updated", second, roll_seq=seq, replaces=copy.deepcopy(first))
        await ledger.close()
        return list(job.events)

    published = await app.state.writer.run(job)
    assert [e.data for e in published] == [first, second]
    [(seq, data, _), (_, compact, roll_seq)] = await db_run(app, _STORED, cid)
    assert as_json(data) == first and (compact, roll_seq) == (None, seq)
    read = await events_read(app, cid, ("seq", "data"), " AND e.type LIKE 'roll.%'")
    assert read[0] == (seq, first)


async def _raw_roll_events(url: str, cid: str) -> list[str]:
    """The roll events' data as stored, read with a connection of its own."""
    database = create_database(url)
    await database.start()
    try:
        async with database.read() as db:
            rows = await db.fetchall(_STORED.replace(", roll_seq", ""), cid)
    finally:
        await database.close()
    return [_text(as_json(data)) for _, data in rows]


async def _raw_links(url: str, cid: str) -> list[tuple[int, str | None, str | None]]:
    """The roll events' (seq, prev_hash, hash) as stored, read with a connection of its own."""
    database = create_database(url)
    await database.start()
    try:
        async with database.read() as db:
            rows = await db.fetchall(_LINKS, cid)
    finally:
        await database.close()
    return [(seq, prev_hash, hash_) for seq, prev_hash, hash_, _ in rows]


@pytest.fixture
def own_database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A database of this test's own, which it migrates down and up again."""
    with fresh_database(tmp_path_factory, "fairtable_compact") as url:
        yield url


async def test_the_downgrade_gives_every_compact_event_its_data_and_link_back(
    settings: Settings, own_database: str
) -> None:
    url = own_database
    application = create_app(settings.model_copy(update={"database_url": url}))
    async with application.router.lifespan_context(application):
        transport = ASGITransport(app=application)
        async with AsyncClient(transport=transport, base_url="http://test/api/v1") as http:
            _, _, cid, states = await _played(http)
    # Alembic runs its own event loop: in a thread of its own.
    await asyncio.to_thread(command.downgrade, alembic_config(url), "0013")
    stored = await _raw_links(url, cid)
    assert [link[2] for link in stored] == [s["hash"] for s in states]
    assert all(link[1] is not None for link in stored)
    await asyncio.to_thread(upgrade, url)
    later = {state["id"]: index for index, state in enumerate(states)}  # each roll's latest
    whole = [s["hash"] for index, s in enumerate(states) if later[s["id"]] != index]
    assert [link[2] for link in await _raw_links(url, cid) if link[2] is not None] == whole

    await asyncio.to_thread(command.downgrade, alembic_config(url), "0007")
    assert await _raw_roll_events(url, cid) == [_text(s) for s in states]
    await asyncio.to_thread(upgrade, url)
    assert await _raw_roll_events(url, cid) == [_text(s) for s in states]
