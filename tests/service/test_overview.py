"""GET /campaigns/{cid}/overview: the table at a glance, each part exactly what its own
endpoint answers the caller (members, characters, pending rolls, open requests), so a
hidden roll or request is in no overview that may not see it."""

from __future__ import annotations

from typing import Any

from tests.roll_requests.conftest import Table, TableOf, table_of
from tests.service.table import ITEM, Person, db_run, expect, register

__all__ = ["table_of"]  # the fixture, shared with tests/roll_requests


async def _overview(t: Table, who: Person, status: int = 200) -> Any:
    answer = await t.http.get(f"/campaigns/{t.cid}/overview", headers=who.auth)
    return expect(answer, status)


async def _pending(t: Table, who: Person, character: str, **body: Any) -> dict[str, Any]:
    """A 3d6 test left pending: a reroll to spend on the die that failed."""
    t.faces(6, 2, 5)
    body = {"kind": "test", "character_id": character, "trait": "clever", "difficulty": 2,
            "rerolls": [ITEM], **body}  # fmt: skip
    rolled = await t.post(who, f"/campaigns/{t.cid}/rolls", body)
    assert rolled["status"] == "pending"
    return dict(rolled)


async def _table(table_of: TableOf) -> tuple[Table, dict[str, str], dict[str, str]]:
    t = await table_of("3d6")
    rolls = {
        "public": (await _pending(t, t.player, t.mara))["id"],
        "storyteller": (await _pending(t, t.player, t.mara, visibility="storyteller"))["id"],
        "private": (await _pending(t, t.other, t.bob, visibility="private"))["id"],
        "st_hidden": (await _pending(t, t.storyteller, t.npc, visibility="storyteller"))["id"],
        "blind": (await _pending(t, t.storyteller, t.npc))["id"],
    }
    # A blind test is settled when rolled; one stored pending before that rule still is.
    await db_run(t.app, "UPDATE rolls SET visibility = 'blind' WHERE id = ?", rolls["blind"])
    t.faces(1, 1, 1)
    await t.post(t.player, f"/campaigns/{t.cid}/rolls",
                 {"kind": "test", "character_id": t.mara, "trait": "clever"})  # fmt: skip
    asks = {
        "public": (await t.ask(t.mara))["id"],
        "hidden": (await t.ask(t.bob, visibility="storyteller"))["id"],
        "cancelled": (await t.ask(t.mara))["id"],
    }
    await t.post(t.storyteller, f"/roll-requests/{asks['cancelled']}/cancel", status=200)
    return t, rolls, asks


async def test_each_part_is_what_its_own_endpoint_answers(table_of: TableOf) -> None:
    t, _, _ = await _table(table_of)
    for who in (t.storyteller, t.player, t.other, t.spectator):
        seen = await _overview(t, who)
        campaign = await t.get(who, f"/campaigns/{t.cid}")
        assert seen["campaign"] == campaign
        assert seen["members"] == await t.get(who, f"/campaigns/{t.cid}/members")
        listed = await t.get(who, f"/campaigns/{t.cid}/characters", limit=200)
        assert seen["characters"] == listed["items"]
        for one in seen["characters"]:
            assert one == await t.get(who, f"/characters/{one['id']}")
        log = await t.get(who, f"/campaigns/{t.cid}/rolls", status="pending", limit=200)
        assert seen["pending_rolls"] == log["items"]
        asked = await t.get(who, f"/campaigns/{t.cid}/roll-requests", status="open", limit=200)
        assert seen["open_requests"] == asked["items"]


async def test_a_player_never_sees_a_hidden_pending_roll_or_request(table_of: TableOf) -> None:
    t, rolls, asks = await _table(table_of)

    def pending(seen: Any) -> set[str]:
        return {r["id"] for r in seen["pending_rolls"]}

    def requests(seen: Any) -> set[str]:
        return {r["id"] for r in seen["open_requests"]}

    storyteller = await _overview(t, t.storyteller)
    assert pending(storyteller) == {
        rolls[k] for k in ("public", "storyteller", "st_hidden", "blind")
    }
    assert requests(storyteller) == {asks["public"], asks["hidden"]}
    player = await _overview(t, t.player)
    assert pending(player) == {rolls["public"], rolls["storyteller"]}
    assert requests(player) == {asks["public"]}
    other = await _overview(t, t.other)
    assert pending(other) == {rolls["public"], rolls["private"]}
    assert requests(other) == {asks["public"], asks["hidden"]}, "it asks his character"
    spectator = await _overview(t, t.spectator)
    assert pending(spectator) == {rolls["public"]}
    assert requests(spectator) == {asks["public"]}
    for seen in (player, other, spectator):
        assert all(not r["redacted"] and r["status"] == "pending" for r in seen["pending_rolls"])
        assert rolls["blind"] not in pending(seen)


async def test_last_seq_is_where_the_events_resume(table_of: TableOf) -> None:
    t, _, _ = await _table(table_of)
    before = await _overview(t, t.player)
    t.faces(4)
    made = await t.post(
        t.player, f"/campaigns/{t.cid}/rolls", {"kind": "formula", "formula": "1d6"}
    )
    after = await _overview(t, t.player)
    assert after["last_seq"] == made["seq"] > before["last_seq"]
    events = await t.events(t.player, after=before["last_seq"])
    assert [e["seq"] for e in events] == [made["seq"]]
    assert made["id"] not in {r["id"] for r in after["pending_rolls"]}, "a final roll"


async def test_a_stranger_gets_404_and_a_key_needs_read(table_of: TableOf) -> None:
    t, _, _ = await _table(table_of)
    answer = await t.http.get(f"/campaigns/{t.cid}/overview", headers=t.stranger.auth)
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("application/problem+json")
    key = await t.post(t.player, "/api-keys", {"name": "bot", "scopes": ["roll"]})
    rolling = Person(t.player.id, t.player.username, key["key"])
    assert (
        await t.http.get(f"/campaigns/{t.cid}/overview", headers=rolling.auth)
    ).status_code == 403
    key = await t.post(t.player, "/api-keys", {"name": "board", "scopes": ["read"]})
    reading = Person(t.player.id, t.player.username, key["key"])
    assert (await _overview(t, reading))["campaign"]["role"] == "player"


async def test_a_new_campaign_has_an_empty_overview(table_of: TableOf) -> None:
    t = await table_of("d20")
    lone = await register(t.http, "lone")
    cid = (await t.post(lone, "/campaigns", {"name": "Alone", "ruleset": "matrix"}))["id"]
    seen = expect(await t.http.get(f"/campaigns/{cid}/overview", headers=lone.auth), 200)
    assert seen["characters"] == seen["pending_rolls"] == seen["open_requests"] == []
    assert [m["user_id"] for m in seen["members"]] == [lone.id]
    assert seen["last_seq"] == 0
