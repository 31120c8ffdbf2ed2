"""A short d20 session over HTTP: tests and saves, advantage, presets, criticals, and a failed
save that puts its condition on the character. Random answers are checked against the rules
from their own dice; the paths that need exact faces run on an app with scripted dice."""

from __future__ import annotations

from typing import Any

from httpx import AsyncClient

from app.rules import d20
from tests.conftest import Scripted
from tests.service.table import (
    SHEET_D20,
    Person,
    campaign,
    character,
    expect,
    join,
    register,
    roll,
)

PRESETS = {"easy": 9, "medium": 12, "difficult": 15, "extreme": 18}


def modifier_of(score: int) -> int:
    """The seed's table, written out: 1-3 → -4 … 18+ → +4."""
    for top, mod in ((3, -4), (5, -3), (7, -2), (9, -1), (11, 0), (13, 1), (15, 2), (17, 3)):
        if score <= top:
            return mod
    return 4


def check_d20(
    answer: dict[str, Any],
    *,
    score: int,
    difficulty: int,
    mode: str = "normal",
    condition: str | None = None,
) -> None:
    assert answer["ruleset"] == "d20" and answer["status"] == "final"
    assert answer["kind"] == ("save" if condition else "test")
    faces = [d["value"] for d in answer["dice"]]
    assert all(d["sides"] == 20 and 1 <= d["value"] <= 20 for d in answer["dice"])
    if mode == "normal":
        assert len(faces) == 1
        kept = faces[0]
    else:
        assert len(faces) == 2
        kept = max(faces) if mode == "advantage" else min(faces)
        assert [d["kept"] for d in answer["dice"]].count(True) == 1
        assert next(d["value"] for d in answer["dice"] if d["kept"]) == kept
    result = answer["result"]
    modifier = modifier_of(score)
    assert result["kept"] == kept and result["modifier"] == modifier
    assert result["total"] == kept + modifier
    assert result["difficulty"] == difficulty
    if kept == 20:
        success, critical = True, "success"
    elif kept == 1:
        success, critical = False, "failure"
    else:
        success, critical = kept + modifier >= difficulty, None
    assert result["success"] is success and result["critical"] == critical
    if condition:
        assert result["condition_applied"] is (not success)
    odds = answer["odds"]
    assert odds == d20.d20_odds(modifier, difficulty, mode).to_dict()
    assert 0 <= odds["success"] <= 1
    weights = {"normal": (1, 1, 20), "advantage": (39, 1, 400), "disadvantage": (1, 39, 400)}
    win20, lose1, total = weights[mode]
    assert abs(odds["critical_success"] - win20 / total) < 1e-12
    assert abs(odds["critical_failure"] - lose1 / total) < 1e-12


async def _sheet(http: AsyncClient, who: Person, char_id: str) -> dict[str, Any]:
    return expect(await http.get(f"/characters/{char_id}", headers=who.auth), 200)  # type: ignore[no-any-return]


