"""docs/rules.md, "Contests, group actions and long tasks": "Each roll is a test like any
other: it takes its own advantage, disadvantage, help (``helper_id``) and rerolls", and
"who decides": the roller's player makes the roller's choices, also in contests, group
actions and long tasks; the storyteller makes them for non-player characters."""

from __future__ import annotations

from typing import Any

from tests.service.table import GIFT, ITEM, Person
from tests.table.conftest import Table

GROUP = "/campaigns/{cid}/group-rolls"


async def _group(t: Table, faces: list[int], status: int = 201, **body: Any) -> Any:
    t.faces(*faces)
    payload = {"quality": "strong", "difficulty": 2, **body}
    return await t.post(t.storyteller, GROUP.format(cid=t.cid), payload, status=status)


# --- group actions ("en s'entraidant": the kittens help each other) ----------------------


async def test_a_group_action_with_help_and_rerolls_waits_for_each_players_reroll(
    table: Table,
) -> None:
    t = table
    members = [
        {"character_id": t.pelote, "helper_id": t.moustache},  # help: 4 dice
        {"character_id": t.moustache, "rerolls": [ITEM]},
        {"character_id": t.npc, "disadvantage": True},  # 2 dice
    ]
    # Pelote 1, 2, 6, 6 (2); Moustache 4, 5, 6 (0, a reroll left); Rex (strong 5) 5, 5 (2).
    group = await _group(t, [1, 2, 6, 6, 4, 5, 6, 5, 5], members=members)
    assert [len(r["dice"]) for r in group["rolls"]] == [4, 3, 2]
    assert group["rolls"][0]["result"]["helper_id"] == t.moustache
    assert [r["status"] for r in group["rolls"]] == ["final", "pending", "final"]
    assert (group["status"], group["success"], group["succeeded"]) == ("pending", None, 2)
    assert [m["success"] for m in group["members"]] == [True, None, True]
    assert t.all_faces_used()

    moustache = group["rolls"][1]["id"]
    for who in (t.storyteller, t.player, t.spectator):
        await t.post(who, f"/rolls/{moustache}/reroll", {"die": 0}, status=403)
    t.faces(2)
    await t.post(t.other, f"/rolls/{moustache}/reroll", {"die": 0}, status=200)
    settled = await t.get(t.spectator, f"/group-rolls/{group['id']}")
    assert (settled["status"], settled["success"], settled["succeeded"]) == ("succeeded", True, 2)
    assert [m["successes"] for m in settled["members"]] == [2, 1, 2]
    assert [m["success"] for m in settled["members"]] == [True, False, True]
    (event,) = await t.events("group.updated")
    assert event["data"] == {k: v for k, v in settled.items() if k != "rolls"}
    listed = await t.get(t.player, f"/campaigns/{t.cid}/group-rolls")
    assert listed["items"][0]["status"] == "succeeded"


async def test_a_group_action_with_no_reroll_to_spend_is_judged_at_once(table: Table) -> None:
    t = table
    group = await _group(t, [1, 1, 6, 6, 6, 6], character_ids=[t.pelote, t.moustache])
    assert (group["status"], group["success"]) == ("failed", False)
    assert [m["success"] for m in group["members"]] == [True, False]


async def test_a_group_action_names_its_participants_once(table: Table) -> None:
    t = table
    both = {"character_ids": [t.pelote], "members": [{"character_id": t.pelote}]}
    await _group(t, [], 422, **both)
    await _group(t, [], 422)
    await _group(t, [], 422, members=[])
    refused = await _group(
        t, [1] * 3, 422, members=[{"character_id": t.pelote, "helper_id": t.pelote}]
    )
    assert refused["detail"] == "members[0].helper_id: a character cannot help itself"
    ghost = "01nosuchcharacter000000000"
    refused = await _group(
        t, [1] * 3, 422, members=[{"character_id": t.pelote, "helper_id": ghost}]
    )
    assert refused["detail"].startswith("members[0].helper_id: no character")
    cites = [{"character_id": t.npc, "rerolls": [GIFT]}]  # Rex has no gift
    refused = await _group(t, [1] * 3, 422, members=cites)
    assert refused["detail"].startswith("members[0].rerolls: ")
    assert await t.roll_count() == 0


async def test_a_roll_a_group_counted_is_not_reopened_by_a_grant(table: Table) -> None:
    t = table
    group = await _group(t, [1, 2, 6], character_ids=[t.pelote])
    counted = group["rolls"][0]["id"]
    refused = await t.post(t.storyteller, f"/rolls/{counted}/grant", {}, status=409)
    assert "counts in a contest, group action or long task" in refused["detail"]


# --- long tasks -------------------------------------------------------------------------


async def _task(t: Table) -> Any:
    body = {"name": "Open the pantry", "quality": "strong", "target": 6, "period": "PT1H",
            "mode": "relay", "participants": [t.pelote, t.npc]}  # fmt: skip
    return await t.post(t.storyteller, f"/campaigns/{t.cid}/tasks", body)


async def _task_roll(
    t: Table, who: Person, task: Any, faces: list[int], status: int = 201, **body: Any
) -> Any:
    t.faces(*faces)
    return await t.post(who, f"/tasks/{task['id']}/rolls", body, status=status)


async def test_a_long_task_roll_takes_advantage_help_and_disadvantage(table: Table) -> None:
    t = table
    task = await _task(t)
    lucky = await _task_roll(t, t.player, task, [1, 2, 3, 6], character_id=t.pelote, advantage=True)
    assert len(lucky["roll"]["dice"]) == 4 and lucky["task"]["progress"]["successes"] == 3
    helped = await _task_roll(
        t, t.storyteller, task, [6, 6, 6, 1], character_id=t.npc, helper_id=t.pelote
    )
    assert helped["roll"]["result"]["helper_id"] == t.pelote and len(helped["roll"]["dice"]) == 4
    both = await _task_roll(
        t, t.player, task, [1, 6, 6], character_id=t.pelote, advantage=True, disadvantage=True
    )
    assert len(both["roll"]["dice"]) == 3
    assert [r["successes"] for r in both["task"]["rolls"]] == [3, 1, 1]


