"""Tampering with the database behind the server's back: the verifier names the first
record that no longer holds, and why. Also many rolls at once: distinct nonces, one chain."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from httpx import AsyncClient

from app.rules.verify import Report
from tests.fairness.table import (
    Table,
    as_json,
    check,
    db_run,
    events_read,
    make_whole,
    play,
    rotate,
    table_3d6,
)
from tests.service.table import expect

Tamper = Callable[[Any, Table, list[dict[str, Any]]], Awaitable[int]]
"""Changes the database; answers the seq of the first link that must fail."""


async def _event_data(app: Any, cid: str, seq: int) -> dict[str, Any]:
    """The data at ``seq`` as the app reads it (a compact event's from its roll's row)."""
    rows = await events_read(app, cid, ("data",), " AND e.seq = ?", seq)
    data: dict[str, Any] = rows[0][0]
    return data


async def _set_event_data(app: Any, cid: str, seq: int, data: dict[str, Any]) -> None:
    """Write ``data`` into the event at ``seq``: into a compact one too, which then reads it."""
    sql = "UPDATE events SET data = ? WHERE campaign_id = ? AND seq = ?"
    await db_run(app, sql, json.dumps(data), cid, seq)


async def _links(app: Any, cid: str) -> list[tuple[int, str]]:
    """(seq, roll id) of every roll link, in order."""
    rows = await events_read(app, cid, ("seq", "data"), " AND e.type LIKE 'roll.%'")
    return [(int(seq), data["id"]) for seq, data in rows]


async def face_in_rolls_table(app: Any, t: Table, made: list[dict[str, Any]]) -> int:
    """The formula's one link is its latest, stored compact: the roll's row is its copy."""
    target = made[1]
    rows = await db_run(app, "SELECT dice FROM rolls WHERE id = ?", target["id"])
    dice = as_json(rows[0][0])
    dice[0]["value"] = dice[0]["value"] % dice[0]["sides"] + 1
    await db_run(app, "UPDATE rolls SET dice = ? WHERE id = ?", json.dumps(dice), target["id"])
    return int(target["seq"])


async def face_in_rolls_table_beside_a_whole_event(
    app: Any, t: Table, made: list[dict[str, Any]]
) -> int:
    """The same with the link stored whole, as before events could be compact: the two
    copies then disagree."""
    await make_whole(app, t.cid, int(made[1]["seq"]))
    return await face_in_rolls_table(app, t, made)


async def face_in_event(app: Any, t: Table, made: list[dict[str, Any]]) -> int:
    seq = (await _links(app, t.cid))[1][0]  # the test's first reroll (a roll.updated)
    data = await _event_data(app, t.cid, seq)
    data["dice"][2]["value"] = data["dice"][2]["value"] % 6 + 1
    await _set_event_data(app, t.cid, seq, data)
    return seq


async def note_in_event(app: Any, t: Table, made: list[dict[str, Any]]) -> int:
    seq = int(made[3]["seq"])
    data = await _event_data(app, t.cid, seq)
    data["note"] = "nothing to see here"
    await _set_event_data(app, t.cid, seq, data)
    return seq


async def visibility_in_rolls_table(app: Any, t: Table, made: list[dict[str, Any]]) -> int:
    blind = made[2]
    await db_run(app, "UPDATE rolls SET visibility = 'public' WHERE id = ?", blind["id"])
    return int(blind["seq"])


async def visibility_in_event(app: Any, t: Table, made: list[dict[str, Any]]) -> int:
    seq = int(made[2]["seq"])
    data = await _event_data(app, t.cid, seq)
    data["visibility"] = "public"
    await _set_event_data(app, t.cid, seq, data)
    return seq


async def deleted_event(app: Any, t: Table, made: list[dict[str, Any]]) -> int:
    links = await _links(app, t.cid)
    sql = "DELETE FROM events WHERE campaign_id = ? AND seq = ?"
    await db_run(app, sql, t.cid, links[3][0])
    return links[4][0]  # the next link no longer follows


async def deleted_last_event(app: Any, t: Table, made: list[dict[str, Any]]) -> int:
    links = await _links(app, t.cid)
    sql = "DELETE FROM events WHERE campaign_id = ? AND seq = ?"
    await db_run(app, sql, t.cid, links[-1][0])
    return links[-2][0]  # the chain now ends before the campaign's head


async def deleted_roll(app: Any, t: Table, made: list[dict[str, Any]]) -> int:
    """The roll's latest link is compact: its content and its hashes go with the roll's
    row, so the link reads as one that is not there."""
    await db_run(app, "DELETE FROM rolls WHERE id = ?", made[3]["id"])
    return int(made[3]["seq"])


async def deleted_roll_beside_a_whole_event(app: Any, t: Table, made: list[dict[str, Any]]) -> int:
    await make_whole(app, t.cid, int(made[3]["seq"]))
    return await deleted_roll(app, t, made)


async def revealed_seed(app: Any, t: Table, made: list[dict[str, Any]]) -> int:
    sql = "UPDATE campaign_seeds SET server_seed = ? WHERE campaign_id = ? AND number = 1"
    await db_run(app, sql, bytes(32), t.cid)
    return (await _links(app, t.cid))[0][0]  # the first record drawing from it


@pytest.mark.parametrize(
    ("tamper", "reason"),
    [
        (face_in_rolls_table, "content was changed"),
        (face_in_rolls_table_beside_a_whole_event, "as the log stores it"),
        (face_in_event, "content was changed"),
        (note_in_event, "content was changed"),
        (visibility_in_rolls_table, "content was changed"),
        (visibility_in_event, "content was changed"),
        (deleted_event, "is missing, reordered or changed"),
        (deleted_last_event, "missing or changed at the end"),
        (deleted_roll, "is missing, reordered or changed"),
        (deleted_roll_beside_a_whole_event, "(changed or deleted)"),
        (revealed_seed, "not its commitment"),
    ],
)
async def test_tampering_is_caught_at_the_first_broken_record(
    client: AsyncClient, app: Any, tamper: Tamper, reason: str
) -> None:
    t = await table_3d6(client)
    made = await play(client, t)
    await rotate(client, t.storyteller, t.cid)
    assert (await check(client, t.storyteller, t.cid)).ok

    seq = await tamper(app, t, made)
    report: Report = await check(client, t.storyteller, t.cid)
    assert not report.ok
    assert report.failure is not None and report.failure.seq == seq, report.summary()
    assert reason in report.failure.reason, report.summary()
    assert report.summary().startswith(f"FAIL at seq {seq} (roll ")


async def test_two_hundred_rolls_at_once_take_distinct_nonces_and_keep_one_chain(
    client: AsyncClient,
) -> None:
    t = await table_3d6(client)

    async def one(n: int) -> dict[str, Any]:
        body: dict[str, Any] = {"kind": "formula", "formula": "2d6+1"}
        if n % 2:
            body = {"kind": "test", "character_id": t.kitten, "trait": "strong"}
        who = t.player if n % 3 else t.storyteller
        answer = await client.post(f"/campaigns/{t.cid}/rolls", json=body, headers=who.auth)
        return dict(expect(answer, 201))

    made = await asyncio.gather(*(one(n) for n in range(200)))
    nonces = [draw["nonce"] for r in made for draw in r["proof"]]
    assert sorted(nonces) == list(range(200))
    await rotate(client, t.storyteller, t.cid)
    report = await check(client, t.storyteller, t.cid)
    assert report.ok, report.summary()
    assert (report.rolls, report.draws, report.links) == (200, 200, 200)
