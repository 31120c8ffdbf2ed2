"""Contests over HTTP: the storyteller plays rounds, the server rolls both sides."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.service.table import GIFT, ITEM, Person, register
from tests.table.conftest import Table


def _body(t: Table, rounds_to_win: int = 1, **extra: Any) -> dict[str, Any]:
    return {
        "a": {"character_id": t.pelote, "quality": "strong"},
        "b": {"character_id": t.npc, "quality": "strong"},
        "rounds_to_win": rounds_to_win,
        **extra,
    }


async def _contest(t: Table, rounds_to_win: int = 1) -> dict[str, Any]:
    contest: dict[str, Any] = await t.post(
        t.storyteller, f"/campaigns/{t.cid}/contests", _body(t, rounds_to_win)
    )
    return contest


async def _round(
    t: Table, contest_id: str, faces: list[int], status: int = 201, who: Person | None = None
) -> Any:
    t.faces(*faces)
    caller = who or t.storyteller
    return await t.post(caller, f"/contests/{contest_id}/rounds", status=status)


async def test_a_contest_to_two_won_rounds_is_won_two_to_one(table: Table) -> None:
    t = table
    contest = await _contest(t, rounds_to_win=2)
    assert contest["status"] == "running" and contest["rounds"] == []
    assert contest["a"] == {
        "character_id": t.pelote, "quality": "strong", "advantage": False, "disadvantage": False,
    }  # fmt: skip

    # Pelote (strong 3) then Rex (strong 5), three dice each.
    first = await _round(t, contest["id"], [1, 2, 6, 6, 6, 6])
    assert first["round"] == {
        "number": 1, "successes_a": 2, "successes_b": 0, "winner": "a",
        "roll_a": first["rolls"][0]["id"], "roll_b": first["rolls"][1]["id"],
    }  # fmt: skip
    assert first["contest"]["status"] == "running"
    assert (first["contest"]["wins_a"], first["contest"]["wins_b"]) == (1, 0)

    second = await _round(t, contest["id"], [4, 5, 6, 1, 2, 6])
    assert second["round"]["winner"] == "b"
    assert second["contest"]["status"] == "running"

    third = await _round(t, contest["id"], [1, 1, 1, 5, 6, 6])
    final = third["contest"]
    assert final["status"] == "won" and final["winner"] == "a"
    assert final["winner_character_id"] == t.pelote
    assert (final["wins_a"], final["wins_b"]) == (2, 1)
    assert [r["winner"] for r in final["rounds"]] == ["a", "b", "a"]
    assert t.all_faces_used()

    # Every roll is an ordinary public roll of the log, readable by every member.
    roll = third["rolls"][0]
    assert roll["visibility"] == "public" and roll["character_id"] == t.pelote
    assert roll["result"]["outcome"] == "open" and roll["status"] == "final"
    assert await t.get(t.spectator, f"/rolls/{roll['id']}") == roll
    assert await t.roll_count() == 6
    assert await t.get(t.player, f"/contests/{contest['id']}") == final

    # A won contest takes no more rounds, and a refused round rolls nothing.
    await _round(t, contest["id"], [1, 1, 1, 1, 1, 1], status=409)
    assert await t.roll_count() == 6
    updates = await t.events("contest.updated")
    assert [e["data"]["status"] for e in updates] == ["running", "running", "running", "won"]


async def test_a_tie_called_a_draw_ends_the_contest(table: Table) -> None:
    t = table
    contest = await _contest(t)
    tied = await _round(t, contest["id"], [1, 5, 6, 1, 6, 6])
    assert tied["round"]["winner"] is None
    assert tied["contest"]["status"] == "tie" and tied["contest"]["winner"] is None
    # Nothing more is rolled until the storyteller decides.
    await _round(t, contest["id"], [1, 1, 1, 1, 1, 1], status=409)

    path = f"/contests/{contest['id']}/resolve"
    await t.post(t.player, path, {"decision": "draw"}, status=403)
    drawn = await t.post(t.storyteller, path, {"decision": "draw"}, status=200)
    assert drawn["status"] == "drawn" and drawn["winner"] is None
    assert len(drawn["rounds"]) == 1
    await t.post(t.storyteller, path, {"decision": "reroll"}, status=409)
    await _round(t, contest["id"], [1, 1, 1, 1, 1, 1], status=409)
    assert await t.get(t.storyteller, f"/contests/{contest['id']}") == drawn


async def test_a_tie_rerolled_is_played_again_and_won(table: Table) -> None:
    t = table
    contest = await _contest(t)
    await _round(t, contest["id"], [1, 2, 6, 1, 2, 6])
    reopened = await t.post(
        t.storyteller, f"/contests/{contest['id']}/resolve", {"decision": "reroll"}, status=200
    )
    assert reopened["status"] == "running"
    won = await _round(t, contest["id"], [6, 6, 6, 5, 6, 6])
    assert won["contest"]["status"] == "won" and won["contest"]["winner"] == "b"
    assert won["contest"]["winner_character_id"] == t.npc
    rounds = won["contest"]["rounds"]
    assert [(r["number"], r["winner"]) for r in rounds] == [(1, None), (2, "b")]


async def test_a_resolve_without_a_tie_is_refused(table: Table) -> None:
    t = table
    contest = await _contest(t)
    path = f"/contests/{contest['id']}/resolve"
    await t.post(t.storyteller, path, {"decision": "reroll"}, status=409)
    await t.post(t.storyteller, path, {"decision": "maybe"}, status=422)
    await t.post(t.storyteller, path, {}, status=422)


async def test_each_side_rolls_with_its_own_advantage_or_disadvantage(table: Table) -> None:
    t = table
    body = _body(t)
    body["a"]["advantage"] = True
    body["b"]["disadvantage"] = True
    contest = await t.post(t.storyteller, f"/campaigns/{t.cid}/contests", body)
    played = await _round(t, contest["id"], [4, 4, 4, 1, 5, 6])
    assert [len(r["dice"]) for r in played["rolls"]] == [4, 2]
    assert played["round"]["successes_a"] == 1 and played["round"]["successes_b"] == 1


async def test_only_the_storyteller_runs_a_contest(table: Table) -> None:
    t = table
    contest = await _contest(t)
    for who in (t.player, t.spectator):
        await t.post(who, f"/campaigns/{t.cid}/contests", _body(t), status=403)
        await _round(t, contest["id"], [1, 1, 1, 1, 1, 1], status=403, who=who)
        assert (await t.get(who, f"/contests/{contest['id']}"))["id"] == contest["id"]
    await t.post(t.stranger, f"/campaigns/{t.cid}/contests", _body(t), status=404)
    await _round(t, contest["id"], [1, 1, 1, 1, 1, 1], status=404, who=t.stranger)
    await t.get(t.stranger, f"/contests/{contest['id']}", status=404)
    await t.get(t.stranger, f"/campaigns/{t.cid}/contests", status=404)
    await _round(t, "01nosuchcontest00000000000", [1] * 6, status=404)
    listed = await t.get(t.player, f"/campaigns/{t.cid}/contests")
    assert [c["id"] for c in listed["items"]] == [contest["id"]]
    assert await t.roll_count() == 0


async def test_a_contest_that_cannot_be_played_is_refused(table: Table) -> None:
    t = table
    elsewhere = await register(t.http, "elsewhere")
    other_cid = (await t.post(elsewhere, "/campaigns", {"name": "far", "ruleset": "3d6"}))["id"]
    foreign = await t.post(
        elsewhere,
        f"/campaigns/{other_cid}/characters",
        {"name": "Far", "sheet": {"qualities": {"strong": 3}}},
    )
    path = f"/campaigns/{t.cid}/contests"
    bad: list[dict[str, Any]] = [
        _body(t) | {"b": {"character_id": foreign["id"], "quality": "strong"}},
        _body(t) | {"b": {"character_id": t.pelote, "quality": "clever"}},
        _body(t) | {"b": {"character_id": t.npc, "quality": "nimble"}},
        _body(t) | {"difficulty": 2},
        _body(t, rounds_to_win=4),
        _body(t, rounds_to_win=0),
        _body(t) | {"rounds_to_win": "2"},
        _body(t) | {"a": {"character_id": t.pelote, "quality": "strong", "advantage": "yes"}},
        {"a": _body(t)["a"]},
    ]
    for body in bad:
        await t.post(t.storyteller, path, body, status=422)
    assert (await t.get(t.storyteller, path))["items"] == []

    matrix = (await t.post(t.storyteller, "/campaigns", {"name": "m", "ruleset": "matrix"}))["id"]
    refused = await t.post(t.storyteller, f"/campaigns/{matrix}/contests", _body(t), status=422)
    assert "3d6" in refused["detail"]


async def test_a_round_retried_with_its_key_is_not_rolled_again(table: Table) -> None:
    t = table
    contest = await _contest(t, rounds_to_win=3)
    t.faces(1, 2, 6, 6, 6, 6)
    path = f"/contests/{contest['id']}/rounds"
    first = await t.post(t.storyteller, path, key="round-1")
    again = await t.post(t.storyteller, path, key="round-1")
    assert again == first
    assert t.all_faces_used() and await t.roll_count() == 2
    assert (await t.get(t.storyteller, f"/contests/{contest['id']}"))["wins_a"] == 1


async def test_an_id_or_a_name_with_a_nul_character_is_refused_not_stored(table: Table) -> None:
    """PostgreSQL cannot store a NUL in text: such input is refused on both databases, an
    id as any other text field (422, docs/api.md)."""
    t = table
    for path in ("/contests/a%00b", "/tasks/a%00b", "/group-rolls/a%00b"):
        await t.get(t.player, path, status=422)
    await t.post(t.storyteller, "/contests/a%00b/rounds", status=422)
    await t.post(t.storyteller, "/tasks/a%00b/rolls", {"character_id": t.pelote}, status=422)
    body = _body(t)
    body["a"]["quality"] = "str\u0000ong"
    await t.post(t.storyteller, f"/campaigns/{t.cid}/contests", body, status=422)
    task = {"name": "a\u0000", "target": 1, "period": "PT1H", "participants": [t.pelote]}
    await t.post(t.storyteller, f"/campaigns/{t.cid}/tasks", task, status=422)


GRANT = {"source": "storyteller", "name": "clever idea"}

# --- rerolls in a contest ("each side rolls its own quality (with its own … rerolls)") ----


async def _cited_round(
    t: Table, contest_id: str, faces: list[int], status: int = 201, **sides: Any
) -> Any:
    t.faces(*faces)
    body = {side: {"rerolls": cites} for side, cites in sides.items()}
    return await t.post(t.storyteller, f"/contests/{contest_id}/rounds", body, status=status)


async def test_a_round_with_a_cited_reroll_counts_once_the_reroll_is_spent(table: Table) -> None:
    t = table
    contest = await _contest(t)
    # Pelote (strong 3) rolls 4, 5, 6: no success, her ball of yarn left; Rex (strong 5) 6, 6, 6.
    played = await _cited_round(t, contest["id"], [4, 5, 6, 6, 6, 6], a=[ITEM])
    roll_a, roll_b = played["rolls"]
    assert played["round"] is None
    assert (roll_a["status"], roll_a["result"]["rerolls_left"]) == ("pending", 1)
    assert roll_b["status"] == "final"
    waiting = played["contest"]
    assert waiting["pending_round"] == {"number": 1, "roll_a": roll_a["id"], "roll_b": roll_b["id"]}
    assert (waiting["status"], waiting["rounds"]) == ("running", [])

    await _round(t, contest["id"], [], status=409)  # the next round waits for this one
    t.faces(2)
    # Pelote's player spends her reroll: the roller's player makes the roller's choices.
    spent = await t.post(t.player, f"/rolls/{roll_a['id']}/reroll", {"die": 0}, status=200)
    assert (spent["status"], spent["result"]["successes"]) == ("final", 1)

    won = await t.get(t.player, f"/contests/{contest['id']}")
    assert won["rounds"] == [
        {"number": 1, "successes_a": 1, "successes_b": 0, "winner": "a",
         "roll_a": roll_a["id"], "roll_b": roll_b["id"]},
    ]  # fmt: skip
    assert (won["status"], won["winner"], won["pending_round"]) == ("won", "a", None)
    assert (await t.events("contest.updated"))[-1]["data"] == won
    assert t.all_faces_used()


async def test_declining_the_cited_rerolls_counts_the_round_as_the_dice_fell(
    table: Table,
) -> None:
    t = table
    contest = await _contest(t)
    played = await _cited_round(t, contest["id"], [4, 5, 6, 1, 6, 6], a=[ITEM, GIFT])
    roll_a = played["rolls"][0]
    await t.post(t.player, f"/rolls/{roll_a['id']}/finalize", status=200)
    decided = await t.get(t.storyteller, f"/contests/{contest['id']}")
    assert decided["rounds"][0]["winner"] == "b" and decided["winner"] == "b"
    assert decided["rounds"][0]["successes_a"] == 0


async def test_a_round_whose_two_sides_cite_rerolls_waits_for_both(table: Table) -> None:
    t = table
    contest = await _contest(t)
    played = await _cited_round(t, contest["id"], [4, 5, 6, 6, 6, 6], a=[ITEM], b=[GRANT])
    roll_a, roll_b = (r["id"] for r in played["rolls"])
    t.faces(1)
    await t.post(t.player, f"/rolls/{roll_a}/reroll", {"die": 2}, status=200)
    half = await t.get(t.storyteller, f"/contests/{contest['id']}")
    assert half["rounds"] == [] and half["pending_round"]["number"] == 1
    t.faces(5)
    await t.post(t.storyteller, f"/rolls/{roll_b}/reroll", {"die": 0}, status=200)
    tied = await t.get(t.storyteller, f"/contests/{contest['id']}")
    assert tied["status"] == "tie" and tied["pending_round"] is None
    assert (tied["rounds"][0]["successes_a"], tied["rounds"][0]["successes_b"]) == (1, 1)


async def test_a_side_cites_only_what_its_own_sheet_holds(table: Table) -> None:
    t = table
    contest = await _contest(t)
    before = await t.roll_count()
    refused = await _cited_round(t, contest["id"], [1, 1, 1, 1, 1, 1], 422, b=[ITEM])
    assert refused["detail"].startswith("b.rerolls: ")
    assert await t.roll_count() == before
    assert await t.get(t.storyteller, f"/contests/{contest['id']}") == contest


async def test_the_players_step_their_characters_contest_rolls_and_the_storyteller_an_npcs(
    table: Table,
) -> None:
    """docs/rules.md, "who decides": the roller's player makes the roller's choices, also in
    contests; the storyteller makes them for non-player characters. The storyteller rolled
    both sides, yet only Pelote's player steps her roll."""
    t = table
    contest = await _contest(t)
    played = await _cited_round(t, contest["id"], [4, 5, 6, 6, 6, 6], a=[ITEM], b=[GRANT])
    roll_a, roll_b = (r["id"] for r in played["rolls"])
    for who in (t.storyteller, t.other, t.spectator):
        await t.post(who, f"/rolls/{roll_a}/reroll", {"die": 0}, status=403)
        await t.post(who, f"/rolls/{roll_a}/finalize", status=403)
    for who in (t.player, t.other, t.spectator):
        await t.post(who, f"/rolls/{roll_b}/finalize", status=403)
    await t.post(t.stranger, f"/rolls/{roll_a}/finalize", status=404)
    assert (await t.get(t.storyteller, f"/contests/{contest['id']}"))["pending_round"]
    t.faces(3)
    await t.post(t.player, f"/rolls/{roll_a}/reroll", {"die": 0}, status=200)
    await t.post(t.storyteller, f"/rolls/{roll_b}/finalize", status=200)
    counted = await t.get(t.spectator, f"/contests/{contest['id']}")
    assert counted["rounds"][0]["successes_a"] == 1 and counted["winner"] == "a"


