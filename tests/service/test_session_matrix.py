"""A short matrix session over HTTP: every one of the twelve stats tested, each answer checked
against the roll-under rules from its own die."""

from __future__ import annotations

from typing import Any

from httpx import AsyncClient

from app.rules import matrix
from tests.service.table import (
    SHEET_MATRIX,
    Person,
    campaign,
    character,
    expect,
    join,
    register,
    roll,
)

# Row and column of each stat (docs/rules.md), written out here rather than read from the app.
STATS = {
    "strength": ("body", "power"),
    "endurance": ("body", "resistance"),
    "agility": ("body", "maneuver"),
    "dexterity": ("body", "precision"),
    "memory": ("mind", "power"),
    "concentration": ("mind", "resistance"),
    "intelligence": ("mind", "maneuver"),
    "perception": ("mind", "precision"),
    "faith": ("soul", "power"),
    "morale": ("soul", "resistance"),
    "persuasion": ("soul", "maneuver"),
    "empathy": ("soul", "precision"),
}
WEAR = {"body": "mortality", "mind": "madness", "soul": "fatigue"}


def stat_of(sheet: dict[str, Any], trait: str) -> int:
    row, column = STATS[trait]
    counter = sheet.get("counters", {}).get(WEAR[row], 0)
    return max(sheet["rows"][row] - counter // 5, 0) + sheet["columns"][column]


def check_matrix(answer: dict[str, Any], *, stat: int, difficulty: int) -> None:
    assert answer["ruleset"] == "matrix" and answer["kind"] == "test"
    assert answer["status"] == "final"
    (die,) = answer["dice"]
    assert die["sides"] == 20 and 1 <= die["value"] <= 20 and die["history"] == []
    face = die["value"]
    result = answer["result"]
    assert result["stat"] == stat and result["face"] == face
    if face > stat:
        success, margin = False, face - stat
    else:
        success, margin = face >= difficulty, face
    assert result["success"] is success
    assert result["margin"] == margin
    assert die["success"] is success
    odds = answer["odds"]
    assert odds == matrix.matrix_odds(stat, difficulty).to_dict()
    assert abs(odds["success"] + odds["failure"] - 1) < 1e-9
    assert abs(sum(odds["margins"]["success"].values()) - odds["success"]) < 1e-9
    assert abs(sum(odds["margins"]["failure"].values()) - odds["failure"]) < 1e-9
    assert (
        abs(odds["success"] - sum(f <= stat and f >= difficulty for f in range(1, 21)) / 20) < 1e-9
    )


async def test_a_matrix_session_tests_all_twelve_stats(client: AsyncClient) -> None:
    st = await register(client, "teller")
    cid = (await campaign(client, st, "matrix"))["id"]
    alice, bob = await register(client, "alice"), await register(client, "bob")
    await join(client, st, cid, alice)
    await join(client, st, cid, bob)
    worn = {
        "rows": {"body": 3, "mind": 10, "soul": 1},
        "columns": {"power": 10, "resistance": 1, "maneuver": 4, "precision": 8},
        "counters": {"fatigue": 12, "mortality": 7, "madness": 4},
    }
    ada = await character(client, alice, cid, SHEET_MATRIX, name="Ada")
    # Only a storyteller sets counters: they create the worn hero and give it to Bob.
    bors = await character(client, st, cid, worn, name="Bors", owner_id=bob.id)
    for who, hero, sheet in ((alice, ada, SHEET_MATRIX), (bob, bors, worn)):
        for trait in STATS:
            assert hero["derived"]["stats"][trait] == stat_of(sheet, trait)
        for i, trait in enumerate(STATS):
            difficulty = i % 4
            body: dict[str, Any] = {"kind": "test", "character_id": hero["id"], "trait": trait}
            if difficulty:
                body["difficulty"] = difficulty
            answer = await roll(client, who, cid, **body)
            check_matrix(answer, stat=stat_of(sheet, trait), difficulty=difficulty)
            assert answer["result"]["trait"] == trait
            got = expect(await client.get(f"/rolls/{answer['id']}", headers=bob.auth), 200)
            assert got == answer

    # The storyteller's NPC and a free formula.
    npc = await character(client, st, cid, SHEET_MATRIX, name="Ogre", npc=True)
    answer = await roll(
        client, st, cid, kind="test", character_id=npc["id"], trait="strength", difficulty=20
    )
    check_matrix(answer, stat=15, difficulty=20)
    assert answer["result"]["success"] is False, "a margin of 20 needs a face of 20 > 15"
    formula = await roll(client, alice, cid, kind="formula", formula="1d20+1d6")
    assert formula["result"]["total"] == sum(d["value"] for d in formula["dice"])

    log = expect(await client.get(f"/campaigns/{cid}/rolls?limit=200", headers=st.auth), 200)
    seqs = [r["seq"] for r in log["items"]]
    assert seqs == sorted(seqs, reverse=True) and len(set(seqs)) == len(seqs), "newest first"


async def test_fields_a_matrix_test_does_not_use_are_refused(client: AsyncClient) -> None:
    st, alice = await register(client, "teller"), await register(client, "alice")
    cid = (await campaign(client, st, "matrix"))["id"]
    await join(client, st, cid, alice)
    ada = (await character(client, alice, cid, SHEET_MATRIX))["id"]
    other = (await character(client, st, cid, SHEET_MATRIX, npc=True))["id"]
    base = {"kind": "test", "character_id": ada, "trait": "strength"}
    for bad in (
        {**base, "advantage": True},
        {**base, "advantage": False},
        {**base, "disadvantage": True},
        {**base, "helper_id": other},
        {**base, "rerolls": []},
        {**base, "rerolls": [{"source": "item", "name": "sword"}]},
        {**base, "difficulty": "easy"},
        {**base, "difficulty": -1},
        {**base, "difficulty": 21},
        {**base, "trait": "force"},
        {**base, "trait": "Strength"},
        {**base, "trait": "luck"},
        {**base, "trait": "body"},
        {"kind": "save", "character_id": ada, "trait": "strength", "condition": "stunned"},
    ):
        answer = await client.post(f"/campaigns/{cid}/rolls", json=bad, headers=alice.auth)
        problem = expect(answer, 422)
        assert answer.headers["content-type"].startswith("application/problem+json")
        assert problem["detail"], bad
    log = expect(await client.get(f"/campaigns/{cid}/rolls", headers=st.auth), 200)
    assert log["items"] == []


async def test_a_matrix_player_rolls_only_for_their_own_characters(client: AsyncClient) -> None:
    st = await register(client, "teller")
    alice, bob = await register(client, "alice"), await register(client, "bob")
    cid = (await campaign(client, st, "matrix"))["id"]
    await join(client, st, cid, alice)
    await join(client, st, cid, bob)
    ada = (await character(client, alice, cid, SHEET_MATRIX))["id"]
    npc = (await character(client, st, cid, SHEET_MATRIX, npc=True))["id"]
    other_cid = (await campaign(client, bob, "matrix"))["id"]
    foreign = (await character(client, bob, other_cid, SHEET_MATRIX))["id"]

    async def test(who: Person, char: str, status: int) -> None:
        await roll(client, who, cid, status, kind="test", character_id=char, trait="faith")

    await test(bob, ada, 403)
    await test(bob, npc, 403)
    await test(bob, foreign, 404)
    await test(alice, "01NOSUCHCHARACTER00000000", 404)
    await test(alice, ada, 201)
    await test(st, ada, 201)