async def test_a_long_task_roll_with_a_reroll_counts_once_its_player_decides(table: Table) -> None:
    t = table
    task = await _task(t)
    rolled = await _task_roll(t, t.player, task, [4, 5, 6], character_id=t.pelote, rerolls=[ITEM])
    roll_id = rolled["roll"]["id"]
    assert rolled["roll"]["status"] == "pending"
    waiting = rolled["task"]
    assert waiting["pending_roll"] == {
        "roll_id": roll_id, "character_id": t.pelote, "quality": "strong", "period": 1,
    }  # fmt: skip
    assert (waiting["rolls"], waiting["progress"]["rolls"]) == ([], 0)
    refused = await _task_roll(t, t.storyteller, task, [1, 1, 1], 409, character_id=t.npc)
    assert "waits on its rerolls" in refused["detail"]
    await t.post(t.storyteller, f"/rolls/{roll_id}/reroll", {"die": 0}, status=403)
    t.faces(1)
    await t.post(t.player, f"/rolls/{roll_id}/reroll", {"die": 0}, status=200)
    counted = await t.get(t.spectator, f"/tasks/{task['id']}")
    assert counted["pending_roll"] is None and counted["progress"]["successes"] == 1
    assert counted["rolls"] == [
        {"roll_id": roll_id, "character_id": t.pelote, "quality": "strong", "successes": 1,
         "period": 1},
    ]  # fmt: skip
    assert (await t.events("task.updated"))[-1]["data"] == counted
    after = await _task_roll(t, t.storyteller, task, [1, 1, 6], character_id=t.npc)
    assert after["task"]["progress"]["rolls"] == 2


async def test_a_player_spends_a_grant_on_a_long_task_roll(table: Table) -> None:
    t = table
    task = await _task(t)
    await t.post(t.storyteller, f"/characters/{t.pelote}/grants", {"name": "the lever"})
    cite = [{"source": "storyteller"}]
    rolled = await _task_roll(t, t.player, task, [4, 5, 6], character_id=t.pelote, rerolls=cite)
    assert rolled["roll"]["status"] == "pending"
    assert (await t.get(t.player, f"/characters/{t.pelote}/grants"))["items"] == []
    finalized = await t.post(t.player, f"/rolls/{rolled['roll']['id']}/finalize", status=200)
    assert finalized["status"] == "final"
    assert (await t.get(t.player, f"/tasks/{task['id']}"))["progress"]["rolls"] == 1


# --- contests ---------------------------------------------------------------------------


async def test_a_contest_side_takes_help_and_a_rounds_own_advantage(table: Table) -> None:
    t = table
    body = {"a": {"character_id": t.pelote, "quality": "strong"},
            "b": {"character_id": t.npc, "quality": "strong", "disadvantage": True}}  # fmt: skip
    contest = await t.post(t.storyteller, f"/campaigns/{t.cid}/contests", body)
    path = f"/contests/{contest['id']}/rounds"
    t.faces(1, 6, 6, 6, 1, 6, 6)
    played = await t.post(
        t.storyteller, path, {"a": {"helper_id": t.moustache}, "b": {"advantage": True}}
    )
    assert [len(r["dice"]) for r in played["rolls"]] == [4, 3], "Rex's advantage cancels"
    assert played["rolls"][0]["result"]["helper_id"] == t.moustache
    assert played["round"]["winner"] is None
    refused = await t.post(t.storyteller, path, {"a": {"helper_id": t.npc}}, status=409)
    assert "tie" in refused["detail"]
    await t.post(t.storyteller, f"/contests/{contest['id']}/resolve", {"decision": "reroll"}, 200)
    refused = await t.post(t.storyteller, path, {"a": {"helper_id": t.npc}}, status=422)
    assert refused["detail"] == "a.helper_id: a side's opponent cannot help it"


async def test_each_player_spends_their_own_reroll_in_a_contest(table: Table) -> None:
    """Pelote against Moustache, each citing an item: each player spends their own."""
    t = table
    body = {"a": {"character_id": t.pelote, "quality": "strong"},
            "b": {"character_id": t.moustache, "quality": "strong"}}  # fmt: skip
    contest = await t.post(t.storyteller, f"/campaigns/{t.cid}/contests", body)
    t.faces(4, 5, 6, 4, 5, 6)
    cites = {"a": {"rerolls": [ITEM]}, "b": {"rerolls": [ITEM]}}
    played = await t.post(t.storyteller, f"/contests/{contest['id']}/rounds", cites)
    roll_a, roll_b = (r["id"] for r in played["rolls"])
    await t.post(t.player, f"/rolls/{roll_b}/reroll", {"die": 0}, status=403)
    await t.post(t.other, f"/rolls/{roll_a}/reroll", {"die": 0}, status=403)
    t.faces(1)
    await t.post(t.player, f"/rolls/{roll_a}/reroll", {"die": 0}, status=200)
    t.faces(6)
    await t.post(t.other, f"/rolls/{roll_b}/reroll", {"die": 2}, status=200)
    won = await t.get(t.storyteller, f"/contests/{contest['id']}")
    assert (won["status"], won["winner"], won["rounds"][0]["successes_a"]) == ("won", "a", 1)
    assert won["rounds"][0]["successes_b"] == 0