async def test_a_d20_session_tests_saves_and_applies_conditions(
    client: AsyncClient, scripted: Scripted
) -> None:
    st = await register(client, "teller")
    cid = (await campaign(client, st, "d20"))["id"]
    alice, bob = await register(client, "alice"), await register(client, "bob")
    await join(client, st, cid, alice)
    await join(client, st, cid, bob)
    ayla = await character(client, alice, cid, SHEET_D20, name="Ayla")
    weak = {"abilities": {"str": 3, "dex": 5, "con": 7, "wis": 9, "cha": 11, "int": 30}}
    brom = await character(client, bob, cid, weak, name="Brom")

    async def brom_saves(**body: Any) -> Any:
        """Bob's saving throw for Brom, with the dice scripted."""
        return await roll(scripted.http, bob, cid, kind="save", character_id=brom["id"], **body)

    for hero, sheet in ((ayla, SHEET_D20), (brom, weak)):
        for ability, score in sheet["abilities"].items():
            assert hero["derived"]["modifiers"][ability] == modifier_of(score)

    # Tests of every ability with the system dice, every mode, difficulty by number and name.
    modes = [
        ({}, "normal"),
        ({"advantage": True}, "advantage"),
        ({"disadvantage": True}, "disadvantage"),
        ({"advantage": True, "disadvantage": True}, "normal"),
    ]
    difficulties: list[tuple[dict[str, Any], int]] = [
        ({}, 12),
        ({"difficulty": 7}, 7),
        ({"difficulty": -3}, -3),
        *(({"difficulty": name}, value) for name, value in PRESETS.items()),
    ]
    for who, hero, sheet in ((alice, ayla, SHEET_D20), (bob, brom, weak)):
        for i, (ability, score) in enumerate(sheet["abilities"].items()):
            flags, mode = modes[i % len(modes)]
            extra, difficulty = difficulties[i % len(difficulties)]
            answer = await roll(
                client,
                who,
                cid,
                kind="test",
                character_id=hero["id"],
                trait=ability.upper() if i % 2 else ability,
                **flags,
                **extra,
            )
            check_d20(answer, score=score, difficulty=difficulty, mode=mode)
            assert answer["result"]["ability"] == ability
    # The seed's French abbreviations name the same abilities.
    answer = await roll(client, alice, cid, kind="test", character_id=ayla["id"], trait="SAG")
    check_d20(answer, score=8, difficulty=12)
    assert answer["result"]["ability"] == "wis"

    # A save with the system dice: its condition lands on the sheet exactly on failure.
    before = await _sheet(client, alice, ayla["id"])
    answer = await roll(
        client,
        alice,
        cid,
        kind="save",
        character_id=ayla["id"],
        trait="con",
        difficulty="difficult",
        condition="poisoned",
    )
    check_d20(answer, score=10, difficulty=15, condition="poisoned")
    after = await _sheet(client, alice, ayla["id"])
    if answer["result"]["success"]:
        assert after == before
    else:
        assert after["sheet"]["conditions"] == ["poisoned"]
        assert after["version"] == before["version"] + 1

    # A failed save (scripted natural 2): the condition is added and the version bumped.
    before = await _sheet(client, bob, brom["id"])
    scripted.faces(2)
    failed = await brom_saves(trait="dex", difficulty=9, condition="Stunned")
    check_d20(failed, score=5, difficulty=9, condition="Stunned")
    assert failed["result"]["success"] is False and failed["result"]["condition_applied"] is True
    after = await _sheet(client, bob, brom["id"])
    assert after["sheet"]["conditions"] == ["Stunned"]
    assert after["version"] == before["version"] + 1
    assert after["sheet"]["abilities"] == weak["abilities"]

    # Failing again against a condition already suffered changes nothing.
    scripted.faces(3, 4)
    again = await brom_saves(trait="dex", condition="stunned", advantage=True)
    check_d20(again, score=5, difficulty=12, mode="advantage", condition="stunned")
    assert await _sheet(client, bob, brom["id"]) == after

    # A successful save (natural 20 against 100: a critical success) leaves the sheet alone.
    scripted.faces(20, 1)
    saved = await brom_saves(trait="str", difficulty=100, condition="charmed", disadvantage=True)
    assert saved["result"]["kept"] == 1, "disadvantage keeps the lower die"
    assert saved["result"]["critical"] == "failure"
    check_d20(saved, score=3, difficulty=100, mode="disadvantage", condition="charmed")
    assert (await _sheet(client, bob, brom["id"]))["sheet"]["conditions"] == [
        "Stunned",
        "charmed",
    ]
    scripted.faces(20)
    crit = await brom_saves(trait="str", difficulty=100, condition="frightened")
    check_d20(crit, score=3, difficulty=100, condition="frightened")
    assert crit["result"]["critical"] == "success" and crit["result"]["success"] is True
    assert (await _sheet(client, bob, brom["id"]))["sheet"]["conditions"] == [
        "Stunned",
        "charmed",
    ]

    # A natural 1 fails whatever the total.
    scripted.faces(1)
    fumble = await roll(
        scripted.http,
        alice,
        cid,
        kind="test",
        character_id=ayla["id"],
        trait="int",
        difficulty=-100,
    )
    check_d20(fumble, score=18, difficulty=-100)
    assert fumble["result"]["success"] is False

    # A free formula.
    answer = await roll(client, alice, cid, kind="formula", formula="2d20kl1+5")
    low = min(d["value"] for d in answer["dice"])
    assert answer["result"]["total"] == low + 5

    log = expect(await client.get(f"/campaigns/{cid}/rolls?limit=200", headers=st.auth), 200)
    seqs = [r["seq"] for r in log["items"]]
    assert seqs == sorted(seqs, reverse=True) and len(set(seqs)) == len(seqs), "newest first"
    assert len(log["items"]) == 20


