"""The import's pass on every core (app/exchange/joining.py) against its ordered pass: on a
file of every record type, cut into many small pieces at odd places, gzip or not, it
spools the same records and counts the same; and on files altered a line at a time it
never vouches for one that the ordered pass refuses (it hands those to the ordered pass,
which names the bad line)."""

from __future__ import annotations

import asyncio
import copy
import math
import random
from collections.abc import AsyncIterator, Iterator
from datetime import datetime, timedelta
from itertools import pairwise
from typing import IO, Any

import pytest
from httpx import AsyncClient

from app.core import pgdb
from app.core.db import utcnow
from app.core.dbapi import Statement
from app.core.errors import Conflict, Unprocessable
from app.core.i18n import msg
from app.core.sqlite import sqlite_time
from app.core.tables import PLAIN_ROWS, RowsFor
from app.exchange import importing, joining, lines, spool, writing
from app.exchange.joining import NotSure
from app.exchange.preparing import LogRows
from app.exchange.records import Checked
from app.stats import tally
from tests.core.loop_turns import LoopTurns, watch_copies
from tests.exchange import ndjson
from tests.exchange.granted import granted
from tests.service.table import db_run, expect, roll

MAX_LINE = 1024 * 1024


async def _file(client: AsyncClient) -> list[dict[str, Any]]:
    """A 3d6 table's export with members, characters, rolls of every visibility, grants
    open and used, a group action, a long task, chat messages (a whisper, one deleted)
    and roll requests."""
    table = await granted(client)
    http, st, player, cid = table.http, table.st, table.player, table.cid
    for n in range(12):
        await roll(http, player, cid, kind="formula", formula="3d6+1",
                   visibility=("public", "private", "blind")[n % 3])  # fmt: skip
    said = f"/campaigns/{cid}/messages"
    for text in ("hello", "the door creaks"):
        expect(await http.post(said, json={"text": text}, headers=player.auth), 201)
    whisper = {"text": "psst", "to": [st.id]}
    expect(await http.post(said, json=whisper, headers=player.auth), 201)
    gone = expect(await http.post(said, json={"text": "oops"}, headers=st.auth), 201)
    expect(await http.delete(f"{said}/{gone['id']}", headers=st.auth), 204)
    asked = {"kind": "test", "trait": "strong", "character_ids": [table.pelote]}
    request = expect(
        await http.post(f"/campaigns/{cid}/roll-requests", json=asked, headers=st.auth), 201
    )
    answer = {"request_id": request["id"], "character_id": table.pelote}
    expect(await http.post(f"/campaigns/{cid}/rolls", json=answer, headers=player.auth), 201)
    await roll(http, st, cid, kind="formula", formula="1d6")
    response = await http.get(f"/campaigns/{cid}/export", headers=st.auth)
    assert response.status_code == 200, response.text
    expect(await http.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    return ndjson.records(response.content)


async def _chunks(body: bytes, seed: int) -> AsyncIterator[bytes]:
    """The body in chunks of odd sizes, one byte to a few KB."""
    sizes = random.Random(seed)
    at = 0
    while at < len(body):
        step = sizes.choice((1, 2, 7, 100, 997, 4096))
        yield body[at : at + step]
        at += step


def _spooled(file: IO[bytes]) -> tuple[list[Any], dict[str, list[Any]], list[Any]]:
    """A spool's records apart from how they were cut into pieces: the other records in
    order, the log's rows by table, the tallies' rows (sums to 9 places)."""
    file.seek(0)
    others: list[Any] = []
    log: dict[str, list[Any]] = {}
    tallies: tally.Tallies | None = None
    for found in spool.read(file):
        if isinstance(found, LogRows):
            for name, rows in found.tables:
                log.setdefault(name, []).extend(rows)
            if tallies is None:
                tallies = found.tallies
            else:
                tallies.merge(found.tallies)
        else:
            others.append(found)
    if tallies is None:
        return others, log, []
    rows = [(repr(key), _rounded(sums)) for key, sums in tallies.rows.items() if any(sums)]
    faces = [(repr(at), n) for at, n in tallies.faces.items() if n]
    return others, log, sorted(rows) + sorted(faces)


def _spans(file: IO[bytes]) -> set[int]:
    """The spans of a spool's tally rows (an hour's, a minute's)."""
    file.seek(0)
    pieces = [found for found in spool.read(file) if isinstance(found, LogRows)]
    return {key[3] for found in pieces for key in found.tallies.rows}


def _rounded(value: Any) -> Any:
    if isinstance(value, float) and math.isfinite(value):
        return round(value, 9)
    if isinstance(value, tuple | list):
        return type(value)(_rounded(v) for v in value)
    return value


async def _ordered(body: bytes, seed: int, rows_for: RowsFor = PLAIN_ROWS) -> Checked:
    return await importing._ordered(_chunks(body, seed), MAX_LINE, False, rows_for)


async def _quick(body: bytes, seed: int, piece: int, rows_for: RowsFor = PLAIN_ROWS) -> Checked:
    spool = importing._spool()
    try:
        chunks = _chunks(body, seed)
        found = await joining.quick_check(chunks, MAX_LINE, False, spool, piece, rows_for=rows_for)
    except BaseException:
        spool.close()
        raise
    return found


def _same(quick: Checked, ordered: Checked) -> None:
    """The quick pass found what the ordered pass found (its spool closed after)."""
    try:
        assert quick.counts == ordered.counts
        assert quick.header_parts == ordered.header_parts
        assert quick.settings == ordered.settings
        assert _spooled(quick.spool) == _spooled(ordered.spool)
    finally:
        quick.spool.close()


def _gzipped(body: bytes) -> bytes:
    zipper = lines.Gzip()
    return zipper.chunk(body) + zipper.end()


# Rows as PostgreSQL takes them, as SQLite does, and with no minute tally row (the file's
# rolls are all from the last minutes: the floor is set after them).
ROWS_FOR = [PLAIN_ROWS, RowsFor(times_as_text=True), RowsFor(True, utcnow() + timedelta(hours=1))]


@pytest.mark.parametrize("rows_for", ROWS_FOR, ids=["times", "sqlite-times", "no-minute-rows"])
@pytest.mark.parametrize("gzip", [False, True], ids=["plain", "gzip"])
async def test_the_quick_pass_spools_what_the_ordered_pass_spools(
    client: AsyncClient, gzip: bool, rows_for: RowsFor
) -> None:
    found = await _file(client)
    assert {r["t"] for r in found} >= {"header", "member", "character", "event", "roll",
                                       "roll_request", "message", "group_roll", "task",
                                       "grant", "trailer"}  # fmt: skip
    body = ndjson.dump(found)
    if gzip:
        body = _gzipped(body)
    ordered = await _ordered(body, 1, rows_for)
    try:
        spans = {tally.HOUR} if rows_for.minutes_from else {tally.HOUR, tally.MINUTE}
        assert _spans(ordered.spool) == spans
        for seed, piece in enumerate((600, 2_000, 9_000, 1024 * 1024)):
            _same(await _quick(body, seed, piece, rows_for), ordered)
    finally:
        ordered.spool.close()


async def test_a_spool_for_sqlite_holds_the_same_rows_with_their_times_as_text(
    client: AsyncClient,
) -> None:
    body = ndjson.dump(await _file(client))
    plain = await _quick(body, 1, 2_000)
    text = await _quick(body, 1, 2_000, RowsFor(times_as_text=True))
    try:
        others, log, tallies = _spooled(plain.spool)
        times = [v for rows in log.values() for row in rows for v in row if isinstance(v, datetime)]
        assert len(times) > 10
        as_text = {
            name: [tuple(sqlite_time(v) if isinstance(v, datetime) else v for v in row)
                   for row in rows]
            for name, rows in log.items()
        }  # fmt: skip
        assert _spooled(text.spool) == (others, as_text, tallies)
    finally:
        plain.spool.close()
        text.spool.close()


def _altered(found: list[dict[str, Any]], chance: random.Random) -> list[dict[str, Any]]:
    """The file with one line dropped, repeated, moved, or one of its values changed."""
    found = copy.deepcopy(found)
    at = chance.randrange(len(found))
    how = chance.choice(("drop", "repeat", "swap", "value", "value", "value"))
    if how == "drop":
        del found[at]
    elif how == "repeat":
        found.insert(at, copy.deepcopy(found[at]))
    elif how == "swap" and at + 1 < len(found):
        found[at], found[at + 1] = found[at + 1], found[at]
    else:
        record = found[at]
        key = chance.choice(sorted(record))
        value = record[key]
        if isinstance(value, dict) and value:
            inner = chance.choice(sorted(value))
            value[inner] = _other(value[inner], chance)
        else:
            record[key] = _other(value, chance)
    return found


def _other(value: Any, chance: random.Random) -> Any:
    if isinstance(value, bool) or value is None:
        return chance.choice((not value, "x", None if value is not None else 1))
    if isinstance(value, int):
        return value + chance.choice((-1, 1, 1000))
    if isinstance(value, str):
        return chance.choice((value[:-1] + "0", "", value + "x"))
    if isinstance(value, list):
        return value[:-1] if value else [1]
    return None


async def test_the_quick_pass_never_vouches_for_a_file_the_ordered_pass_refuses(
    client: AsyncClient,
) -> None:
    found = await _file(client)
    chance = random.Random(17)
    refused = 0
    for case in range(60):
        body = ndjson.dump(_altered(found, chance))
        try:
            ordered = await _ordered(body, case)
        except Unprocessable:
            refused += 1
            with pytest.raises(NotSure):
                await _quick(body, case, 900)
            continue
        ordered.spool.close()
        quick = await _quick(body, case, 900)  # a file both take: not a doubt either
        quick.spool.close()
    assert refused >= 40  # most changes break the file: the cases test something


async def test_a_bad_line_the_quick_pass_met_midway_is_named_by_the_ordered_pass(
    client: AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The quick pass stops at its first doubt with most of the body unread; the ordered
    pass then reads what was kept and the rest, and names the line as it always did."""
    found = await _file(client)
    at = next(n for n, r in enumerate(found) if r["t"] == "roll") + 1
    found[at - 1]["user_id"] = "somebody else"
    body = ndjson.dump(found)
    with pytest.raises(Unprocessable) as ordered:
        await _ordered(body, 3)
    read: list[int] = []

    async def counted() -> AsyncIterator[bytes]:
        async for chunk in _chunks(body, 3):
            read.append(len(chunk))
            yield chunk

    quick = joining.quick_check
    stopped: list[int] = []

    async def small_pieces(*args: Any, **named: Any) -> Checked:
        try:
            return await quick(*args, piece=600, **named)
        finally:
            stopped.append(sum(read))

    monkeypatch.setattr(importing, "quick_check", small_pieces)
    with pytest.raises(Unprocessable) as refused:
        await importing.check(counted(), MAX_LINE)
    assert str(refused.value.detail) == str(ordered.value.detail)
    assert str(refused.value.detail).startswith(f"line {at}: ")
    assert stopped[0] < len(body) / 2  # the quick pass stopped early, the rest read after
    assert sum(read) == len(body)


async def test_a_body_that_breaks_off_is_not_read_again_as_a_bad_file(
    client: AsyncClient,
) -> None:
    """The client gone mid-upload is the body's own failure: it goes up as it came, not
    to the ordered pass as a doubt about the file (which would then call it cut short)."""
    body = ndjson.dump(await _file(client))

    async def broken() -> AsyncIterator[bytes]:
        async for chunk in _chunks(body[: len(body) // 2], 5):
            yield chunk
        raise ConnectionResetError("the client went away")

    with pytest.raises(ConnectionResetError):
        await importing.check(broken(), MAX_LINE)


async def test_two_imports_at_once_share_the_workers(client: AsyncClient) -> None:
    """The workers are the process's: two imports running together hand their pieces to
    the same pool, and each gets its own file back, whole."""
    body = ndjson.dump(await _file(client))
    ordered = await _ordered(body, 6)
    pool = joining.WORKERS.pool()
    try:
        both = await asyncio.gather(_quick(body, 7, 700), _quick(body, 8, 1500))
        assert joining.WORKERS.pool() is pool
        for quick in both:
            _same(quick, ordered)
    finally:
        ordered.spool.close()


async def test_an_import_gives_the_loop_back_between_its_tally_statements(
    client: AsyncClient, app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tallies of a long campaign (its rolls each in a minute of their own), written
    every ``TALLY_ROWS``, must not hold the event loop for all their statements at once:
    SQLite's driver runs its upserts inline, and PostgreSQL's encodes a ``COPY``'s rows on
    the loop, which turns every ``COPY_PACE`` rows of any ``COPY`` (app/core/pgdb.py): the
    staged tallies' and the log's alike."""
    table = await granted(client)
    http, st, cid = table.http, table.st, table.cid
    for _ in range(6):
        await roll(http, st, cid, kind="formula", formula="1d6")
    exported = await http.get(f"/campaigns/{cid}/export", headers=st.auth)
    expect(await http.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    turns = LoopTurns()
    taken: list[int] = []  # the turns when each tally statement was taken to be sent
    statements = tally.Tallies.statements

    def watched(self: tally.Tallies) -> Iterator[Statement]:
        for statement in statements(self):
            taken.append(turns.count)
            yield statement

    monkeypatch.setattr(writing, "TALLY_ROWS", 1)
    monkeypatch.setattr(pgdb, "COPY_PACE", 1)
    monkeypatch.setattr(tally.Tallies, "statements", watched)
    copies = watch_copies(monkeypatch, turns)
    async with turns:
        headers = {**st.auth, "Content-Type": "application/x-ndjson"}
        expect(await http.post("/campaigns/import", content=exported.content, headers=headers), 201)
    taken += [c.called for c in copies if c.table.startswith("staged_")]  # PostgreSQL's
    assert len(taken) >= 2  # a roll_tallies and a face_tallies statement at least
    assert all(later > earlier for earlier, later in pairwise(taken))
    if not app.state.settings.is_sqlite:
        assert {"staged_roll_tallies", "rolls", "events"} <= {c.table for c in copies}
        assert max(len(c.rows) for c in copies) > 1  # the log's rows: one COPY a table
        for c in copies:  # the loop turned between any two rows of a COPY
            assert all(later > earlier for earlier, later in pairwise(c.rows)), c


async def test_a_batch_of_the_log_that_fails_leaves_nothing_of_the_import(
    client: AsyncClient, app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A batch of log rows that the database refuses in pass 2 (app/exchange/writing.py) is
    the import's answer, nothing of the import stays, and the connection serves the next
    import, which is the export again."""
    table = await granted(client)
    http, st, cid = table.http, table.st, table.cid
    for _ in range(6):
        await roll(http, st, cid, kind="formula", formula="1d6")
    exported = (await http.get(f"/campaigns/{cid}/export", headers=st.auth)).content
    expect(await http.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    write_tables = writing._write_tables
    sent: list[int] = []

    async def refused(db: Any, held: dict[str, list[Any]]) -> None:
        sent.append(sum(map(len, held.values())))
        raise Conflict(msg("a batch refused"))

    monkeypatch.setattr(writing, "_write_tables", refused)
    headers = {**st.auth, "Content-Type": "application/x-ndjson"}
    answer = await http.post("/campaigns/import", content=exported, headers=headers)
    assert answer.status_code == 409 and answer.json()["detail"] == "a batch refused"
    assert sent and min(sent) > 0  # (SQLite's writer runs a failed job again, alone)
    for kind in ("rolls", "events", "campaigns"):
        column = "id" if kind == "campaigns" else "campaign_id"
        sql = f"SELECT COUNT(*) FROM {kind} WHERE {column} = ?"  # noqa: S608
        assert (await db_run(app, sql, cid))[0][0] == 0

    monkeypatch.setattr(writing, "_write_tables", write_tables)
    expect(await http.post("/campaigns/import", content=exported, headers=headers), 201)
    first = ndjson.view(exported)
    again = ndjson.view((await http.get(f"/campaigns/{cid}/export", headers=st.auth)).content)
    for part in ("rolls", "events"):  # the second export's rotation comes after the log
        assert again[part][: len(first[part])] == first[part]
