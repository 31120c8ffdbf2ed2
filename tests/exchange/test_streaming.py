"""The streamed export and import: a generated campaign of 20,000 rolls round-trips with
every roll, event and link, and ``fairtable verify`` accepts both files; at a few hundred
rolls of every kind, a record altered, removed or reordered in the middle is refused
naming its line and leaves nothing, other requests are served while an export streams,
and the command-line verify keeps flat memory."""

from __future__ import annotations

import asyncio
import copy
import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient

from app import cli
from app.core.settings import Settings
from app.exchange import importing, joining, lines
from app.exchange.joining import NotSure
from app.exchange.records import Checked
from app.exchange.stream import campaign_records
from app.exchange.verifying import VerifierProcess
from app.rolls.bulk import generate
from tests.exchange import ndjson
from tests.service.table import (
    SHEET_3D6,
    campaign,
    character,
    db_run,
    expect,
    join,
    register,
    roll,
)

ROUNDS = 70
GENERATED = 20_000
_MEASURE = """
import sys, tracemalloc
from app.exchange.commands import verify_file
assert verify_file(sys.argv[1]) == 0
tracemalloc.start()
assert verify_file(sys.argv[1]) == 0
print(tracemalloc.get_traced_memory()[1])
"""  # four rolls a round


async def _long(http: AsyncClient, rounds: int = ROUNDS) -> tuple[Any, Any, str]:
    """A 3d6 table with a few hundred rolls of every kind and visibility."""
    st, player = await register(http, "teller"), await register(http, "player")
    cid = (await campaign(http, st, "3d6"))["id"]
    await join(http, st, cid, player)
    pc = (await character(http, player, cid, SHEET_3D6, name="Pelote"))["id"]
    for n in range(rounds):
        await roll(http, player, cid, kind="test", character_id=pc, trait="strong")
        await roll(http, player, cid, kind="formula", formula="3d6+1", visibility="private")
        await roll(http, st, cid, kind="formula", formula="2d20", visibility="blind")
        await roll(http, st, cid, kind="formula", formula=f"1d{4 + n % 8}",
                   visibility="storyteller")  # fmt: skip
        if n % 25 == 0:
            expect(await http.post(f"/campaigns/{cid}/fairness/rotate", headers=st.auth), 200)
    return st, player, cid


async def _export(http: AsyncClient, person: Any, cid: str) -> list[dict[str, Any]]:
    response = await http.get(f"/campaigns/{cid}/export", headers=person.auth)
    assert response.status_code == 200, response.text
    return ndjson.records(response.content)


async def _import(http: AsyncClient, person: Any, found: list[dict[str, Any]]) -> Any:
    headers = {**person.auth, "Content-Type": "application/x-ndjson"}
    return await http.post("/campaigns/import", content=ndjson.dump(found), headers=headers)


def _log(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in found if r["t"] in ("event", "roll")]


async def test_a_long_campaign_round_trips_and_refuses_a_bad_record_anywhere(
    client: AsyncClient,
) -> None:
    st, _, cid = await _long(client)
    first = await _export(client, st, cid)
    report = ndjson.check(first)
    assert report.ok, report.summary()
    assert report.rolls >= 3 * ROUNDS and report.redacted == ROUNDS
    importer = await register(client, "importer")
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)

    # A record altered, removed or reordered in the middle: 422 naming it, nothing kept.
    middle = len(first) // 2
    index = next(i for i in range(middle, len(first)) if first[i]["t"] == "roll")
    altered = copy.deepcopy(first)
    die = altered[index]["dice"][0]
    die["value"] = die["value"] % 6 + 1
    removed = first[: index - 1] + first[index:]  # its latest link gone
    reordered = copy.deepcopy(first)
    reordered[index - 1], reordered[index + 1] = reordered[index + 1], reordered[index - 1]
    for bad in (altered, removed, reordered):
        refused = await _import(client, importer, bad)
        assert refused.status_code == 422, refused.text
        assert "line " in refused.json()["detail"]
        assert (await client.get(f"/campaigns/{cid}", headers=importer.auth)).status_code == 404
    line = index + 1
    refused = await _import(client, importer, altered)
    assert refused.json()["detail"].startswith(f"line {line}:")

    created = expect(await _import(client, importer, first), 201)
    assert created["rolls"] == report.rolls
    second = await _export(client, importer, cid)
    assert _log(second)[: len(_log(first))] == _log(first)  # every roll, event and link
    assert ndjson.check(second).ok


