"""Group actions over HTTP: everyone rolls once, the group needs a strict majority."""

from __future__ import annotations

from typing import Any

from tests.service.table import SHEET_3D6, character
from tests.table.conftest import Table


async def _fourth(t: Table) -> str:
    """A fourth kitten (the storyteller's NPC), for groups of four."""
    kitten = await character(t.http, t.storyteller, t.cid, SHEET_3D6, name="Minou", npc=True)
    return str(kitten["id"])


async def _group(t: Table, ids: list[str], faces: list[int], status: int = 201, **body: Any) -> Any:
    t.faces(*faces)
    payload = {"character_ids": ids, "quality": "strong", "difficulty": 2, **body}
    return await t.post(t.storyteller, f"/campaigns/{t.cid}/group-rolls", payload, status=status)


async def test_a_group_with_a_strict_majority_succeeds(table: Table) -> None:
    t = table
    ids = [t.pelote, t.moustache, t.npc]
    # strong 3, strong 3, strong 5: 2 successes, 1 success, 2 successes.
    group = await _group(t, ids, [1, 2, 6, 3, 4, 6, 5, 5, 6])
    assert group["members"] == [
        {"character_id": t.pelote, "roll_id": group["rolls"][0]["id"], "successes": 2,
         "success": True},
        {"character_id": t.moustache, "roll_id": group["rolls"][1]["id"], "successes": 1,
         "success": False},
        {"character_id": t.npc, "roll_id": group["rolls"][2]["id"], "successes": 2,
         "success": True},
    ]  # fmt: skip
    assert (group["participants"], group["succeeded"], group["success"]) == (3, 2, True)
    assert group["difficulty"] == 2 and group["quality"] == "strong"
    assert t.all_faces_used()
    # Each member's roll is an ordinary, open, public roll; a partial never waits on a choice.
    for roll in group["rolls"]:
        assert roll["visibility"] == "public" and roll["status"] == "final"
        assert roll["result"]["outcome"] == "open"
    assert await t.get(t.player, f"/rolls/{group['rolls'][1]['id']}") == group["rolls"][1]

    assert await t.get(t.spectator, f"/group-rolls/{group['id']}") == group
    listed = await t.get(t.player, f"/campaigns/{t.cid}/group-rolls")
    assert [g["id"] for g in listed["items"]] == [group["id"]]
    assert "rolls" not in listed["items"][0]
    (event,) = await t.events("group.rolled")
    assert event["data"]["success"] is True and event["data"]["members"] == group["members"]
    assert len(await t.events("roll.created")) == 3


async def test_a_group_with_exactly_half_succeeding_fails(table: Table) -> None:
    t = table
    ids = [t.pelote, t.moustache, t.npc, await _fourth(t)]
    faces = [1, 1, 6, 6, 6, 6, 1, 1, 6, 6, 6, 6]
    group = await _group(t, ids, faces, difficulty="medium")
    assert [m["success"] for m in group["members"]] == [True, False, True, False]
    assert (group["succeeded"], group["participants"], group["success"]) == (2, 4, False)
    assert group["difficulty"] == 2


async def test_a_group_of_one_succeeds_alone(table: Table) -> None:
    t = table
    group = await _group(t, [t.pelote], [1, 6, 6], difficulty="EASY")
    assert group["success"] is True and group["difficulty"] == 1


async def test_only_the_storyteller_has_a_group_roll(table: Table) -> None:
    t = table
    body = {"character_ids": [t.pelote], "quality": "strong", "difficulty": 1}
    path = f"/campaigns/{t.cid}/group-rolls"
    for who in (t.player, t.spectator):
        t.faces(1, 1, 1)
        await t.post(who, path, body, status=403)
    await t.post(t.stranger, path, body, status=404)
    await t.get(t.stranger, path, status=404)
    group = await _group(t, [t.pelote], [1, 1, 1])
    await t.get(t.stranger, f"/group-rolls/{group['id']}", status=404)
    await t.get(t.player, "/group-rolls/01nosuchgroup0000000000000", status=404)


async def test_a_group_roll_that_cannot_be_rolled_is_refused(table: Table) -> None:
    t = table
    bad: list[dict[str, Any]] = [
        {"character_ids": [t.pelote, t.pelote]},
        {"character_ids": []},
        {"character_ids": ["01nosuchcharacter000000000"]},
        {"difficulty": 5},
        {"difficulty": 0},
        {"difficulty": "hard"},
        {"difficulty": True},
        {"difficulty": None},
        {"quality": "nimble"},
        {"advantage": True},
    ]
    for body in bad:
        await _group(t, [t.pelote, t.npc], [1] * 6, status=422, **body)
    assert await t.roll_count() == 0
    assert (await t.get(t.storyteller, f"/campaigns/{t.cid}/group-rolls"))["items"] == []

    matrix = (await t.post(t.storyteller, "/campaigns", {"name": "m", "ruleset": "matrix"}))["id"]
    body = {"character_ids": [t.pelote], "quality": "strong", "difficulty": 1}
    await t.post(t.storyteller, f"/campaigns/{matrix}/group-rolls", body, status=422)


async def test_a_group_roll_retried_with_its_key_is_not_rolled_again(table: Table) -> None:
    t = table
    t.faces(1, 1, 1)
    path = f"/campaigns/{t.cid}/group-rolls"
    body = {"character_ids": [t.pelote], "quality": "strong", "difficulty": 1}
    first = await t.post(t.storyteller, path, body, key="group-1")
    assert await t.post(t.storyteller, path, body, key="group-1") == first
    assert await t.roll_count() == 1
    other = body | {"difficulty": 2}
    await t.post(t.storyteller, path, other, status=422, key="group-1")