async def test_fields_a_d20_roll_does_not_use_are_refused(client: AsyncClient) -> None:
    st, alice = await register(client, "teller"), await register(client, "alice")
    cid = (await campaign(client, st, "d20"))["id"]
    await join(client, st, cid, alice)
    ayla = await character(client, alice, cid, SHEET_D20)
    npc = (await character(client, st, cid, SHEET_D20, npc=True))["id"]
    base = {"kind": "test", "character_id": ayla["id"], "trait": "str"}
    save = {**base, "kind": "save", "condition": "poisoned"}
    for bad in (
        {**base, "rerolls": []},
        {**base, "rerolls": [{"source": "storyteller"}]},
        {**base, "helper_id": npc},
        {**base, "condition": "poisoned"},
        {**base, "trait": "luck"},
        {**base, "trait": "strength"},
        {**base, "difficulty": "impossible"},
        {**base, "difficulty": 101},
        {**base, "difficulty": -101},
        {**base, "difficulty": 1.5},
        {**save, "condition": ""},
        {**save, "condition": "   "},
        {**save, "condition": "c" * 61},
        {**save, "condition": "bad\nname"},
        {k: v for k, v in save.items() if k != "condition"},
        {**save, "rerolls": []},
    ):
        answer = await client.post(f"/campaigns/{cid}/rolls", json=bad, headers=alice.auth)
        problem = expect(answer, 422)
        assert answer.headers["content-type"].startswith("application/problem+json")
        assert problem["detail"], bad
    assert expect(await client.get(f"/campaigns/{cid}/rolls", headers=st.auth), 200)["items"] == []
    after = expect(await client.get(f"/characters/{ayla['id']}", headers=alice.auth), 200)
    assert after["version"] == ayla["version"] and after["sheet"] == ayla["sheet"]


async def test_a_d20_player_saves_only_for_their_own_characters(client: AsyncClient) -> None:
    st = await register(client, "teller")
    alice, bob = await register(client, "alice"), await register(client, "bob")
    cid = (await campaign(client, st, "d20"))["id"]
    await join(client, st, cid, alice)
    await join(client, st, cid, bob)
    ayla = await character(client, alice, cid, SHEET_D20)
    npc = await character(client, st, cid, SHEET_D20, npc=True)
    other_cid = (await campaign(client, bob, "d20"))["id"]
    foreign = await character(client, bob, other_cid, SHEET_D20)
    save = {"kind": "save", "trait": "wis", "difficulty": 100, "condition": "asleep"}
    await roll(client, bob, cid, 403, character_id=ayla["id"], **save)
    await roll(client, bob, cid, 403, character_id=npc["id"], **save)
    await roll(client, bob, cid, 404, character_id=foreign["id"], **save)
    for hero in (ayla, npc):
        now = expect(await client.get(f"/characters/{hero['id']}", headers=st.auth), 200)
        assert now["version"] == hero["version"]
    # The storyteller calls for a save on anyone's character.
    answer = await roll(client, st, cid, character_id=ayla["id"], **save)
    check_d20(answer, score=8, difficulty=100, condition="asleep")