async def test_a_generated_campaign_of_20000_rolls_round_trips_and_verifies_on_both_sides(
    client: AsyncClient, app: Any, tmp_path: Path
) -> None:
    """The generator's rolls (app/rolls/bulk.py), spread over a week: exported, deleted,
    imported by someone else, exported again; ``fairtable verify`` checks every link and
    every die of both files."""
    state = app.state
    demo = await generate(state.database, state.settings, GENERATED, writer=state.writer, every=30)
    keeper = {"Authorization": f"Bearer {next(iter(demo.keys.values()))}"}
    cid = demo.campaign_id
    first = await client.get(f"/campaigns/{cid}/export", headers=keeper)
    assert first.status_code == 200, first.text
    before = ndjson.records(first.content)
    assert len(ndjson.of(before, "roll")) == GENERATED
    (tmp_path / "first.ndjson").write_bytes(first.content)
    expect(await client.delete(f"/campaigns/{cid}", headers=keeper), 204)

    importer = await register(client, "importer")
    created = expect(await _import(client, importer, before), 201)
    assert created["rolls"] == GENERATED
    second = await client.get(f"/campaigns/{cid}/export", headers=importer.auth)
    after = ndjson.records(second.content)
    assert _log(after)[: len(_log(before))] == _log(before)  # every roll, event and link
    (tmp_path / "second.ndjson").write_bytes(second.content)
    for name in ("first.ndjson", "second.ndjson"):
        assert await asyncio.to_thread(cli.main, ["verify", str(tmp_path / name)]) == 0


