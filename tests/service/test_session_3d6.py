"""A short 3d6 session over HTTP, every answer checked against the rules from its own dice."""

from __future__ import annotations

from typing import Any

from httpx import AsyncClient

from app.rules import threed6_odds
from tests.service.table import (
    GIFT,
    ITEM,
    SHEET_3D6,
    SHEET_D20,
    Person,
    campaign,
    character,
    expect,
    join,
    register,
    roll,
)

LEVELS = {"easy": 1, "medium": 2, "difficult": 3, "legendary": 4}


def check_3d6(
    answer: dict[str, Any],
    *,
    score: int,
    dice: int,
    difficulty: int | None,
    rerolls: int = 0,
) -> None:
    """The answer follows the rules of a fresh 3d6 test, from its own dice."""
    assert answer["ruleset"] == "3d6" and answer["kind"] == "test"
    faces = [d["value"] for d in answer["dice"]]
    assert len(faces) == dice
    for die in answer["dice"]:
        assert die["sides"] == 6 and 1 <= die["value"] <= 6 and die["history"] == []
        assert die["success"] is (die["value"] <= score)
    result = answer["result"]
    successes = sum(f <= score for f in faces)
    assert result["successes"] == successes
    assert result["difficulty"] == difficulty
    if successes == 0:
        outcome = "botch"
    elif difficulty is None:
        outcome = "open"
    elif successes >= difficulty:
        outcome = "success"
    else:
        outcome = "partial"
    assert result["outcome"] == outcome
    assert result["boon"] is any(faces.count(f) >= 3 for f in faces)
    assert result["choice"] is None
    assert result["rerolls_left"] == rerolls
    can_reroll = rerolls > 0 and successes < dice
    pending = can_reroll or outcome == "partial"
    assert answer["status"] == ("pending" if pending else "final")
    odds = answer["odds"]
    assert odds == threed6_odds.odds_3d6(dice, score, difficulty, rerolls).to_dict()
    assert abs(sum(odds["outcomes"].values()) - 1) < 1e-9
    assert abs(sum(odds["successes"].values()) - 1) < 1e-9
    assert set(odds["successes"]) == {str(k) for k in range(dice + 1)}


async def _get(client: AsyncClient, who: Person, answer: dict[str, Any]) -> None:
    assert expect(await client.get(f"/rolls/{answer['id']}", headers=who.auth), 200) == answer


