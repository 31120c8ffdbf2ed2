"""Pending 3d6 rolls over HTTP: reroll, choice, finalize and grant, each path forced with
scripted dice on an app of this module's own (the shared app keeps its system dice)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from httpx import AsyncClient

from tests.conftest import Scripted
from tests.service.table import (
    GIFT,
    ITEM,
    SHEET_3D6,
    Person,
    campaign,
    character,
    expect,
    join,
    register,
    roll,
)


@dataclass
class Table:
    storyteller: Person
    player: Person
    other: Person
    cid: str
    kitten: str  # the player's character: strong 3, clever 5, an item and a gift


async def _table(http: AsyncClient) -> Table:
    st = await register(http, "teller")
    player = await register(http, "player")
    other = await register(http, "other")
    cid = (await campaign(http, st, "3d6"))["id"]
    await join(http, st, cid, player)
    await join(http, st, cid, other)
    kitten = await character(http, player, cid, SHEET_3D6, name="Pelote")
    return Table(st, player, other, cid, kitten["id"])


async def _test(s: Scripted, t: Table, faces: list[int], **body: Any) -> dict[str, Any]:
    s.faces(*faces)
    body.setdefault("trait", "strong")
    return await roll(s.http, t.player, t.cid, kind="test", character_id=t.kitten, **body)


async def _step(
    s: Scripted, who: Person, roll_id: str, action: str, status: int, body: Any = None
) -> Any:
    answer = await s.http.post(f"/rolls/{roll_id}/{action}", json=body, headers=who.auth)
    got = expect(answer, status)
    if status >= 400:
        assert answer.headers["content-type"].startswith("application/problem+json")
    return got


async def _unchanged(s: Scripted, t: Table, before: dict[str, Any]) -> None:
    now = expect(await s.http.get(f"/rolls/{before['id']}", headers=t.player.auth), 200)
    assert now == before


def _faces(answer: dict[str, Any]) -> list[int]:
    return [d["value"] for d in answer["dice"]]


async def test_a_reroll_replaces_a_failed_die_and_keeps_its_history(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    first = await _test(scripted, t, [6, 2, 5], difficulty=2, rerolls=[ITEM])
    assert first["status"] == "pending"
    assert first["result"]["outcome"] == "partial"
    assert first["result"]["rerolls_left"] == 1

    scripted.faces(1)
    after = await _step(scripted, t.player, first["id"], "reroll", 200, {"die": 0})
    assert after["dice"][0] == {"sides": 6, "value": 1, "history": [6], "success": True}
    assert after["dice"][1:] == first["dice"][1:]
    assert after["result"]["successes"] == 2
    assert after["result"]["outcome"] == "success"
    assert after["result"]["rerolls_left"] == 0
    assert after["result"]["rerolls"] == [
        {"die": 0, "source": "item", "name": "ball of yarn", "old": 6, "new": 1}
    ]
    assert after["status"] == "final"
    assert after["odds"] == first["odds"], "odds are those before the dice fell"
    assert after["seq"] == first["seq"] and after["id"] == first["id"]
    await _unchanged(scripted, t, after)


async def test_the_same_die_may_be_rerolled_again(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    first = await _test(scripted, t, [6, 5, 4], difficulty=1, rerolls=[ITEM, GIFT])
    assert first["result"]["outcome"] == "botch"
    assert first["status"] == "pending"
    scripted.faces(5)
    mid = await _step(scripted, t.player, first["id"], "reroll", 200, {"die": 0})
    assert mid["dice"][0]["history"] == [6] and mid["dice"][0]["value"] == 5
    assert mid["result"]["rerolls_left"] == 1 and mid["status"] == "pending"
    scripted.faces(3)
    last = await _step(scripted, t.player, first["id"], "reroll", 200, {"die": 0})
    assert last["dice"][0] == {"sides": 6, "value": 3, "history": [6, 5], "success": True}
    assert last["result"]["outcome"] == "success"
    assert [r["source"] for r in last["result"]["rerolls"]] == ["item", "gift"]
    assert last["status"] == "final"


async def test_rerolling_a_success_is_refused(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    first = await _test(scripted, t, [2, 5, 6], difficulty=2, rerolls=[ITEM])
    scripted.faces(1)
    await _step(scripted, t.player, first["id"], "reroll", 409, {"die": 0})
    await _unchanged(scripted, t, first)


async def test_rerolling_any_die_is_a_campaign_setting(scripted: Scripted) -> None:
    http = scripted.http
    st, player = await register(http, "teller"), await register(http, "player")
    cid = (await campaign(http, st, "3d6", {"reroll_any_die": True}))["id"]
    await join(http, st, cid, player)
    kitten = (await character(http, player, cid, SHEET_3D6))["id"]
    scripted.faces(1, 2, 3)
    first = await roll(
        http, player, cid, kind="test", character_id=kitten, trait="strong", rerolls=[ITEM]
    )
    assert first["status"] == "pending", "every die is a success, yet any die may be rerolled"
    scripted.faces(6)
    after = await _step(scripted, player, first["id"], "reroll", 200, {"die": 0})
    assert after["dice"][0] == {"sides": 6, "value": 6, "history": [1], "success": False}
    assert after["result"]["successes"] == 2 and after["status"] == "final"


async def test_a_reroll_with_none_left_is_refused(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    # A partial without rerolls is pending only for its choice.
    first = await _test(scripted, t, [2, 5, 6], difficulty=2)
    assert first["status"] == "pending" and first["result"]["rerolls_left"] == 0
    scripted.faces(1)
    await _step(scripted, t.player, first["id"], "reroll", 409, {"die": 1})
    await _unchanged(scripted, t, first)
    # The one reroll spent, the next one is refused too.
    second = await _test(scripted, t, [6, 5, 4], difficulty=2, rerolls=[ITEM])
    scripted.faces(5)
    spent = await _step(scripted, t.player, second["id"], "reroll", 200, {"die": 0})
    assert spent["result"]["rerolls_left"] == 0 and spent["status"] == "final"
    scripted.faces(1)
    await _step(scripted, t.player, second["id"], "reroll", 409, {"die": 0})
    await _unchanged(scripted, t, spent)


async def test_a_reroll_names_a_die_of_the_roll(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    first = await _test(scripted, t, [6, 5, 4], difficulty=2, rerolls=[ITEM])
    scripted.faces(1)
    for bad in ({"die": 3}, {"die": -1}, {"die": 4}, {"die": "0"}, {"die": True}, {}, None):
        await _step(scripted, t.player, first["id"], "reroll", 422, bad)
    await _unchanged(scripted, t, first)


async def test_only_the_roller_takes_a_step(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    spectator, stranger = await register(scripted.http, "watcher"), await register(scripted.http)
    await join(scripted.http, t.storyteller, t.cid, spectator, "spectator")
    first = await _test(scripted, t, [6, 2, 5], difficulty=2, rerolls=[ITEM])
    for who in (t.other, t.storyteller, spectator):
        await _step(scripted, who, first["id"], "reroll", 403, {"die": 0})
        await _step(scripted, who, first["id"], "choice", 403, {"choice": "fail"})
        await _step(scripted, who, first["id"], "finalize", 403)
    for action, body in (("reroll", {"die": 0}), ("choice", {"choice": "fail"}), ("grant", {})):
        await _step(scripted, stranger, first["id"], action, 404, body)
    await _step(scripted, t.player, "01NOSUCHROLL0000000000000", "finalize", 404)
    await _unchanged(scripted, t, first)


async def test_a_partial_awaits_a_choice_of_fail_or_complication(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    for choice in ("fail", "complication"):
        first = await _test(scripted, t, [2, 5, 6], difficulty=2)
        assert first["result"]["outcome"] == "partial"
        assert first["result"]["choice"] is None and first["status"] == "pending"
        await _step(scripted, t.player, first["id"], "choice", 422, {"choice": "success"})
        done = await _step(scripted, t.player, first["id"], "choice", 200, {"choice": choice})
        assert done["result"]["choice"] == choice
        assert done["result"]["outcome"] == "partial"
        assert done["status"] == "final"
        assert _faces(done) == [2, 5, 6]
        await _step(scripted, t.player, first["id"], "choice", 409, {"choice": choice})
        await _unchanged(scripted, t, done)


async def test_a_choice_declines_the_rerolls_left(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    first = await _test(scripted, t, [2, 5, 6], difficulty=2, rerolls=[ITEM, GIFT])
    done = await _step(scripted, t.player, first["id"], "choice", 200, {"choice": "complication"})
    assert done["result"]["rerolls_left"] == 0 and done["status"] == "final"


async def test_a_choice_on_a_roll_that_is_not_partial_is_refused(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    success = await _test(scripted, t, [1, 2, 6], difficulty=2)
    assert success["result"]["outcome"] == "success" and success["status"] == "final"
    botch = await _test(scripted, t, [6, 5, 4], difficulty=2, rerolls=[ITEM])
    assert botch["result"]["outcome"] == "botch" and botch["status"] == "pending"
    opened = await _test(scripted, t, [1, 5, 4], rerolls=[ITEM])
    assert opened["result"]["outcome"] == "open" and opened["status"] == "pending"
    for answer in (success, botch, opened):
        await _step(scripted, t.player, answer["id"], "choice", 409, {"choice": "fail"})
        await _unchanged(scripted, t, answer)


async def test_finalize_declines_the_rerolls_left(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    partial = await _test(scripted, t, [6, 5, 2], difficulty=2, rerolls=[ITEM, GIFT])
    declined = await _step(scripted, t.player, partial["id"], "finalize", 200)
    assert declined["result"]["rerolls_left"] == 0
    assert declined["status"] == "pending", "a partial still awaits its choice"
    await _step(scripted, t.player, partial["id"], "finalize", 409)
    scripted.faces(1)
    await _step(scripted, t.player, partial["id"], "reroll", 409, {"die": 0})
    done = await _step(scripted, t.player, partial["id"], "choice", 200, {"choice": "fail"})
    assert done["status"] == "final" and _faces(done) == [6, 5, 2]

    botch = await _test(scripted, t, [6, 5, 4], difficulty=1, rerolls=[ITEM])
    closed = await _step(scripted, t.player, botch["id"], "finalize", 200)
    assert closed["status"] == "final" and closed["result"]["outcome"] == "botch"
    assert closed["result"]["rerolls_left"] == 0


async def test_a_storyteller_grants_a_reroll_and_a_player_may_not(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    first = await _test(scripted, t, [2, 5, 6], difficulty=2)
    await _step(scripted, t.player, first["id"], "grant", 403, {})
    await _step(scripted, t.other, first["id"], "grant", 403, {})
    await _unchanged(scripted, t, first)
    granted = await _step(
        scripted, t.storyteller, first["id"], "grant", 200, {"name": "a clever idea"}
    )
    assert granted["result"]["rerolls_left"] == 1 and granted["status"] == "pending"
    scripted.faces(3)
    after = await _step(scripted, t.player, first["id"], "reroll", 200, {"die": 1})
    assert after["result"]["rerolls"] == [
        {"die": 1, "source": "storyteller", "name": "a clever idea", "old": 5, "new": 3}
    ]
    assert after["result"]["outcome"] == "success" and after["status"] == "final"
    # The roll is final, yet still its character's latest: a grant reopens it (the die
    # showing 6 may take one more reroll).
    again = await _step(scripted, t.storyteller, first["id"], "grant", 200)
    assert (again["status"], again["result"]["rerolls_left"]) == ("pending", 1)

    # A grant re-opens the rerolls a player had declined; no body is needed.
    second = await _test(scripted, t, [6, 5, 2], difficulty=2, rerolls=[ITEM])
    await _step(scripted, t.player, second["id"], "finalize", 200)
    reopened = await _step(scripted, t.storyteller, second["id"], "grant", 200)
    assert reopened["result"]["rerolls_left"] == 1 and reopened["status"] == "pending"


async def test_an_already_final_roll_takes_no_step(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    final = await _test(scripted, t, [1, 2, 3], difficulty=2, rerolls=[ITEM])
    assert final["status"] == "final", "no die left to reroll"
    scripted.faces(1)
    await _step(scripted, t.player, final["id"], "reroll", 409, {"die": 0})
    await _step(scripted, t.player, final["id"], "choice", 409, {"choice": "fail"})
    await _step(scripted, t.player, final["id"], "finalize", 409)
    await _step(scripted, t.storyteller, final["id"], "grant", 409, {})
    await _unchanged(scripted, t, final)


async def test_only_a_3d6_test_takes_steps(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    scripted.faces(4, 4)
    formula = await roll(scripted.http, t.player, t.cid, kind="formula", formula="2d6")
    await _step(scripted, t.player, formula["id"], "reroll", 409, {"die": 0})
    await _step(scripted, t.player, formula["id"], "finalize", 409)
    await _step(scripted, t.storyteller, formula["id"], "grant", 409)


async def test_two_concurrent_rerolls_spend_the_one_reroll_once(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    for _ in range(5):
        first = await _test(scripted, t, [6, 5, 2], difficulty=2, rerolls=[ITEM])
        scripted.faces(6, 6)
        answers = await asyncio.gather(
            *(
                scripted.http.post(
                    f"/rolls/{first['id']}/reroll", json={"die": die}, headers=t.player.auth
                )
                for die in (0, 1)
            )
        )
        assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
        stored = expect(
            await scripted.http.get(f"/rolls/{first['id']}", headers=t.player.auth), 200
        )
        assert stored["result"]["rerolls_left"] == 0
        assert len(stored["result"]["rerolls"]) == 1
        assert sum(len(d["history"]) for d in stored["dice"]) == 1
        winner = next(a.json() for a in answers if a.status_code == 200)
        assert stored == winner


async def test_a_blind_partial_takes_the_choice_its_player_stated_and_no_later_step(
    scripted: Scripted,
) -> None:
    """docs/rules.md, "stated choices": a blind roll hides its dice from the player, so the player
    states the choices with the roll and the server applies them; none is left to take."""
    t = await _table(scripted.http)
    blind = await _test(
        scripted, t, [2, 5, 5], difficulty=2, visibility="blind", on_partial="complication"
    )
    assert blind["redacted"] is True and blind["status"] == "hidden"
    await _step(scripted, t.player, blind["id"], "choice", 404, {"choice": "fail"})
    await _step(scripted, t.other, blind["id"], "choice", 404, {"choice": "fail"})
    seen = expect(await scripted.http.get(f"/rolls/{blind['id']}", headers=t.storyteller.auth), 200)
    assert (seen["status"], seen["result"]["choice"]) == ("final", "complication")
    assert seen["result"]["outcome"] == "partial" and _faces(seen) == [2, 5, 5]
    await _step(scripted, t.storyteller, blind["id"], "choice", 409, {"choice": "fail"})
    await _step(scripted, t.storyteller, blind["id"], "grant", 409, {})
