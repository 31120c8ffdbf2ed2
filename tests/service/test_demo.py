"""The bulk generator (app/rolls/bulk.py, ``fairtable demo``): its rolls are genuine ones,
chained and seeded like a request's, so the audit chain and ``fairtable verify`` accept
them, and the log reads them like any other."""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient

from app.campaigns.ledger import Ledger
from app.campaigns.seats import PLAYING, take_seat
from app.cli import main
from app.core.ids import configure_pepper
from app.core.jsontext import dumps_text, loads
from app.core.security import configure_password_hashing
from app.core.settings import Settings
from app.core.writer import Job
from app.events.repository import EVENTS
from app.exchange import writing
from app.rolls import bulk
from app.rolls.bulk import generate
from app.rolls.bulk_make import Order, make
from app.rolls.repository import ROLLS as ROLL_ROWS
from app.rolls.service import add_roll, characters_for
from app.rules.verify import verify
from app.stats import retention
from app.stats.tally import FACE_KEY, ROLL_KEY, SUMS
from tests.exchange import ndjson
from tests.service.table import db_run, expect

ROLLS = 3_000
BATCH = 1_200  # three jobs, each with a full chunk of rows (1,000) and a short one


async def _bundle(client: AsyncClient, auth: dict[str, str], cid: str) -> dict[str, Any]:
    links: list[dict[str, Any]] = []
    after = 0
    while True:
        page = expect(await client.get(f"/campaigns/{cid}/audit?after={after}", headers=auth), 200)
        links += page["audit"]
        if page["next_after"] is None:
            return {**page, "audit": links}
        after = page["next_after"]


async def test_generated_rolls_verify(client: AsyncClient, app: Any, tmp_path: Path) -> None:
    state = app.state
    demo = await generate(state.database, state.settings, ROLLS, batch=BATCH, writer=state.writer)
    assert demo.rolls == ROLLS and demo.rate > 0
    cid = demo.campaign_id
    storyteller, player, _ = ({"Authorization": f"Bearer {key}"} for key in demo.keys.values())

    log = expect(await client.get(f"/campaigns/{cid}/rolls?limit=50", headers=storyteller), 200)
    assert len(log["items"]) == 50
    assert log["items"][0]["seq"] == ROLLS + 2, "two character.created events, then the rolls"
    kinds = {(r["kind"], r["visibility"]) for r in log["items"]}
    assert {("test", "public"), ("formula", "storyteller"), ("formula", "blind")} <= kinds

    # While the seed is secret the chain verifies; after a rotation every die does too.
    report = verify(await _bundle(client, storyteller, cid))
    assert report.ok, report.summary()
    expect(await client.post(f"/campaigns/{cid}/fairness/rotate", headers=storyteller), 200)
    bundle = await _bundle(client, storyteller, cid)
    assert len(bundle["audit"]) == ROLLS
    report = verify(bundle)
    assert report.ok, report.summary()
    path = tmp_path / "audit.json"
    path.write_text(json.dumps(bundle))
    assert main(["verify", str(path)]) == 0

    # A player's view: redacted links still chain.
    mine = await _bundle(client, player, cid)
    assert any(link["record"] is None for link in mine["audit"])
    assert verify(mine).ok


def test_the_demo_command_prints_the_campaign_and_its_rate(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    settings: Settings,
) -> None:
    from app.core.settings import get_settings

    monkeypatch.setenv("VTT_ENVIRONMENT", "development")
    monkeypatch.setenv("VTT_PASSWORD_TIME_COST", "1")
    monkeypatch.setenv("VTT_PASSWORD_MEMORY_KIB", "64")
    get_settings.cache_clear()
    try:
        url = f"sqlite+aiosqlite:///{tmp_path / 'demo.db'}"
        assert main(["demo", "--rolls", "250", "--database-url", url]) == 0
    finally:
        get_settings.cache_clear()
        # The command configured this process for its own settings: back to the tests'.
        configure_pepper(settings.secret_key)
        configure_password_hashing(settings.password_time_cost, settings.password_memory_kib)
    out = capsys.readouterr().out
    assert "campaign_id=" in out and out.count("api_key demo-") == 3
    assert "rolls=250 " in out and "rolls_per_second=" in out