async def test_a_3d6_session_plays_every_kind_of_roll(client: AsyncClient) -> None:
    st = await register(client, "teller")
    camp = await campaign(client, st, "3d6")
    cid = camp["id"]
    assert camp["ruleset"] == "3d6"
    alice, bob = await register(client, "alice"), await register(client, "bob")
    await join(client, st, cid, alice)
    await join(client, st, cid, bob)
    pelote = (await character(client, alice, cid, SHEET_3D6, name="Pelote"))["id"]
    bob_sheet = {"qualities": {"strong": 1, "sly": 6}, "items": [], "gifts": ["lucky"]}
    moustache = (await character(client, bob, cid, bob_sheet, name="Moustache"))["id"]
    rat = (await character(client, st, cid, {"qualities": {"bite": 2}}, name="Rat", npc=True))["id"]

    async def test(who: Person, char: str, **body: Any) -> dict[str, Any]:
        answer = await roll(client, who, cid, kind="test", character_id=char, **body)
        assert answer["user_id"] == who.id and answer["character_id"] == char
        await _get(client, who, answer)
        return answer

    # Plain tests, difficulty by number and by name, and the open action.
    for level in (1, 2, 3, 4, None):
        extra = {} if level is None else {"difficulty": level}
        answer = await test(alice, pelote, trait="strong", **extra)
        check_3d6(answer, score=3, dice=3, difficulty=level)
    for name, level in LEVELS.items():
        answer = await test(bob, moustache, trait="sly", difficulty=name.upper())
        check_3d6(answer, score=6, dice=3, difficulty=level)
        assert answer["result"]["outcome"] == ("success" if level <= 3 else "partial")

    # Advantage, disadvantage, both, and help (an advantage; the helper rolls nothing).
    for flags, dice in (
        ({"advantage": True}, 4),
        ({"disadvantage": True}, 2),
        ({"advantage": True, "disadvantage": True}, 3),
        ({"helper_id": moustache}, 4),
        ({"helper_id": moustache, "advantage": True}, 4),
        ({"helper_id": rat, "disadvantage": True}, 3),
    ):
        answer = await test(alice, pelote, trait="clever", difficulty=2, **flags)
        check_3d6(answer, score=5, dice=dice, difficulty=2)
        if "helper_id" in flags:
            assert answer["result"]["helper_id"] == flags["helper_id"]
    await roll(
        client, alice, cid, 422, kind="test", character_id=pelote, trait="clever", helper_id=pelote
    )

    # Rerolls cited from the sheet, spent one at a time on dice without success.
    answer = await test(alice, pelote, trait="strong", difficulty="difficult", rerolls=[ITEM, GIFT])
    check_3d6(answer, score=3, dice=3, difficulty=3, rerolls=2)
    while answer["status"] == "pending" and answer["result"]["rerolls_left"]:
        index = next(i for i, d in enumerate(answer["dice"]) if not d["success"])
        before = answer["dice"][index]
        answer = expect(
            await client.post(
                f"/rolls/{answer['id']}/reroll", json={"die": index}, headers=alice.auth
            ),
            200,
        )
        after = answer["dice"][index]
        assert after["history"] == [*before["history"], before["value"]]
        assert after["success"] is (after["value"] <= 3)
        faces = [d["value"] for d in answer["dice"]]
        assert answer["result"]["successes"] == sum(f <= 3 for f in faces)
        assert answer["result"]["boon"] is any(faces.count(f) >= 3 for f in faces)
        assert answer["result"]["rerolls"][-1]["new"] == after["value"]
    if answer["result"]["outcome"] == "partial" and answer["status"] == "pending":
        answer = expect(
            await client.post(
                f"/rolls/{answer['id']}/choice",
                json={"choice": "complication"},
                headers=alice.auth,
            ),
            200,
        )
        assert answer["result"]["choice"] == "complication"
    if answer["status"] == "pending":  # botch or open with rerolls left: decline them
        answer = expect(
            await client.post(f"/rolls/{answer['id']}/finalize", headers=alice.auth), 200
        )
    assert answer["status"] == "final"
    await _get(client, alice, answer)

    answer = await test(
        bob, moustache, trait="strong", rerolls=[{"source": "gift", "name": "lucky"}]
    )
    check_3d6(answer, score=1, dice=3, difficulty=None, rerolls=1)

    # Only a storyteller grants a reroll: a player cites one granted before, and has none
    # (409); only what is on the sheet may be cited.
    for cite in ({"source": "storyteller"}, {"source": "storyteller", "name": "clever idea"}):
        await roll(
            client,
            alice,
            cid,
            409,
            kind="test",
            character_id=pelote,
            trait="strong",
            rerolls=[cite],
        )
    for cites in (
        [{"source": "item", "name": "climber"}],  # a gift, cited as an item
        [{"source": "gift", "name": "lucky"}],  # on another kitten's sheet
        [{"source": "item", "name": "laser pointer"}],
        [ITEM, ITEM],  # one reroll per item per roll
        [{"source": "item"}],
        [{"source": "wish", "name": "ball of yarn"}],
    ):
        await roll(
            client, alice, cid, 422, kind="test", character_id=pelote, trait="strong", rerolls=cites
        )
    granted = await test(
        st, rat, trait="bite", difficulty=2, rerolls=[{"source": "storyteller", "name": "idea"}]
    )
    check_3d6(granted, score=2, dice=3, difficulty=2, rerolls=1)

    # A free formula, with or without a character.
    for who, body in (
        (alice, {"formula": "2d6+3", "character_id": pelote}),
        (bob, {"formula": "4d6kh3"}),
        (st, {"formula": "1d20-2", "character_id": rat}),
    ):
        answer = await roll(client, who, cid, kind="formula", **body)
        assert answer["kind"] == "formula" and answer["status"] == "final"
        faces = [d["value"] for d in answer["dice"]]
        if "kh3" in body["formula"]:
            assert len(faces) == 4 and sum(d["kept"] for d in answer["dice"]) == 3
            assert answer["result"]["total"] == sum(sorted(faces)[1:])
        else:
            constant = int(body["formula"][-2:])
            assert answer["result"]["total"] == sum(faces) + constant
        await _get(client, who, answer)

    # The log holds the whole session, newest first (other events share the seq).
    log = expect(await client.get(f"/campaigns/{cid}/rolls?limit=200", headers=st.auth), 200)
    seqs = [r["seq"] for r in log["items"]]
    assert seqs == sorted(set(seqs), reverse=True)


