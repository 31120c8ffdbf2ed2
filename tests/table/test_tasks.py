"""Long tasks over HTTP: pooled successes against a target, on the game's clock."""

from __future__ import annotations

from typing import Any

from tests.service.table import Person
from tests.table.conftest import Table


async def _task(t: Table, status: int = 201, **body: Any) -> Any:
    payload = {
        "name": "Open the pantry",
        "quality": "strong",
        "target": 4,
        "period": "PT1H",
        "participants": [t.pelote, t.moustache],
        **body,
    }
    return await t.post(t.storyteller, f"/campaigns/{t.cid}/tasks", payload, status=status)


async def _roll(
    t: Table, who: Person, task_id: str, character_id: str, faces: list[int], status: int = 201,
    **body: Any,
) -> Any:  # fmt: skip
    t.faces(*faces)
    payload = {"character_id": character_id, **body}
    return await t.post(who, f"/tasks/{task_id}/rolls", payload, status=status)


async def test_a_task_worked_together_is_completed(table: Table) -> None:
    t = table
    task = await _task(t, limit="PT3H", cost_per_period="one sardine each")
    assert task["status"] == "running" and task["mode"] == "together"
    assert (task["period"], task["period_seconds"]) == ("PT1H", 3600)
    assert (task["limit"], task["limit_seconds"]) == ("PT3H", 10800)
    assert task["progress"] == {
        "status": "running", "successes": 0, "target": 4, "elapsed": "PT0S",
        "elapsed_seconds": 0, "periods_elapsed": 0, "periods_left": 3, "max_periods": 3,
        "rolls": 0, "rolls_this_period": 0, "waiting_for": [t.pelote, t.moustache],
    }  # fmt: skip

    first = await _roll(t, t.player, task["id"], t.pelote, [1, 2, 6])
    assert first["roll"]["result"]["successes"] == 2 and first["roll"]["visibility"] == "public"
    progress = first["task"]["progress"]
    assert progress["periods_elapsed"] == 0 and progress["waiting_for"] == [t.moustache]

    second = await _roll(t, t.other, task["id"], t.moustache, [6, 6, 6])
    progress = second["task"]["progress"]
    assert (progress["successes"], progress["periods_elapsed"]) == (2, 1)
    assert (progress["elapsed"], progress["elapsed_seconds"]) == ("PT1H", 3600)
    assert progress["periods_left"] == 2
    assert progress["waiting_for"] == [t.pelote, t.moustache]

    # The target reached partway through a period: that period counts as worked.
    third = await _roll(t, t.player, task["id"], t.pelote, [1, 1, 6])
    done = third["task"]
    assert done["status"] == "completed" and done["progress"]["successes"] == 4
    assert done["progress"]["elapsed"] == "PT2H" and done["progress"]["waiting_for"] == []
    assert [(r["character_id"], r["successes"], r["period"]) for r in done["rolls"]] == [
        (t.pelote, 2, 1), (t.moustache, 0, 1), (t.pelote, 2, 2),
    ]  # fmt: skip
    assert done["rolls"][2]["roll_id"] == third["roll"]["id"]
    assert t.all_faces_used()

    # A closed task refuses rolls, and rolls nothing.
    await _roll(t, t.other, task["id"], t.moustache, [1, 1, 1], status=409)
    assert await t.roll_count() == 3
    assert await t.get(t.spectator, f"/tasks/{task['id']}") == done
    updates = await t.events("task.updated")
    assert [e["data"]["status"] for e in updates] == ["running"] * 3 + ["completed"]


async def test_a_task_in_relay_fails_when_the_limit_is_reached(table: Table) -> None:
    t = table
    task = await _task(t, mode="relay", target=10, period="PT30M", limit="PT1H")
    assert task["progress"]["max_periods"] == 2 and task["progress"]["waiting_for"] == []
    one = await _roll(t, t.player, task["id"], t.pelote, [1, 6, 6])
    assert one["task"]["progress"]["elapsed"] == "PT30M"
    # In relay the same kitten may take the next period too.
    two = await _roll(t, t.player, task["id"], t.pelote, [1, 1, 6])
    failed = two["task"]
    assert failed["status"] == "failed" and failed["progress"]["successes"] == 3
    assert failed["progress"]["elapsed"] == "PT1H" and failed["progress"]["periods_left"] == 0
    await _roll(t, t.player, task["id"], t.pelote, [1, 1, 1], status=409)
    listed = await t.get(t.player, f"/campaigns/{t.cid}/tasks?status=failed")
    assert [x["id"] for x in listed["items"]] == [task["id"]]
    assert (await t.get(t.player, f"/campaigns/{t.cid}/tasks?status=running"))["items"] == []