async def test_a_demo_campaign_exports_and_its_export_verifies(
    client: AsyncClient, app: Any, tmp_path: Path
) -> None:
    state = app.state
    demo = await generate(state.database, state.settings, ROLLS, batch=BATCH, writer=state.writer)
    storyteller = {"Authorization": f"Bearer {next(iter(demo.keys.values()))}"}
    response = await client.get(f"/campaigns/{demo.campaign_id}/export", headers=storyteller)
    assert response.status_code == 200, response.text
    exported = ndjson.view(response.content)
    assert [r["seq"] for r in exported["rolls"]] == list(range(3, ROLLS + 3))
    types = [e["type"] for e in exported["events"]]
    # The characters' two, one a roll, then the rotation that reveals the seed to the file.
    assert types == ["character.created"] * 2 + ["roll.created"] * ROLLS + ["fairness.rotated"]
    path = tmp_path / "demo.ndjson"
    path.write_bytes(response.content)
    assert main(["verify", str(path)]) == 0  # every link and every die, seed revealed


_NOT_DRAWN = ("id", "created_at", "updated_at", "prev_hash", "hash")
"""What two rolls of the same draws may differ in: the id, the times, and the chain's
links, which cover both."""


async def test_the_bulk_rows_are_the_rows_add_roll_writes_for_the_same_draws(app: Any) -> None:
    """One turn of the plan made twice from the same ledger state (same seqs, same nonces,
    so the same dice): by the bulk generator's loop, then through ``add_roll`` as a request
    makes it. Every column of the roll and of its event agrees but the id, the times and
    the links."""
    state = app.state
    cid, members = await bulk._members(state.writer, state.settings, "Twice rolled")
    bodies = bulk._bodies(members)

    async def both(job: Job) -> list[tuple[list[Any], list[Any]]]:
        ledger = await Ledger.open(job, cid)
        turns = await bulk._turns(job, ledger, cid, members, bodies)
        before = (ledger.last_seq, ledger.next_nonce, ledger.last_hash)
        order = Order(ledger.reserve(len(turns)), turns, 0, len(turns), 1_700_000_000_000)
        made = make(order)
        made.chain(ledger.attach)
        ledger.last_seq, ledger.next_nonce, ledger.last_hash = before
        for who, planned in bulk._plan():
            seat = await take_seat(job.db, members[who].principal, cid, "roll", PLAYING)
            body = planned or bodies[who]
            await add_roll(ledger, seat, body, await characters_for(job.db, seat, body))
        await ledger.close()
        return list(zip(made.rolls, made.events, strict=True))

    made = await state.writer.run(both)
    assert len(made) == len(bulk._plan())
    rolls = await db_run(app, ROLL_ROWS.select + " WHERE campaign_id = ? ORDER BY seq", cid)
    rows_of = " WHERE campaign_id = ? AND type = 'roll.created' ORDER BY seq"
    events = await db_run(app, EVENTS.select + rows_of, cid)
    assert len(rolls) == len(events) == len(made)

    def drawn(columns: tuple[str, ...], row: Sequence[Any], skip: tuple[str, ...]) -> Any:
        return {c: v for c, v in zip(columns, row, strict=True) if c not in skip}

    def decoded(row: list[Any]) -> list[Any]:  # the JSON columns as the database reads them
        json_columns = ("dice", "result", "odds", "state", "proof")
        return [
            loads(v) if c in json_columns else v
            for c, v in zip(ROLL_ROWS.columns, row, strict=True)
        ]

    for (roll, event), stored_roll, stored_event in zip(made, rolls, events, strict=True):
        assert drawn(ROLL_ROWS.columns, decoded(roll), _NOT_DRAWN) == drawn(
            ROLL_ROWS.columns, stored_roll, _NOT_DRAWN
        )
        assert drawn(EVENTS.columns, event, ("at", "prev_hash", "hash")) == drawn(
            EVENTS.columns, stored_event, ("at", "prev_hash", "hash")
        )
    kinds = {(r[ROLL_ROWS.columns.index("kind")], r[ROLL_ROWS.columns.index("visibility")])
             for r, _ in made}  # fmt: skip
    assert {("test", "public"), ("formula", "storyteller"), ("formula", "blind")} <= kinds


