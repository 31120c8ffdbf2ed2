"""The storyteller's reroll for a clever idea, over HTTP (seed: "La Conteuse peut aussi en
donner une pour une solution ingénieuse"; docs/rules.md, decisions 27 and 28: a grant comes
before the roll, which then cites it, or after it, and reopens a roll already final).

Before the roll: ``POST /characters/{id}/grants``; the player cites ``{"source":
"storyteller"}``, which uses one open grant up. After it: ``POST /rolls/{id}/grant``, which
reopens even a final roll while it is its character's latest."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from httpx import AsyncClient

from tests.conftest import Scripted
from tests.service.table import (
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

STORYTELLER = {"source": "storyteller"}


@dataclass
class Table:
    http: AsyncClient
    st: Person
    player: Person
    other: Person
    spectator: Person
    cid: str
    pelote: str  # the player's kitten: strong 3, clever 5
    moustache: str  # the other player's
    rex: str  # the storyteller's dog, an NPC

    async def post(self, who: Person, path: str, body: Any = None, status: int = 201) -> Any:
        answer = await self.http.post(path, json=body, headers=who.auth)
        got = expect(answer, status)
        if status >= 400:
            assert answer.headers["content-type"].startswith("application/problem+json")
        return got

    async def get(self, who: Person, path: str, status: int = 200) -> Any:
        return expect(await self.http.get(path, headers=who.auth), status)

    async def grant(self, character_id: str, name: str | None = None, status: int = 201) -> Any:
        body = {} if name is None else {"name": name}
        return await self.post(self.st, f"/characters/{character_id}/grants", body, status)

    async def open_grants(self, character_id: str, who: Person | None = None) -> list[Any]:
        page = await self.get(who or self.st, f"/characters/{character_id}/grants")
        items: list[Any] = page["items"]
        return items

    async def test(self, who: Person, character_id: str, status: int = 201, **body: Any) -> Any:
        body.setdefault("trait", "strong")
        body.setdefault("difficulty", 2)
        return await roll(
            self.http, who, self.cid, status, kind="test", character_id=character_id, **body
        )

    async def events(self, type: str) -> list[dict[str, Any]]:
        page = await self.get(self.st, f"/campaigns/{self.cid}/events?limit=500")
        return [e for e in page["items"] if e["type"] == type]

    async def rolls(self) -> int:
        page = await self.get(self.st, f"/campaigns/{self.cid}/rolls?limit=200")
        return len(page["items"])


async def _table(http: AsyncClient, ruleset: str = "3d6") -> Table:
    st, player = await register(http, "teller"), await register(http, "player")
    other, spectator = await register(http, "other"), await register(http, "watcher")
    cid = (await campaign(http, st, ruleset))["id"]
    for person in (player, other):
        await join(http, st, cid, person)
    await join(http, st, cid, spectator, "spectator")
    sheet = SHEET_3D6 if ruleset == "3d6" else SHEET_D20
    pelote = (await character(http, player, cid, sheet, name="Pelote"))["id"]
    moustache = (await character(http, other, cid, sheet, name="Moustache"))["id"]
    rex = (await character(http, st, cid, sheet, name="Rex", npc=True))["id"]
    return Table(http, st, player, other, spectator, cid, pelote, moustache, rex)


# --- before the roll --------------------------------------------------------------------


async def test_a_grant_before_the_roll_is_cited_by_the_player_and_used_up(
    scripted: Scripted,
) -> None:
    t = await _table(scripted.http)
    granted = await t.grant(t.pelote, "the rope trick")
    grant = granted["granted"]
    assert (grant["status"], grant["name"], grant["roll_id"]) == ("open", "the rope trick", None)
    assert granted["items"] == [grant] and granted["character_id"] == t.pelote
    for who in (t.st, t.player, t.other, t.spectator):
        assert await t.open_grants(t.pelote, who) == [grant]
    assert [e["data"] for e in await t.events("grant.created")] == [grant]

    scripted.faces(2, 5, 6)
    cited = await t.test(t.player, t.pelote, rerolls=[STORYTELLER])
    assert (cited["status"], cited["result"]["rerolls_left"]) == ("pending", 1)
    assert await t.open_grants(t.pelote) == []
    (used,) = [e["data"] for e in await t.events("grant.used")]
    assert (used["id"], used["status"], used["roll_id"]) == (grant["id"], "used", cited["id"])

    scripted.faces(3)
    spent = await t.post(t.player, f"/rolls/{cited['id']}/reroll", {"die": 1}, 200)
    assert spent["result"]["rerolls"] == [
        {"die": 1, "source": "storyteller", "name": "the rope trick", "grant_id": grant["id"],
         "old": 5, "new": 3},
    ]  # fmt: skip
    assert (spent["result"]["outcome"], spent["status"]) == ("success", "final")


async def test_citing_a_storyteller_reroll_with_none_open_is_refused_and_rolls_nothing(
    scripted: Scripted,
) -> None:
    t = await _table(scripted.http)
    scripted.faces(2, 5, 6)
    refused = await t.test(t.player, t.pelote, 409, rerolls=[STORYTELLER])
    assert "holds no open storyteller grant" in refused["detail"]
    assert f"POST /characters/{t.pelote}/grants" in refused["detail"]
    await t.grant(t.pelote)
    refused = await t.test(t.player, t.pelote, 409, rerolls=[STORYTELLER, STORYTELLER])
    assert refused["detail"].startswith("rerolls[1]: ")
    assert await t.rolls() == 0 and len(await t.open_grants(t.pelote)) == 1
    assert scripted.faces_left == 3


async def test_a_player_cites_a_grant_by_its_name_or_its_id(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    rope = (await t.grant(t.pelote, "rope"))["granted"]
    yarn = (await t.grant(t.pelote, "yarn"))["granted"]
    theirs = (await t.grant(t.moustache, "yarn"))["granted"]
    scripted.faces(4, 5, 6, 4, 5, 6)
    by_name = await t.test(t.player, t.pelote, rerolls=[{"source": "storyteller", "name": "yarn"}])
    assert [g["id"] for g in await t.open_grants(t.pelote)] == [rope["id"]]
    for cite in (
        {"source": "storyteller", "grant_id": theirs["id"]},  # another kitten's grant
        {"source": "storyteller", "grant_id": yarn["id"]},  # used already
        {"source": "storyteller", "name": "rope", "grant_id": "01nosuchgrant0000000000000"},
        {"source": "storyteller", "name": "yarn"},  # none left of that name
    ):
        await t.test(t.player, t.pelote, 409, rerolls=[cite])
    by_id = await t.test(
        t.player, t.pelote, rerolls=[{"source": "storyteller", "grant_id": rope["id"]}]
    )
    assert await t.open_grants(t.pelote) == []
    used = {e["data"]["id"]: e["data"]["roll_id"] for e in await t.events("grant.used")}
    assert used == {yarn["id"]: by_name["id"], rope["id"]: by_id["id"]}
    assert [g["id"] for g in await t.open_grants(t.moustache)] == [theirs["id"]]


async def test_a_storyteller_still_cites_a_reroll_directly_without_using_a_grant(
    scripted: Scripted,
) -> None:
    t = await _table(scripted.http)
    held = (await t.grant(t.rex))["granted"]
    scripted.faces(6, 6, 6)
    direct = await t.test(t.st, t.rex, rerolls=[{"source": "storyteller", "name": "instinct"}])
    assert direct["status"] == "pending" and await t.open_grants(t.rex) == [held]
    scripted.faces(6, 6, 6)
    named = await t.test(t.st, t.rex, rerolls=[{"source": "storyteller", "grant_id": held["id"]}])
    assert named["status"] == "pending" and await t.open_grants(t.rex) == []


async def test_a_grant_cited_is_used_up_even_when_no_die_needs_it(scripted: Scripted) -> None:
    """What happens to a grant never depends on the dice (a blind roll's included)."""
    t = await _table(scripted.http)
    await t.grant(t.pelote)
    scripted.faces(1, 2, 3)
    rolled = await t.test(t.player, t.pelote, rerolls=[STORYTELLER])
    assert (rolled["status"], rolled["result"]["rerolls_left"]) == ("final", 1)
    assert await t.open_grants(t.pelote) == []


async def test_only_a_storyteller_grants_and_only_in_a_3d6_campaign(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    path = f"/characters/{t.pelote}/grants"
    for who in (t.player, t.other, t.spectator):
        await t.post(who, path, {"name": "mine"}, 403)
    stranger = await register(scripted.http, "stranger")
    await t.post(stranger, path, {}, 404)
    await t.get(stranger, path, 404)
    await t.post(t.st, "/characters/01nosuchcharacter000000000/grants", {}, 404)
    for bad in ({"name": ""}, {"name": "x" * 81}, {"name": 3}, {"reason": "x"}, {"name": "a\x00"}):
        await t.post(t.st, path, bad, 422)
    assert await t.open_grants(t.pelote) == []
    d20 = await _table(scripted.http, "d20")
    refused = await d20.post(d20.st, f"/characters/{d20.pelote}/grants", {}, 422)
    assert refused["detail"] == "grants are a 3d6 rule; this campaign plays d20"


async def test_a_grant_retried_with_its_key_is_made_once(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    path, headers = f"/characters/{t.pelote}/grants", {**t.st.auth, "Idempotency-Key": "g-1"}
    first = await scripted.http.post(path, json={"name": "idea"}, headers=headers)
    again = await scripted.http.post(path, json={"name": "idea"}, headers=headers)
    assert (first.status_code, again.status_code) == (201, 201)
    assert first.content == again.content
    assert len(await t.open_grants(t.pelote)) == 1


async def test_a_character_holds_at_most_twenty_open_grants(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    for _ in range(20):
        await t.grant(t.pelote)
    refused = await t.grant(t.pelote, status=409)
    assert refused["detail"] == "Pelote holds 20 open grants, the most one may"
    assert len(await t.open_grants(t.pelote)) == 20


# --- after the roll, "even on a roll already final" ---------------------------------------


async def test_a_grant_on_a_final_botch_reopens_it_for_one_more_reroll(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    scripted.faces(4, 5, 6)
    botch = await t.test(t.player, t.pelote)
    assert (botch["result"]["outcome"], botch["status"]) == ("botch", "final")
    opened = await t.post(t.st, f"/rolls/{botch['id']}/grant", {"name": "clever idea"}, 200)
    assert (opened["status"], opened["result"]["rerolls_left"]) == ("pending", 1)
    assert opened["hash"] != botch["hash"] and opened["seq"] == botch["seq"]
    assert opened["odds"]["successes"]["0"] == 1 / 16, "its odds count the granted reroll"
    (updated,) = await t.events("roll.updated")
    assert updated["data"] == opened
    await t.post(t.st, f"/rolls/{botch['id']}/reroll", {"die": 0}, 403)
    scripted.faces(2)
    after = await t.post(t.player, f"/rolls/{botch['id']}/reroll", {"die": 0}, 200)
    assert (after["result"]["outcome"], after["status"]) == ("partial", "pending")
    done = await t.post(t.player, f"/rolls/{botch['id']}/choice", {"choice": "fail"}, 200)
    assert done["status"] == "final"


async def test_a_reopened_partial_forgets_its_choice_and_a_new_partial_needs_a_new_one(
    scripted: Scripted,
) -> None:
    t = await _table(scripted.http)
    scripted.faces(2, 5, 6)
    partial = await t.test(t.player, t.pelote)
    await t.post(t.player, f"/rolls/{partial['id']}/choice", {"choice": "fail"}, 200)
    opened = await t.post(t.st, f"/rolls/{partial['id']}/grant", {}, 200)
    assert (opened["result"]["choice"], opened["status"]) == (None, "pending")
    scripted.faces(6)
    still = await t.post(t.player, f"/rolls/{partial['id']}/reroll", {"die": 1}, 200)
    assert (still["result"]["outcome"], still["status"]) == ("partial", "pending")
    chosen = await t.post(
        t.player, f"/rolls/{partial['id']}/choice", {"choice": "complication"}, 200
    )
    assert (chosen["result"]["choice"], chosen["status"]) == ("complication", "final")


async def test_a_grant_reopens_only_the_latest_roll_of_its_character(scripted: Scripted) -> None:
    t = await _table(scripted.http)
    scripted.faces(*[4, 5, 6] * 4)
    first = await t.test(t.player, t.pelote)
    second = await t.test(t.player, t.pelote)
    refused = await t.post(t.st, f"/rolls/{first['id']}/grant", {}, 409)
    assert "only the latest roll of its character" in refused["detail"]
    # A roll of another character, or one the storyteller may not read, does not count.
    await t.test(t.other, t.moustache)
    await t.test(t.player, t.pelote, visibility="private")
    await t.post(t.st, f"/rolls/{second['id']}/grant", {}, 200)
    assert await t.get(t.player, f"/rolls/{first['id']}") == first


async def test_a_grant_does_not_reopen_a_blind_roll_or_every_die_a_success(
    scripted: Scripted,
) -> None:
    t = await _table(scripted.http)
    scripted.faces(4, 5, 6)
    blind = await t.test(t.player, t.pelote, visibility="blind")
    refused = await t.post(t.st, f"/rolls/{blind['id']}/grant", {}, 409)
    assert "blind roll took its player's choices" in refused["detail"]
    await t.post(t.player, f"/rolls/{blind['id']}/grant", {}, 404)
    scripted.faces(1, 2, 3)
    sure = await t.test(t.player, t.pelote, rerolls=[ITEM])
    refused = await t.post(t.st, f"/rolls/{sure['id']}/grant", {}, 409)
    assert refused["detail"] == "every die is a success: a reroll would have no die to take"
    assert await t.get(t.player, f"/rolls/{sure['id']}") == sure
