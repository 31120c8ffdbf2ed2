"""GET /campaigns/{cid}/rolls?status=&user_id=&character_id=&kind=&since=&until=: each
filter, their combinations, the cursor through a filtered log, and never a hidden roll."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from httpx import AsyncClient

from app.core.database import SqliteDatabase
from app.rolls.repository import RollFilter, seen_by
from tests.conftest import Scripted
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


@dataclass
class Log:
    st: Person
    ada: Person
    bob: Person
    cid: str
    ada_cat: str
    bob_cat: str
    rolls: dict[str, dict[str, Any]]  # by name, in the order they were rolled


async def _log(s: Scripted) -> Log:
    http = s.http
    st, ada, bob = [await register(http, n) for n in ("teller", "ada", "bob")]
    cid = (await campaign(http, st, "3d6"))["id"]
    await join(http, st, cid, ada)
    await join(http, st, cid, bob)
    ada_cat = (await character(http, ada, cid, SHEET_3D6, name="Pelote"))["id"]
    bob_cat = (await character(http, bob, cid, SHEET_3D6, name="Minou"))["id"]
    made: dict[str, dict[str, Any]] = {}

    async def test(name: str, who: Person, cat: str, faces: list[int], **body: Any) -> None:
        s.faces(*faces)
        made[name] = await roll(
            http, who, cid, kind="test", character_id=cat, trait="strong", **body
        )

    async def formula(name: str, who: Person, faces: list[int], **body: Any) -> None:
        s.faces(*faces)
        made[name] = await roll(http, who, cid, kind="formula", formula="1d6", **body)

    await test("ada_pending", ada, ada_cat, [6, 2, 5], difficulty=2, rerolls=[ITEM])
    await test("ada_final", ada, ada_cat, [1, 2, 3])
    await test("bob_final", bob, bob_cat, [1, 1, 4])
    await formula("bob_formula", bob, [4])
    await formula("st_blind", st, [6], visibility="blind")
    await formula("ada_private", ada, [2], visibility="private")
    await test("bob_pending", bob, bob_cat, [6, 6, 5], difficulty=1, rerolls=[ITEM])
    assert made["ada_pending"]["status"] == made["bob_pending"]["status"] == "pending"
    return Log(st, ada, bob, cid, ada_cat, bob_cat, made)


async def _ids(http: AsyncClient, who: Person, log: Log, **params: Any) -> list[str]:
    page = expect(
        await http.get(f"/campaigns/{log.cid}/rolls", params=params, headers=who.auth), 200
    )
    assert page["next_cursor"] is None
    return [item["id"] for item in page["items"]]


def _named(log: Log, *names: str) -> list[str]:
    """The ids of ``names``, newest first as the log answers them."""
    order = list(log.rolls)
    return [log.rolls[n]["id"] for n in sorted(names, key=order.index, reverse=True)]


async def test_each_filter_narrows_the_log(scripted: Scripted) -> None:
    log = await _log(scripted)
    http, st, ada = scripted.http, log.st, log.ada
    assert await _ids(http, st, log, status="pending") == _named(log, "ada_pending", "bob_pending")
    assert await _ids(http, st, log, status="final") == _named(
        log, "ada_final", "bob_final", "bob_formula", "st_blind"
    )
    assert await _ids(http, st, log, user_id=log.bob.id) == _named(
        log, "bob_final", "bob_formula", "bob_pending"
    )
    assert await _ids(http, st, log, character_id=log.ada_cat) == _named(
        log, "ada_pending", "ada_final"
    )
    assert await _ids(http, st, log, kind="formula") == _named(log, "bob_formula", "st_blind")
    since, until = log.rolls["bob_final"]["created_at"], log.rolls["st_blind"]["created_at"]
    assert await _ids(http, st, log, since=since) == _named(
        log, "bob_final", "bob_formula", "st_blind", "bob_pending"
    )
    assert await _ids(http, st, log, since=since, until=until) == _named(
        log, "bob_final", "bob_formula"
    )
    assert await _ids(http, st, log, until=since) == _named(log, "ada_pending", "ada_final")
    # Any offset names the same instant.
    assert await _ids(http, ada, log, until=since.replace("Z", "+00:00")) == _named(
        log, "ada_pending", "ada_final"
    )


async def test_filters_combine_and_never_show_a_hidden_roll(scripted: Scripted) -> None:
    log = await _log(scripted)
    http, st, ada, bob = scripted.http, log.st, log.ada, log.bob
    assert await _ids(http, st, log, character_id=log.ada_cat, status="final") == _named(
        log, "ada_final"
    )
    assert await _ids(http, st, log, user_id=log.bob.id, kind="test", status="pending") == _named(
        log, "bob_pending"
    )
    # A player filtering for the storyteller's rolls gets none of the blind one.
    assert await _ids(http, ada, log, user_id=st.id) == []
    assert await _ids(http, ada, log, kind="formula") == _named(log, "bob_formula", "ada_private")
    # Another player's private roll stays out of every filter.
    assert await _ids(http, bob, log, user_id=ada.id) == _named(log, "ada_pending", "ada_final")
    assert await _ids(http, bob, log, kind="formula", user_id=ada.id) == []
    # The storyteller does not see the private roll either.
    assert log.rolls["ada_private"]["id"] not in await _ids(http, st, log, user_id=ada.id)


async def test_the_cursor_pages_a_filtered_log_without_gap_or_repeat(scripted: Scripted) -> None:
    log = await _log(scripted)
    http, st = scripted.http, log.st
    for params in ({"status": "final"}, {"kind": "test"}, {"user_id": log.bob.id}):
        whole = await _ids(http, st, log, **params)
        paged: list[str] = []
        cursor = None
        while True:
            query = {**params, "limit": 1, **({"cursor": cursor} if cursor else {})}
            page = expect(
                await http.get(f"/campaigns/{log.cid}/rolls", params=query, headers=st.auth), 200
            )
            paged += [item["id"] for item in page["items"]]
            cursor = page["next_cursor"]
            if cursor is None:
                break
        assert paged == whole and len(whole) >= 2


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"status": "hidden"}, "status"),
        ({"kind": "damages"}, "kind"),
        ({"since": "yesterday"}, "since"),
        ({"since": "2026-12-01T20:00:00"}, "since"),  # no offset: which instant?
        ({"until": "2026-13-01T00:00:00Z"}, "until"),
        ({"since": "2026-12-02T00:00:00Z", "until": "2026-12-01T00:00:00Z"}, "since"),
        ({"until": "9999-12-31T23:59:59-12:00"}, "until"),
        ({"user_id": "x" * 27}, "user_id"),
    ],
)
async def test_a_bad_filter_is_a_422_naming_it(
    client: AsyncClient, params: dict[str, str], field: str
) -> None:
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    answer = await client.get(f"/campaigns/{cid}/rolls", params=params, headers=st.auth)
    assert answer.status_code == 422, answer.text
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert ["query", field] in [e["loc"][:2] for e in answer.json()["errors"]]


@pytest.mark.parametrize(
    "where",
    [
        RollFilter(status="pending"),
        RollFilter(user_id="u"),
        RollFilter(kind="formula"),
        RollFilter(character_id="c"),
        RollFilter(since=datetime(2026, 1, 1, tzinfo=UTC), until=datetime(2027, 1, 1, tzinfo=UTC)),
    ],
)
async def test_each_filter_reads_an_index_not_the_log(app: Any, where: RollFilter) -> None:
    """SQLite's plan for the log's query under each filter (PostgreSQL's planner weighs its
    statistics, so only SQLite's plan is fixed enough to hold a test to)."""
    database = app.state.database
    if not isinstance(database, SqliteDatabase):
        pytest.skip("the plan checked is SQLite's")
    narrow, params = where.sql()
    conditions = seen_by(False) + narrow  # the repository's own text, no input in it
    sql = f"SELECT id FROM rolls WHERE campaign_id = ?{conditions} ORDER BY seq DESC LIMIT ?"  # noqa: S608
    async with database.read() as db:
        plan = " ".join(
            str(row[-1])
            for row in await db.fetchall(f"EXPLAIN QUERY PLAN {sql}", "x", "v", *params, 51)
        )
    assert "USING INDEX ix_rolls_" in plan and "SCAN rolls" not in plan, plan
