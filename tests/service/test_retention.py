"""Retention of Idempotency-Key records: within ``VTT_IDEMPOTENCY_TTL_SECONDS`` a retry
replays; after it the record is purged (or, not yet purged, ignored and replaced) and a
retry is a new request, as docs/api.md says. The clock is injected."""

from __future__ import annotations

import asyncio
import secrets
from datetime import datetime, timedelta
from typing import Any

import pytest
from httpx import AsyncClient, Response

from app.core import idempotency
from app.core.db import utcnow
from tests.service.table import SHEET_3D6, Person, campaign, character, db_run, join, register

DAY = timedelta(hours=24)


class Clock:
    """A clock the test moves forward."""

    def __init__(self) -> None:
        self.offset = timedelta(0)

    def __call__(self) -> datetime:
        return utcnow() + self.offset


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(idempotency.Retention, "clock", staticmethod(fake))
    return fake


async def _table(client: AsyncClient) -> tuple[Person, str, dict[str, Any]]:
    st, player = await register(client, "teller"), await register(client, "player")
    cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, cid, player)
    kitten = (await character(client, player, cid, SHEET_3D6))["id"]
    return player, cid, {"kind": "test", "character_id": kitten, "trait": "strong"}


async def _post(client: AsyncClient, who: Person, cid: str, key: str, body: Any) -> Response:
    headers = {**who.auth, "Idempotency-Key": key}
    response = await client.post(f"/campaigns/{cid}/rolls", json=body, headers=headers)
    assert response.status_code == 201, response.text
    return response


async def _records(app: Any, user_id: str) -> int:
    rows = await db_run(app, "SELECT COUNT(*) FROM idempotency_records WHERE user_id = ?", user_id)
    return int(rows[0][0])


async def test_a_retry_within_the_ttl_replays(client: AsyncClient, clock: Clock) -> None:
    player, cid, body = await _table(client)
    key = secrets.token_hex(8)
    first = await _post(client, player, cid, key, body)
    clock.offset = DAY - timedelta(minutes=1)
    again = await _post(client, player, cid, key, body)
    assert again.content == first.content


async def test_an_expired_record_not_yet_purged_is_not_replayed(
    client: AsyncClient, app: Any, clock: Clock
) -> None:
    player, cid, body = await _table(client)
    key = secrets.token_hex(8)
    first = await _post(client, player, cid, key, body)
    clock.offset = DAY + timedelta(seconds=1)
    anew = await _post(client, player, cid, key, body)
    assert anew.json()["id"] != first.json()["id"], "a new request: rolled anew"
    assert anew.json()["seq"] > first.json()["seq"]
    # The new answer took the key: a retry now replays it.
    again = await _post(client, player, cid, key, body)
    assert again.content == anew.content
    assert await _records(app, player.id) == 1


async def test_the_purge_deletes_expired_records_in_batches(
    client: AsyncClient, app: Any, clock: Clock
) -> None:
    player, cid, body = await _table(client)
    keys = [secrets.token_hex(8) for _ in range(5)]
    firsts = [await _post(client, player, cid, key, body) for key in keys]
    clock.offset = timedelta(hours=1)
    kept = await _post(client, player, cid, "young", body)  # one hour younger than the rest
    clock.offset = DAY + timedelta(minutes=30)
    deleted = await idempotency.purge_expired(app.state.writer, batch=2)
    assert deleted >= 5
    assert await _records(app, player.id) == 1, "the younger record stays"
    assert (await _post(client, player, cid, "young", body)).content == kept.content
    anew = await _post(client, player, cid, keys[0], body)
    assert anew.json()["id"] != firsts[0].json()["id"]


async def test_the_background_purger_runs(client: AsyncClient, app: Any, clock: Clock) -> None:
    player, cid, body = await _table(client)
    await _post(client, player, cid, secrets.token_hex(8), body)
    clock.offset = DAY * 2
    task = idempotency.start_purger(app.state.writer, every_seconds=0.01, batch=100)
    try:
        for _ in range(200):
            if await _records(app, player.id) == 0:
                break
            await asyncio.sleep(0.01)
        assert await _records(app, player.id) == 0
    finally:
        await idempotency.stop_purger(task)
    assert task.cancelled()


def test_the_ttl_is_a_setting() -> None:
    from app.core.settings import Settings

    assert Settings().idempotency_ttl_seconds == 24 * 3600
    assert Settings(idempotency_ttl_seconds=60).idempotency_ttl_seconds == 60