async def test_the_bulk_stores_each_json_column_as_the_database_adapters_write_it(
    app: Any,
) -> None:
    """The bulk encodes the JSON columns itself (SQLite: as parameters, PostgreSQL: inside
    one document a chunk): the stored text is the one a roll written through its ledger
    gets, so an export of the campaign reads the same."""
    state = app.state
    demo = await generate(state.database, state.settings, 30, batch=25, writer=state.writer)
    stored = await db_run(
        app,
        "SELECT CAST(dice AS TEXT), CAST(result AS TEXT), CAST(odds AS TEXT),"
        " CAST(state AS TEXT), CAST(proof AS TEXT) FROM rolls WHERE campaign_id = ?",
        demo.campaign_id,
    )
    assert len(stored) == 30
    for row in stored:
        assert all(text == dumps_text(loads(text)) for text in row), row


async def _stats(client: AsyncClient, auth: dict[str, str], cid: str) -> list[Any]:
    found = []
    for by in ("user", "character"):
        answer = await client.get(f"/campaigns/{cid}/stats", params={"by": by}, headers=auth)
        found.append(expect(answer, 200))
    return found


async def test_rolls_made_by_worker_processes_keep_seq_order_and_tally_as_an_import_recounts(
    client: AsyncClient, app: Any
) -> None:
    """Two worker processes make the orders side by side; the rolls still take their ids
    and times in seq order, and the tallies each order adds at once (its rolls share one
    minute) are the ones an import of the campaign counts roll by roll."""
    state = app.state
    demo = await generate(
        state.database, state.settings, ROLLS, batch=BATCH, workers=2, writer=state.writer
    )
    cid = demo.campaign_id
    storyteller = {"Authorization": f"Bearer {next(iter(demo.keys.values()))}"}
    response = await client.get(f"/campaigns/{cid}/export", headers=storyteller)
    assert response.status_code == 200, response.text
    rolls = ndjson.view(response.content)["rolls"]
    assert [r["seq"] for r in rolls] == list(range(3, ROLLS + 3))
    ids = [r["id"] for r in rolls]
    times = [datetime.fromisoformat(r["created_at"]) for r in rolls]
    assert ids == sorted(set(ids)) and times == sorted(set(times))

    before = await _stats(client, storyteller, cid)
    assert before[0]["items"], "the plan's formulas are final rolls"
    expect(await client.delete(f"/campaigns/{cid}", headers=storyteller), 204)
    headers = {**storyteller, "Content-Type": "application/x-ndjson"}
    imported = await client.post("/campaigns/import", content=response.content, headers=headers)
    expect(imported, 201)
    assert await _stats(client, storyteller, cid) == before