async def test_the_first_bad_line_is_named_whichever_process_finds_it(
    client: AsyncClient,
) -> None:
    """The chain is verified in a worker process beside the checks of the import itself
    (app/exchange/verifying.py): a die that does not verify early beats a line the import
    refuses later, and the other way round, as when one pass read the file."""
    st, _, cid = await _long(client)
    first = await _export(client, st, cid)
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    rolls = [i for i, record in enumerate(first) if record["t"] == "roll"]
    early, late = rolls[len(rolls) // 5], rolls[4 * len(rolls) // 5]

    def forged(at: int) -> dict[str, Any]:
        record = copy.deepcopy(first[at])
        record["dice"][0]["value"] = record["dice"][0]["value"] % 6 + 1
        return record

    unknown = {"t": "bogus"}
    for bad_die, refused_line in ((early, late), (late, early)):
        found = copy.deepcopy(first)
        found[bad_die] = forged(bad_die)
        found.insert(refused_line + 1, unknown)  # after the roll: the die's line stays put
        answer = await _import(client, st, found)
        detail = answer.json()["detail"]
        if bad_die < refused_line:
            assert detail.startswith(f"line {bad_die + 1}: the history does not verify"), detail
        else:
            assert detail == f"line {refused_line + 2}: unknown record type 'bogus'", detail
        assert (await client.get(f"/campaigns/{cid}", headers=st.auth)).status_code == 404


def _decoded(page: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A page as its reader gets it: encoded (a roll's JSON is carried as stored text)."""
    return [lines.parse(n, line) for n, line in enumerate(lines.encode(page).splitlines(), 1)]


async def test_other_requests_are_served_while_an_export_streams(
    client: AsyncClient, app: Any
) -> None:
    """Between two pages of a stream (its own snapshot and connection) a read and a write
    of another client answer; the stream goes on and shows the campaign as it was."""
    st, player, cid = await _long(client)
    expect(await client.post(f"/campaigns/{cid}/fairness/rotate", headers=st.auth), 200)
    database = app.state.database
    pages = 0
    async with database.stream_snapshot() as db:
        header = {"format": "fairtable-campaign", "version": 3}
        stream = campaign_records(db, cid, st.id, header, page=50)
        found = _decoded(await anext(stream))
        async for page in stream:
            pages += 1
            found.extend(_decoded(page))
            if pages == 2:
                expect(await client.get(f"/campaigns/{cid}", headers=player.auth), 200)
                await roll(client, player, cid, kind="formula", formula="1d6")
    assert pages > 4
    seen = ndjson.of(found, "event")
    assert found[-1]["last_seq"] == seen[-1]["seq"]  # the new roll is not in this snapshot
    assert ndjson.check(found).ok


async def test_event_pages_go_on_past_a_range_of_missing_seqs(
    client: AsyncClient, app: Any
) -> None:
    """Pages are seq ranges (bounded whatever the database's plan): a range with no event
    (whispers left out of the export that was imported, here rows deleted behind the
    server's back) holds nothing, and the stream goes on to the last seq."""
    st = await register(client, "teller")
    cid = (await campaign(client, st, "d20"))["id"]
    for _ in range(8):
        await roll(client, st, cid, kind="formula", formula="1d20")
    await db_run(app, "DELETE FROM events WHERE campaign_id = ? AND seq BETWEEN 3 AND 6", cid)
    async with app.state.database.stream_snapshot() as db:
        header = {"format": "fairtable-campaign", "version": 4}
        pages = [page async for page in campaign_records(db, cid, st.id, header, page=2)]
    seqs = [r["seq"] for page in pages for r in page if r["t"] == "event"]
    assert seqs == [1, 2, 7, 8]  # past (2, 4] and (4, 6], which hold nothing
    assert pages[-1][0]["last_seq"] == 8


async def test_grants_stream_a_page_at_a_time(client: AsyncClient, app: Any) -> None:
    """Grants are not bounded by the log's pages: they are read a keyset page at a time
    too (by id), after the table flows, and the trailer counts them."""
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    ids = [(await character(client, st, cid, SHEET_3D6, name=f"Kitten {n}", npc=True))["id"]
           for n in range(2)]  # fmt: skip
    for n in range(20):
        body = {"name": f"idea {n}"}
        path = f"/characters/{ids[n % 2]}/grants"
        expect(await client.post(path, json=body, headers=st.auth), 201)
    pages: list[list[dict[str, Any]]] = []
    async with app.state.database.stream_snapshot() as db:
        header = {"format": "fairtable-campaign", "version": 4}
        async for page in campaign_records(db, cid, st.id, header, page=7):
            pages.append(page)
    granted = [p for p in pages if any(r["t"] == "grant" for r in p)]
    assert [len(p) for p in granted] == [7, 7, 6]
    assert all(r["t"] == "grant" for p in granted for r in p)
    assert pages[-1] == [pages[-1][0]] and pages[-1][0]["t"] == "trailer"
    assert pages[-1][0]["counts"]["grants"] == 20
    found = [r for p in granted for r in p]
    assert [r["name"] for r in found] == [f"idea {n}" for n in range(20)]  # ids are in order
    assert ndjson.check([r for p in pages for r in p]).ok


async def test_the_backup_commands_stream_and_verify_keeps_flat_memory(
    client: AsyncClient, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "_settings", lambda: settings)
    st, _, cid = await _long(client, 2 * ROUNDS)
    path = tmp_path / "backup.ndjson"
    assert await asyncio.to_thread(cli.main, ["export", cid, str(path)]) == 0
    size = path.stat().st_size
    assert size > 700_000
    # Measured in a process of its own (this one runs the server's tasks too), after a
    # first run has imported the modules: a few lines and a small state per roll.
    argv = [sys.executable, "-c", _MEASURE, str(path)]
    done = await asyncio.to_thread(
        subprocess.run,
        argv,
        capture_output=True,
        text=True,
        check=True,
    )
    peak = int(done.stdout.split()[-1])
    assert peak < size / 2, (peak, size)
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    assert await asyncio.to_thread(cli.main, ["import", str(path)]) == 0
    assert (await client.get(f"/campaigns/{cid}", headers=st.auth)).status_code == 200


@pytest.mark.parametrize("gzip", [False, True])
async def test_an_imported_line_holding_a_nul_character_is_refused_naming_it(
    client: AsyncClient, gzip: bool
) -> None:
    """The import reads its body a line at a time, never whole: each line's text is checked
    as it comes (a NUL is stored by SQLite and refused by PostgreSQL, so by neither)."""
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    await character(client, st, cid, SHEET_3D6, name="Pelote", npc=True)
    await roll(client, st, cid, kind="formula", formula="3d6")
    found = await _export(client, st, cid)
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    line = next(n for n, r in enumerate(found, 1) if r["t"] == "character")
    found[line - 1]["name"] = "Pel\x00ote"
    body = ndjson.dump(found)
    kind = "application/gzip" if gzip else "application/x-ndjson"
    headers = {**st.auth, "Content-Type": kind}
    if gzip:
        zipper = lines.Gzip()
        body = zipper.chunk(body) + zipper.end()
    refused = await client.post("/campaigns/import", content=body, headers=headers)
    assert refused.status_code == 422, refused.text
    assert refused.json()["detail"] == (
        f"line {line}: name: String should not contain a NUL character (U+0000)"
    )
    assert (await client.get(f"/campaigns/{cid}", headers=st.auth)).status_code == 404


async def _not_sure(*args: Any, **named: Any) -> Checked:
    raise NotSure


async def _submit_dying(pool: ProcessPoolExecutor, *args: Any) -> asyncio.Future[Any]:
    return asyncio.wrap_future(await asyncio.to_thread(pool.submit, os._exit, 1))


@pytest.mark.parametrize("which", ["a piece's worker", "the ordered pass's verifier"])
async def test_an_import_whose_worker_process_dies_answers_503_and_keeps_nothing(
    client: AsyncClient, monkeypatch: pytest.MonkeyPatch, which: str
) -> None:
    """A worker killed under the import (the kernel's OOM killer, an operator) is the
    server's failure, not the file's: 503 with Retry-After, nothing written, and the same
    file imports once the workers live. Either pass: the one on every core, and the
    ordered one (which its doubt hands a file to)."""
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    for _ in range(3):
        await roll(client, st, cid, kind="formula", formula="3d6")
    exported = await _export(client, st, cid)
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    start = VerifierProcess.__aenter__

    async def start_then_die(self: VerifierProcess) -> VerifierProcess:
        started = await start(self)
        self._process.kill()
        await asyncio.to_thread(self._process.join)
        return started

    with monkeypatch.context() as patched:
        if which == "a piece's worker":
            patched.setattr(joining, "_submit", _submit_dying)
        else:
            patched.setattr(importing, "quick_check", _not_sure)
            patched.setattr(VerifierProcess, "__aenter__", start_then_die)
        lost = await _import(client, st, exported)
    assert lost.status_code == 503, lost.text
    assert lost.headers["retry-after"] == "1"
    assert lost.json()["type"].endswith("/problems/unavailable")
    assert "verifier process stopped" in lost.json()["detail"]
    assert (await client.get(f"/campaigns/{cid}", headers=st.auth)).status_code == 404

    expect(await _import(client, st, exported), 201)