async def test_a_retried_round_with_cited_rerolls_rolls_once(table: Table) -> None:
    t = table
    contest = await _contest(t)
    t.faces(4, 5, 6, 6, 6, 6)
    path, body = f"/contests/{contest['id']}/rounds", {"a": {"rerolls": [ITEM]}}
    first = await t.post(t.storyteller, path, body, key="round-1")
    assert await t.post(t.storyteller, path, body, key="round-1") == first
    await t.post(t.storyteller, path, {"a": {"rerolls": [GIFT]}}, status=422, key="round-1")
    assert t.all_faces_used()


async def test_two_steps_finishing_a_round_at_once_count_it_once(table: Table) -> None:
    t = table
    contest = await _contest(t, rounds_to_win=2)
    played = await _cited_round(t, contest["id"], [4, 5, 6, 6, 6, 6], a=[ITEM], b=[GRANT])
    roll_a, roll_b = (r["id"] for r in played["rolls"])
    await asyncio.gather(
        t.post(t.player, f"/rolls/{roll_a}/finalize", status=200),
        t.post(t.storyteller, f"/rolls/{roll_b}/finalize", status=200),
    )
    counted = await t.get(t.storyteller, f"/contests/{contest['id']}")
    assert [r["number"] for r in counted["rounds"]] == [1]
    assert counted["status"] == "tie" and counted["pending_round"] is None
    assert len([e for e in await t.events("contest.updated") if e["data"]["rounds"]]) == 1