async def _tally_rows(app: Any, cid: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every tally row of the campaign: its key, then its sums."""
    found = {}
    for table, key, sums in (("roll_tallies", ROLL_KEY, SUMS), ("face_tallies", FACE_KEY, ("n",))):
        listed, order = ", ".join((*key, *sums)), ", ".join(key)
        sql = f"SELECT {listed} FROM {table} WHERE campaign_id = ? ORDER BY {order}"  # noqa: S608
        found[table] = [tuple(row) for row in await db_run(app, sql, cid)]
    return found


async def test_tallies_written_in_many_parts_are_one_row_a_key_holding_every_roll_once(
    client: AsyncClient, app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The generator's jobs add to the same hour and minute rows one after the other, and
    an import writes its tallies in parts that share rows (here one part a roll): on
    PostgreSQL each part is staged and the whole added up at the end
    (app/stats/staging.py). Every row counts each of its rolls once, and the import's rows
    are the generator's."""
    state = app.state
    demo = await generate(state.database, state.settings, ROLLS, batch=BATCH, writer=state.writer)
    cid = demo.campaign_id
    storyteller = {"Authorization": f"Bearer {next(iter(demo.keys.values()))}"}
    made = await _tally_rows(app, cid)
    response = await client.get(f"/campaigns/{cid}/export", headers=storyteller)
    final = sum(r["status"] == "final" for r in ndjson.view(response.content)["rolls"])
    rolls = len(ROLL_KEY)  # the column after the key
    for span in (60, 1):  # every final roll in its hour's row and in its minute's, once
        assert sum(row[rolls] for row in made["roll_tallies"] if row[4] == span) == final
    expect(await client.delete(f"/campaigns/{cid}", headers=storyteller), 204)
    monkeypatch.setattr(writing, "TALLY_ROWS", 1)
    headers = {**storyteller, "Content-Type": "application/x-ndjson"}
    expect(await client.post("/campaigns/import", content=response.content, headers=headers), 201)
    assert _same_rows(await _tally_rows(app, cid), made)


def _same_rows(
    found: dict[str, list[tuple[Any, ...]]], expected: dict[str, list[tuple[Any, ...]]]
) -> bool:
    """The same rows, their float sums alike but for the order they were added in."""
    if found.keys() != expected.keys():
        return False
    for table, rows in found.items():
        if len(rows) != len(expected[table]):
            return False
        for row, other in zip(rows, expected[table], strict=True):
            for a, b in zip(row, other, strict=True):
                if a != b and not (isinstance(a, float) and math.isclose(a, b, rel_tol=1e-9)):
                    return False
    return True


async def test_a_demo_spread_over_weeks_keeps_minute_rows_only_within_their_retention(
    client: AsyncClient, app: Any
) -> None:
    """``every``: the rolls fall that many seconds apart, the last about now; the minute
    tally rows older than their retention are left out (the purge's floor is raised
    first), by the generator and by an import of its export alike, every window answering
    the same before and after, the chain verifying as ever."""
    state, every, rolls = app.state, 600.0, 2_000  # about two weeks
    started = datetime.now(UTC)
    demo = await generate(
        state.database, state.settings, rolls, batch=BATCH, every=every, writer=state.writer
    )
    cid = demo.campaign_id
    storyteller = {"Authorization": f"Bearer {next(iter(demo.keys.values()))}"}
    assert verify(await _bundle(client, storyteller, cid)).ok
    response = await client.get(f"/campaigns/{cid}/export", headers=storyteller)
    made = ndjson.view(response.content)["rolls"]
    times = [datetime.fromisoformat(r["created_at"]) for r in made]
    gaps = {round((b - a).total_seconds()) for a, b in itertools.pairwise(times)}
    assert gaps == {every}
    assert started - timedelta(seconds=every * rolls + 1) < times[0]
    assert times[-1] < started

    floor = retention.MinuteRetention.cutoff() - timedelta(minutes=1)

    async def minute_rows_within_retention_only() -> None:
        for table in ("roll_tallies", "face_tallies"):
            sql = f"SELECT COUNT(*) FROM {table} WHERE campaign_id = ? AND span = 1 AND starts_at"  # noqa: S608
            assert (await db_run(app, f"{sql} < ?", cid, floor))[0][0] == 0, "past retention"
            assert (await db_run(app, f"{sql} >= ?", cid, floor))[0][0] > 0, "the last week's"

    await minute_rows_within_retention_only()

    cuts = [times[100], times[1500], times[1999] - timedelta(seconds=30)]
    pairs = itertools.pairwise(cuts)
    windows = [{"since": a.isoformat(), "until": b.isoformat()} for a, b in pairs]
    windows += [{"since": cut.isoformat()} for cut in cuts] + [{}]

    async def answers() -> list[Any]:
        found = []
        for window in windows:
            answer = await client.get(f"/campaigns/{cid}/stats", params=window, headers=storyteller)
            found.append(expect(answer, 200))
        return found

    before = await answers()
    assert all(found["items"] for found in before)
    expect(await client.delete(f"/campaigns/{cid}", headers=storyteller), 204)
    headers = {**storyteller, "Content-Type": "application/x-ndjson"}
    expect(await client.post("/campaigns/import", content=response.content, headers=headers), 201)
    assert await answers() == before
    await minute_rows_within_retention_only()  # the import leaves them out too


def test_the_demo_command_refuses_a_spread_of_more_than_ten_years(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--rolls", "1000000", "--every", "600"]) == 2
    assert "ten years" in capsys.readouterr().err