async def test_fields_a_3d6_test_does_not_use_are_refused(client: AsyncClient) -> None:
    st, alice = await register(client, "teller"), await register(client, "alice")
    cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, cid, alice)
    pelote = (await character(client, alice, cid, SHEET_3D6))["id"]
    base = {"kind": "test", "character_id": pelote, "trait": "strong"}
    for bad in (
        {"kind": "save", "character_id": pelote, "trait": "strong", "condition": "wet"},
        {**base, "condition": "wet"},
        {**base, "modifier": 2},
        {**base, "trait": "nimble"},
        {**base, "trait": ""},
        {**base, "difficulty": 0},
        {**base, "difficulty": 5},
        {**base, "difficulty": "hard"},
        {**base, "difficulty": True},
        {**base, "difficulty": 2.0},
        {**base, "advantage": "yes"},
        {**base, "helper_id": "01NOSUCHCHARACTER00000000"},
        {**base, "note": "n" * 501},
        {**base, "rerolls": [ITEM] * 21},
        {"kind": "formula", "formula": "1d6**2"},
        {"kind": "formula", "formula": "101d6"},
        {"kind": "formula", "formula": "1d1001"},
        {"kind": "formula", "formula": ""},
        {"kind": "dance"},
    ):
        answer = await client.post(f"/campaigns/{cid}/rolls", json=bad, headers=alice.auth)
        assert 400 <= answer.status_code < 500, (bad, answer.text)
        assert answer.headers["content-type"].startswith("application/problem+json")
    log = expect(await client.get(f"/campaigns/{cid}/rolls", headers=st.auth), 200)
    assert log["items"] == [], "a refused roll changes nothing"


async def test_a_player_rolls_only_for_their_own_characters(client: AsyncClient) -> None:
    st = await register(client, "teller")
    alice, bob = await register(client, "alice"), await register(client, "bob")
    spectator = await register(client, "watcher")
    cid = (await campaign(client, st, "3d6"))["id"]
    for who in (alice, bob):
        await join(client, st, cid, who)
    await join(client, st, cid, spectator, "spectator")
    pelote = (await character(client, alice, cid, SHEET_3D6))["id"]
    rat = (await character(client, st, cid, SHEET_3D6, npc=True))["id"]
    other_cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, other_cid, bob)
    elsewhere = (await character(client, bob, other_cid, SHEET_3D6))["id"]
    d20_cid = (await campaign(client, st, "d20"))["id"]
    d20_char = (await character(client, st, d20_cid, SHEET_D20, npc=True))["id"]

    test = {"kind": "test", "trait": "strong"}
    await roll(client, bob, cid, 403, character_id=pelote, **test)
    await roll(client, bob, cid, 403, character_id=rat, **test)
    await roll(client, bob, cid, 403, kind="formula", formula="1d6", character_id=pelote)
    await roll(client, spectator, cid, 403, character_id=pelote, **test)
    await roll(client, spectator, cid, 403, kind="formula", formula="1d6")
    await roll(client, bob, cid, 404, character_id=elsewhere, **test)
    await roll(client, st, cid, 404, character_id=d20_char, **test)
    await roll(client, alice, cid, 404, character_id=pelote, helper_id=elsewhere, **test)
    await roll(client, alice, other_cid, 404, character_id=pelote, **test)  # not a member
    assert expect(await client.get(f"/campaigns/{cid}/rolls", headers=st.auth), 200)["items"] == []
    # The storyteller rolls for anyone's character.
    answer = await roll(client, st, cid, character_id=pelote, **test)
    check_3d6(answer, score=3, dice=3, difficulty=None)
