"""Who sees a roll, in every read path: GET /rolls/{id}, the log, the character filter.

| visibility  | storytellers | its roller | other players, spectators |
|-------------|--------------|------------|---------------------------|
| public      | yes          | yes        | yes                       |
| storyteller | yes          | yes        | no                        |
| blind       | yes          | redacted   | no                        |
| private     | no           | yes        | no                        |
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from httpx import AsyncClient

from tests.service.table import (
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
    co_storyteller: Person
    player: Person
    other: Person
    spectator: Person
    cid: str
    kitten: str

    @property
    def everyone(self) -> list[Person]:
        return [self.storyteller, self.co_storyteller, self.player, self.other, self.spectator]


async def _table(client: AsyncClient) -> Table:
    st = await register(client, "teller")
    co = await register(client, "coteller")
    player, other = await register(client, "player"), await register(client, "other")
    spectator = await register(client, "watcher")
    cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, cid, co, "storyteller")
    await join(client, st, cid, player)
    await join(client, st, cid, other)
    await join(client, st, cid, spectator, "spectator")
    kitten = (await character(client, player, cid, SHEET_3D6))["id"]
    return Table(st, co, player, other, spectator, cid, kitten)


async def _sees(client: AsyncClient, t: Table, who: Person, answer: dict[str, Any]) -> bool:
    """Whether ``who`` sees the roll, asserting every read path agrees."""
    single = await client.get(f"/rolls/{answer['id']}", headers=who.auth)
    assert single.status_code in (200, 404), single.text
    log = expect(await client.get(f"/campaigns/{t.cid}/rolls", headers=who.auth), 200)
    in_log = [r for r in log["items"] if r["id"] == answer["id"]]
    filtered: list[dict[str, Any]] = []
    if answer["character_id"]:
        page = expect(
            await client.get(
                f"/campaigns/{t.cid}/rolls",
                params={"character_id": answer["character_id"]},
                headers=who.auth,
            ),
            200,
        )
        filtered = [r for r in page["items"] if r["id"] == answer["id"]]
    seen = single.status_code == 200
    assert bool(in_log) == seen, "the log and GET /rolls/{id} disagree"
    if answer["character_id"]:
        assert bool(filtered) == seen, "the character filter and GET /rolls/{id} disagree"
    if seen:
        whole = single.json()
        assert whole["redacted"] is False
        assert whole["dice"] and whole["result"] and whole["odds"]
        assert in_log[0] == whole
        if filtered:
            assert filtered[0] == whole
    else:
        assert single.headers["content-type"].startswith("application/problem+json")
    return seen


async def _test(client: AsyncClient, t: Table, who: Person, visibility: str) -> dict[str, Any]:
    if who is t.player:
        body = {"kind": "test", "character_id": t.kitten, "trait": "clever", "difficulty": 1}
    else:
        body = {"kind": "formula", "formula": "3d6", "character_id": t.kitten}
    return await roll(client, who, t.cid, visibility=visibility, **body)


async def test_a_public_roll_is_seen_by_everyone(client: AsyncClient) -> None:
    t = await _table(client)
    answer = await _test(client, t, t.player, "public")
    assert answer["redacted"] is False and answer["dice"]
    for who in t.everyone:
        assert await _sees(client, t, who, answer)


async def test_a_blind_roll_is_hidden_from_its_roller_and_from_other_players(
    client: AsyncClient,
) -> None:
    t = await _table(client)
    answer = await _test(client, t, t.player, "blind")
    assert answer["redacted"] is True
    assert answer["dice"] == [] and answer["result"] == {} and answer["odds"] == {}
    assert answer["proof"] == [], "the draw would let the roller recompute the dice"
    assert answer["visibility"] == "blind" and answer["user_id"] == t.player.id
    for who in (t.player, t.other, t.spectator):
        assert not await _sees(client, t, who, answer)
    for who in (t.storyteller, t.co_storyteller):
        assert await _sees(client, t, who, answer)
    whole = expect(await client.get(f"/rolls/{answer['id']}", headers=t.storyteller.auth), 200)
    assert len(whole["dice"]) == 3
    assert whole["result"]["successes"] == sum(d["value"] <= 5 for d in whole["dice"])
    # A redacted roll answers one status and its creation time, whatever happens to it.
    assert answer["status"] == "hidden" and answer["updated_at"] == answer["created_at"]
    withheld = ("dice", "result", "odds", "proof", "effects", "redacted", "status", "updated_at")
    hidden = {k: v for k, v in answer.items() if k not in withheld}
    assert hidden == {k: whole[k] for k in hidden}


async def test_a_blind_roll_hides_nothing_from_a_storyteller_who_rolls_it(
    client: AsyncClient,
) -> None:
    t = await _table(client)
    answer = await _test(client, t, t.storyteller, "blind")
    assert answer["redacted"] is False and answer["dice"]
    for who in (t.storyteller, t.co_storyteller):
        assert await _sees(client, t, who, answer)
    for who in (t.player, t.other, t.spectator):
        assert not await _sees(client, t, who, answer)


async def test_a_blind_roll_takes_no_rerolls_and_no_step_from_its_roller(
    client: AsyncClient,
) -> None:
    t = await _table(client)
    cites = [{"source": "item", "name": "ball of yarn"}]
    await roll(
        client,
        t.player,
        t.cid,
        422,
        kind="test",
        character_id=t.kitten,
        trait="strong",
        visibility="blind",
        rerolls=cites,
    )
    answer = await _test(client, t, t.player, "blind")
    for action, body in (("finalize", None), ("choice", {"choice": "fail"})):
        got = await client.post(f"/rolls/{answer['id']}/{action}", json=body, headers=t.player.auth)
        expect(got, 404)


async def test_a_private_roll_is_seen_only_by_its_roller(client: AsyncClient) -> None:
    t = await _table(client)
    answer = await _test(client, t, t.player, "private")
    assert answer["redacted"] is False and answer["dice"]
    assert await _sees(client, t, t.player, answer)
    for who in (t.storyteller, t.co_storyteller, t.other, t.spectator):
        assert not await _sees(client, t, who, answer)

    own = await _test(client, t, t.storyteller, "private")
    assert await _sees(client, t, t.storyteller, own)
    for who in (t.co_storyteller, t.player, t.other, t.spectator):
        assert not await _sees(client, t, who, own)


async def test_a_storyteller_roll_is_seen_by_its_roller_and_the_storytellers(
    client: AsyncClient,
) -> None:
    t = await _table(client)
    answer = await _test(client, t, t.player, "storyteller")
    assert answer["redacted"] is False and answer["dice"]
    for who in (t.player, t.storyteller, t.co_storyteller):
        assert await _sees(client, t, who, answer)
    for who in (t.other, t.spectator):
        assert not await _sees(client, t, who, answer)


async def test_the_log_mixes_visibilities_per_viewer(client: AsyncClient) -> None:
    t = await _table(client)
    made = {v: await _test(client, t, t.player, v) for v in ("public", "storyteller", "blind")}
    made["private"] = await _test(client, t, t.player, "private")
    made["st-private"] = await _test(client, t, t.storyteller, "private")
    expected = {
        t.storyteller.id: {"public", "storyteller", "blind", "st-private"},
        t.co_storyteller.id: {"public", "storyteller", "blind"},
        t.player.id: {"public", "storyteller", "private"},
        t.other.id: {"public"},
        t.spectator.id: {"public"},
    }
    for who in t.everyone:
        log = expect(await client.get(f"/campaigns/{t.cid}/rolls", headers=who.auth), 200)
        names = {k for k, v in made.items() if v["id"] in {r["id"] for r in log["items"]}}
        assert names == expected[who.id], who.username
        assert all(r["redacted"] is False for r in log["items"])


async def test_an_outsider_sees_no_roll(client: AsyncClient) -> None:
    t = await _table(client)
    outsider = await register(client, "outsider")
    answer = await _test(client, t, t.player, "public")
    expect(await client.get(f"/rolls/{answer['id']}", headers=outsider.auth), 404)
    expect(await client.get(f"/campaigns/{t.cid}/rolls", headers=outsider.auth), 404)
    expect(await client.get(f"/rolls/{answer['id']}"), 401)


async def test_an_unknown_visibility_is_refused(client: AsyncClient) -> None:
    t = await _table(client)
    for visibility in ("secret", "", None, 1, "PUBLIC"):
        await roll(
            client, t.player, t.cid, 422, kind="formula", formula="1d6", visibility=visibility
        )
    log = expect(await client.get(f"/campaigns/{t.cid}/rolls", headers=t.storyteller.auth), 200)
    assert log["items"] == []