async def test_together_a_second_roll_in_the_same_period_is_refused(table: Table) -> None:
    t = table
    task = await _task(t, target=20)
    await _roll(t, t.player, task["id"], t.pelote, [1, 1, 1])
    refused = await _roll(t, t.player, task["id"], t.pelote, [1, 1, 1], status=409)
    assert t.moustache in refused["detail"]
    # Not even a storyteller rolls it twice; the period ends when everyone has rolled.
    await _roll(t, t.storyteller, task["id"], t.pelote, [1, 1, 1], status=409)
    assert await t.roll_count() == 1
    await _roll(t, t.storyteller, task["id"], t.moustache, [6, 6, 6])
    next_period = await _roll(t, t.player, task["id"], t.pelote, [1, 6, 6])
    assert next_period["task"]["progress"]["periods_elapsed"] == 1
    assert next_period["task"]["rolls"][-1]["period"] == 2


async def test_only_the_owner_or_a_storyteller_rolls_for_a_participant(table: Table) -> None:
    t = table
    task = await _task(t, target=20, mode="relay")
    await _roll(t, t.other, task["id"], t.pelote, [1, 1, 1], status=403)
    await _roll(t, t.spectator, task["id"], t.pelote, [1, 1, 1], status=403)
    await _roll(t, t.stranger, task["id"], t.pelote, [1, 1, 1], status=404)
    await t.get(t.stranger, f"/tasks/{task['id']}", status=404)
    await _roll(t, t.player, "01nosuchtask00000000000000", t.pelote, [1, 1, 1], status=404)
    await _roll(t, t.storyteller, task["id"], t.pelote, [1, 1, 1])
    await _roll(t, t.player, task["id"], t.pelote, [1, 1, 1])
    # A character that is not a participant, even one's own NPC, is bad input.
    await _roll(t, t.storyteller, task["id"], t.npc, [1, 1, 1], status=422)
    body = {"name": "x", "target": 1, "period": "PT1H", "participants": [t.pelote]}
    await t.post(t.player, f"/campaigns/{t.cid}/tasks", body, status=403)
    await t.post(t.spectator, f"/campaigns/{t.cid}/tasks", body, status=403)
    await t.post(t.stranger, f"/campaigns/{t.cid}/tasks", body, status=404)


async def test_a_task_without_a_quality_takes_each_rolls_own(table: Table) -> None:
    t = table
    task = await _task(t, quality=None, mode="relay", target=10)
    assert task["quality"] is None
    await _roll(t, t.player, task["id"], t.pelote, [1, 1, 1], status=422)
    clever = await _roll(t, t.player, task["id"], t.pelote, [4, 5, 6], quality="clever")
    assert clever["roll"]["result"]["successes"] == 2
    assert clever["task"]["rolls"][0]["quality"] == "clever"
    await _roll(t, t.player, task["id"], t.pelote, [1, 1, 1], status=422, quality="nimble")
    fixed = await _task(t, mode="relay", target=10)
    await _roll(t, t.player, fixed["id"], t.pelote, [1, 1, 1], status=422, quality="clever")
    same = await _roll(t, t.player, fixed["id"], t.pelote, [1, 1, 1], quality="strong")
    assert same["roll"]["result"]["successes"] == 3


async def test_a_task_that_cannot_be_worked_is_refused(table: Table) -> None:
    t = table
    for period in ("1H", "PT", "P", "P1Y", "P2M", "PT0.5H", "PT0S", "P1DT", "", "P1Dx", "PT-1H"):
        answer = await _task(t, status=422, period=period)
        assert answer["title"] in ("Validation failed", "Rules violation"), answer
    bad: list[dict[str, Any]] = [
        {"limit": "PT30M"},  # shorter than one period
        {"period": "P9999D"},  # more than ten years
        {"target": 0},
        {"target": 1001},
        {"target": "4"},
        {"mode": "alone"},
        {"participants": []},
        {"participants": [t.pelote, t.pelote]},
        {"participants": ["01nosuchcharacter000000000"]},
        {"quality": "nimble"},
        {"cost_per_period": ""},
        {"difficulty": 2},
    ]
    for body in bad:
        await _task(t, status=422, **body)
    assert (await t.get(t.storyteller, f"/campaigns/{t.cid}/tasks"))["items"] == []

    years = await _task(t, status=422, period="P1Y")
    assert "days" in years["detail"]
    matrix = (await t.post(t.storyteller, "/campaigns", {"name": "m", "ruleset": "matrix"}))["id"]
    body = {"name": "x", "target": 1, "period": "PT1H", "participants": [t.pelote]}
    await t.post(t.storyteller, f"/campaigns/{matrix}/tasks", body, status=422)


async def test_durations_are_answered_in_their_shortest_form(table: Table) -> None:
    t = table
    task = await _task(t, period="pt90m", limit="P1DT24H")
    assert (task["period"], task["limit"]) == ("PT1H30M", "P2D")
    assert task["progress"]["max_periods"] == 32


async def test_a_task_roll_retried_with_its_key_is_not_rolled_again(table: Table) -> None:
    t = table
    task = await _task(t, target=20)
    t.faces(1, 1, 1)
    path = f"/tasks/{task['id']}/rolls"
    first = await t.post(t.player, path, {"character_id": t.pelote}, key="task-roll-1")
    again = await t.post(t.player, path, {"character_id": t.pelote}, key="task-roll-1")
    assert again == first and await t.roll_count() == 1
