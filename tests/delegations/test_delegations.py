"""Bots with consent, over HTTP: a player links a bot to some of their characters; the bot
rolls for them (and answers their roll requests) as that player, the player keeps the
steps, and the bot reads nothing the player could not. Revocation by the player, the
storyteller, the player's leaving or the character's deletion holds at once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from httpx import AsyncClient

from app.delegations import repository as delegations_repo
from app.delegations.repository import Held
from tests.conftest import Scripted
from tests.exchange import ndjson
from tests.service.table import (
    SHEET_D20,
    Person,
    campaign,
    character,
    expect,
    join,
    register,
)

# weak 0: no die succeeds, so a test citing rerolls stays pending with its rerolls left.
SHEET = {"qualities": {"strong": 3, "weak": 0}, "items": ["yarn"], "gifts": ["climber"]}
PENDING = {
    "kind": "test",
    "trait": "weak",
    "rerolls": [{"source": "item", "name": "yarn"}, {"source": "gift", "name": "climber"}],
}


@dataclass
class Table:
    http: AsyncClient
    st: Person
    player: Person
    other: Person
    bot: Person
    key: dict[str, str]  # the bot's API key: read, roll, join
    cid: str
    pc: str  # the player's character, delegated
    spare: str  # another of the player's characters, not delegated
    bob: str  # the other player's character

    async def delegate(
        self, who: Person | None = None, characters: list[str] | None = None, **body: Any
    ) -> dict[str, Any]:
        payload = {"bot_user_id": self.bot.id, "character_ids": characters or [self.pc],
                   "scopes": ["read", "roll"], **body}  # fmt: skip
        answer = await self.http.post(
            f"/campaigns/{self.cid}/delegations", json=payload, headers=(who or self.player).auth
        )
        made: dict[str, Any] = expect(answer, 201)
        return made

    async def rolls(self, headers: dict[str, str], status: int = 201, **body: Any) -> Any:
        answer = await self.http.post(f"/campaigns/{self.cid}/rolls", json=body, headers=headers)
        return _checked(answer, status)


def _checked(answer: Any, status: int) -> Any:
    found = expect(answer, status)
    if status >= 400:
        assert answer.headers["content-type"].startswith("application/problem+json")
    return found


async def key(http: AsyncClient, person: Person, scopes: list[str]) -> dict[str, str]:
    body = {"name": "dice bot", "scopes": scopes}
    made = expect(await http.post("/api-keys", json=body, headers=person.auth), 201)
    return {"Authorization": f"Bearer {made['key']}"}


async def table(http: AsyncClient, ruleset: str = "3d6", sheet: dict[str, Any] = SHEET) -> Table:
    st, player, other, bot = [await register(http, n) for n in ("teller", "ada", "bob", "bot")]
    cid = (await campaign(http, st, ruleset))["id"]
    await join(http, st, cid, player)
    await join(http, st, cid, other)
    pc = (await character(http, player, cid, sheet, name="Pelote"))["id"]
    spare = (await character(http, player, cid, sheet, name="Spare"))["id"]
    bob = (await character(http, other, cid, sheet, name="Bob"))["id"]
    bot_key = await key(http, bot, ["read", "roll", "join"])
    return Table(http, st, player, other, bot, bot_key, cid, pc, spare, bob)


async def test_a_bot_rolls_for_the_linked_character_and_the_player_rerolls(
    client: AsyncClient,
) -> None:
    t = await table(client)
    made = await t.delegate()
    assert (made["user_id"], made["bot_user_id"], made["character_ids"]) == (
        t.player.id, t.bot.id, [t.pc],
    )  # fmt: skip
    assert made["scopes"] == ["read", "roll"] and made["revoked_at"] is None

    rolled = await t.rolls(t.key, character_id=t.pc, **PENDING)
    assert (rolled["user_id"], rolled["acted_by"], rolled["status"]) == (
        t.player.id, t.bot.id, "pending",
    )  # fmt: skip
    # The steps stay with the player: the bot is told so, the player takes them.
    refused = _checked(await client.post(f"/rolls/{rolled['id']}/reroll", json={"die": 0},
                                         headers=t.key), 403)  # fmt: skip
    assert "steps" in refused["detail"]
    _checked(await client.post(f"/rolls/{rolled['id']}/finalize", headers=t.key), 403)
    rerolled = expect(
        await client.post(f"/rolls/{rolled['id']}/reroll", json={"die": 0}, headers=t.player.auth),
        200,
    )
    assert rerolled["acted_by"] == t.bot.id and rerolled["result"]["rerolls_left"] == 1
    # The roll and its events name both, for every member who reads them.
    seen = expect(await client.get(f"/rolls/{rolled['id']}", headers=t.other.auth), 200)
    assert (seen["user_id"], seen["acted_by"]) == (t.player.id, t.bot.id)
    events = expect(await client.get(f"/campaigns/{t.cid}/events", headers=t.st.auth), 200)
    roll_events = [e for e in events["items"] if e["type"].startswith("roll.")]
    assert [e["data"]["acted_by"] for e in roll_events] == [t.bot.id, t.bot.id]
    assert [e["type"] for e in events["items"]].count("delegation.created") == 1
    # A roll the player makes themself names no bot.
    own = await t.rolls(t.player.auth, kind="test", character_id=t.pc, trait="strong")
    assert own["acted_by"] is None
    # The bot reads the roll it made, as the player does.
    mine = expect(await client.get(f"/rolls/{rolled['id']}", headers=t.key), 200)
    assert mine == expect(await client.get(f"/rolls/{rolled['id']}", headers=t.player.auth), 200)


async def test_without_the_delegation_or_after_revocation_the_bot_gets_403_naming_why(
    client: AsyncClient,
) -> None:
    t = await table(client)
    test = {"kind": "test", "trait": "strong"}
    # No delegation at all: a stranger, who learns nothing of the campaign.
    stranger = await t.rolls(t.key, 404, character_id=t.pc, **test)
    assert stranger["detail"] == "no such campaign"
    made = await t.delegate()
    await t.rolls(t.key, character_id=t.pc, **test)
    why = await t.rolls(t.key, 403, character_id=t.spare, **test)
    assert why["detail"] == f"no delegation lets you act for character {t.spare}"
    why = await t.rolls(t.key, 403, kind="formula", formula="1d6")
    assert why["detail"] == "a bot acts only for the characters delegated to it"
    lacking = await key(client, t.bot, ["read"])
    why = await t.rolls(lacking, 403, character_id=t.pc, **test)
    assert why["detail"] == "this API key lacks the 'roll' scope"
    # French too.
    french = {**t.key, "Accept-Language": "fr"}
    why = await t.rolls(french, 403, character_id=t.spare, **test)
    assert why["detail"] == f"aucune délégation ne vous laisse agir pour le personnage {t.spare}"

    # Only its player or a storyteller revokes it; then the bot is refused at once.
    path = f"/delegations/{made['id']}"
    _checked(await client.delete(path, headers=t.other.auth), 403)
    _checked(await client.delete(path, headers=t.bot.auth), 404)
    expect(await client.delete(path, headers=t.player.auth), 204)
    _checked(await client.delete(path, headers=t.st.auth), 409)
    why = await t.rolls(t.key, 403, character_id=t.pc, **test)
    assert why["detail"] == f"your delegation for character {t.pc} was revoked"
    listed = expect(await client.get(f"/campaigns/{t.cid}/delegations", headers=t.key), 200)
    [gone] = listed["items"]
    assert gone["revoked_by"] == t.player.id and gone["revoked_at"] is not None

    # A storyteller revokes too; a delegation without the roll scope never rolls.
    again = await t.delegate()
    expect(await client.delete(f"/delegations/{again['id']}", headers=t.st.auth), 204)
    await t.rolls(t.key, 403, character_id=t.pc, **test)
    await t.delegate(scopes=["read"])
    why = await t.rolls(t.key, 403, character_id=t.pc, **test)
    assert why["detail"] == f"your delegation for character {t.pc} lacks the 'roll' scope"


async def test_a_delegation_ends_with_the_seat_and_the_character(client: AsyncClient) -> None:
    t = await table(client)
    test = {"kind": "test", "trait": "strong"}
    await t.delegate(characters=[t.pc, t.spare])
    await t.rolls(t.key, character_id=t.spare, **test)
    # The storyteller gives the spare character to the other player: not theirs to lend.
    current = expect(await client.get(f"/characters/{t.spare}", headers=t.st.auth), 200)
    headers = {**t.st.auth, "If-Match": str(current["version"])}
    moved = {"owner_id": t.other.id}
    expect(await client.patch(f"/characters/{t.spare}", json=moved, headers=headers), 200)
    why = await t.rolls(t.key, 403, character_id=t.spare, **test)
    assert why["detail"] == f"character {t.spare} no longer belongs to the player who delegated it"
    # A deleted character leaves the delegation.
    await t.rolls(t.key, character_id=t.pc, **test)
    expect(await client.delete(f"/characters/{t.pc}", headers=t.player.auth), 204)
    listed = expect(await client.get(f"/campaigns/{t.cid}/delegations", headers=t.st.auth), 200)
    assert listed["items"][0]["character_ids"] == [t.spare]
    await t.rolls(t.key, 403, character_id=t.pc, **test)

    # The player leaves: every delegation they made is revoked in the same write.
    fresh = (await character(client, t.player, t.cid, SHEET, name="Fresh"))["id"]
    made = await t.delegate(characters=[fresh])
    expect(await client.delete(f"/campaigns/{t.cid}/members/{t.player.id}",
                               headers=t.player.auth), 204)  # fmt: skip
    listed = expect(await client.get(f"/campaigns/{t.cid}/delegations", headers=t.st.auth), 200)
    ended = next(d for d in listed["items"] if d["id"] == made["id"])
    assert ended["revoked_by"] == t.player.id and ended["revoked_at"] is not None
    why = await t.rolls(t.key, 403, character_id=fresh, **test)
    assert why["detail"] == f"your delegation for character {fresh} was revoked"
    events = expect(await client.get(f"/campaigns/{t.cid}/events", headers=t.st.auth), 200)
    types = [e["type"] for e in events["items"]]
    assert types[-3:] == ["member.left", "delegation.revoked", "delegation.revoked"]  # both
    # Back at the table, the player finds the delegation still revoked.
    await join(client, t.st, t.cid, t.player)
    await t.rolls(t.key, 403, character_id=fresh, **test)


async def test_who_may_delegate_what(client: AsyncClient) -> None:
    t = await table(client)
    path = f"/campaigns/{t.cid}/delegations"

    async def refused(who: Person, status: int, **body: Any) -> Any:
        payload = {"bot_user_id": t.bot.id, "character_ids": [t.pc], "scopes": ["roll"], **body}
        return _checked(await client.post(path, json=payload, headers=who.auth), status)

    assert (await refused(t.other, 403))["detail"] == (
        "a player delegates only their own characters"
    )
    await refused(t.st, 403)  # not even a storyteller lends a player's character
    await refused(t.bot, 404)
    await refused(t.player, 422, bot_user_id=t.player.id)
    await refused(t.player, 422, bot_user_id="0" * 26)
    await refused(t.player, 422, character_ids=[t.pc, t.pc])
    await refused(t.player, 422, character_ids=["0" * 26])
    await refused(t.player, 422, scopes=["manage"])
    await refused(t.player, 422, scopes=[])
    await refused(t.player, 422, character_ids=[])
    manage_less = await key(client, t.player, ["read", "roll"])
    payload = {"bot_user_id": t.bot.id, "character_ids": [t.pc], "scopes": ["roll"]}
    answer = _checked(await client.post(path, json=payload, headers=manage_less), 403)
    assert answer["detail"] == "this API key lacks the 'manage' scope"
    spectator = await register(client, "watcher")
    await join(client, t.st, t.cid, spectator, "spectator")
    await refused(spectator, 403)
    _checked(await client.delete(f"/delegations/{'0' * 26}", headers=t.st.auth), 404)
    _checked(await client.delete("/delegations/x%00y", headers=t.st.auth), 422)


async def test_the_list_is_the_tables_and_a_bot_reads_its_own(client: AsyncClient) -> None:
    t = await table(client)
    ours = [await t.delegate(), await t.delegate(characters=[t.spare], scopes=["roll"])]
    other_bot = await register(client, "otherbot")
    theirs = await t.delegate(t.other, characters=[t.bob], bot_user_id=other_bot.id)
    path = f"/campaigns/{t.cid}/delegations"
    first = expect(await client.get(path, params={"limit": 2}, headers=t.other.auth), 200)
    rest = expect(await client.get(path, params={"cursor": first["next_cursor"]},
                                   headers=t.other.auth), 200)  # fmt: skip
    assert [d["id"] for d in first["items"] + rest["items"]] == [
        theirs["id"], ours[1]["id"], ours[0]["id"],
    ]  # fmt: skip
    assert rest["next_cursor"] is None
    mine = expect(await client.get(path, headers=t.key), 200)
    assert [d["id"] for d in mine["items"]] == [ours[1]["id"], ours[0]["id"]]
    stranger = await register(client, "nobody")
    assert _checked(await client.get(path, headers=stranger.auth), 404)["detail"] == (
        "no such campaign"
    )


async def test_the_bot_reads_no_roll_its_player_could_not(client: AsyncClient) -> None:
    t = await table(client)
    await t.delegate()
    test = {"kind": "test", "trait": "strong"}

    async def read(roll_id: str, who: dict[str, str]) -> int:
        return (await client.get(f"/rolls/{roll_id}", headers=who)).status_code

    cases = {
        "the storyteller's blind roll for the character": (t.st, "blind", t.pc),
        "the storyteller's secret roll for the character": (t.st, "storyteller", t.pc),
        "the player's private roll": (t.player, "private", t.pc),
        "the player's storyteller roll": (t.player, "storyteller", t.pc),
        "the player's blind roll": (t.player, "blind", t.pc),
        "the player's public roll of a character not delegated": (t.player, "public", t.spare),
        "another player's private roll": (t.other, "private", t.bob),
        "another player's public roll": (t.other, "public", t.bob),
    }
    for name, (who, visibility, char) in cases.items():
        made = await t.rolls(who.auth, character_id=char, visibility=visibility, **test)
        player_reads = await read(made["id"], t.player.auth)
        bot_reads = await read(made["id"], t.key)
        # Never more than the player: and only the delegated character's rolls.
        expected = player_reads if char == t.pc else 404
        assert bot_reads == expected, (name, player_reads, bot_reads)
    # The bot's own blind roll comes back as its player gets it: redacted; then unreadable.
    blind = await t.rolls(t.key, character_id=t.pc, visibility="blind", **test)
    assert blind["redacted"] is True and blind["dice"] == [] and blind["status"] == "hidden"
    assert await read(blind["id"], t.key) == 404
    # A delegation without the read scope reads nothing at all.
    public = await t.rolls(t.player.auth, character_id=t.pc, **test)
    assert await read(public["id"], t.key) == 200
    other_bot = await register(client, "rollonly")
    roll_only = await key(client, other_bot, ["read", "roll"])
    await t.delegate(bot_user_id=other_bot.id, scopes=["roll"])
    assert await read(public["id"], roll_only) == 404
    # Nothing else of the table: no chat, whisper, event, character, member or socket.
    whisper = {"text": "psst", "to": [t.player.id]}
    said = expect(await client.post(f"/campaigns/{t.cid}/messages", json=whisper,
                                    headers=t.st.auth), 201)  # fmt: skip
    for path in (
        f"/campaigns/{t.cid}/messages",
        f"/campaigns/{t.cid}/messages/{said['id']}",
        f"/campaigns/{t.cid}/events",
        f"/campaigns/{t.cid}/rolls",
        f"/campaigns/{t.cid}/members",
        f"/campaigns/{t.cid}/overview",
        f"/characters/{t.pc}",
        f"/campaigns/{t.cid}/audit",
    ):
        assert (await client.get(path, headers=t.key)).status_code == 404, path
    ticket = await client.post(f"/campaigns/{t.cid}/ws-ticket", headers=t.key)
    assert ticket.status_code == 404


async def test_a_held_effect_shows_to_the_bot_only_where_its_player_reads_it(
    scripted: Scripted,
) -> None:
    http = scripted.http
    t = await table(http, "d20", SHEET_D20)
    await t.delegate()
    save = {"kind": "save", "character_id": t.pc, "trait": "con", "difficulty": 12,
            "condition": "poisoned"}  # fmt: skip
    # The bot's own hidden failed save: the player reads it, effect included; so does the bot.
    scripted.faces(1)
    mine = await t.rolls(t.key, visibility="storyteller", **save)
    assert [(e["character_id"], e["condition"]) for e in mine["effects"]] == [(t.pc, "poisoned")]
    assert expect(await http.get(f"/rolls/{mine['id']}", headers=t.key), 200)["effects"]
    # The storyteller's blind failed save: held from the player, so from the bot.
    scripted.faces(1)
    blind = await t.rolls(t.st.auth, visibility="blind", **save)
    assert blind["effects"]
    _checked(await http.get(f"/rolls/{blind['id']}", headers=t.player.auth), 404)
    _checked(await http.get(f"/rolls/{blind['id']}", headers=t.key), 404)
    # The bot reads no character: not even the one it rolls for, held effects or not.
    _checked(await http.get(f"/characters/{t.pc}", headers=t.key), 404)


async def test_the_bot_answers_and_reads_its_characters_roll_requests(
    client: AsyncClient,
) -> None:
    t = await table(client)
    await t.delegate()
    path = f"/campaigns/{t.cid}/roll-requests"

    async def ask(characters: list[str], visibility: str) -> dict[str, Any]:
        body = {"character_ids": characters, "kind": "test", "trait": "strong",
                "visibility": visibility}  # fmt: skip
        asked: dict[str, Any] = expect(await client.post(path, json=body, headers=t.st.auth), 201)
        return asked

    mine = await ask([t.pc, t.bob], "blind")
    bobs = await ask([t.bob], "storyteller")
    public = await ask([t.bob], "public")
    listed = expect(await client.get(path, headers=t.key), 200)
    assert [r["id"] for r in listed["items"]] == [mine["id"]]  # its character's only
    assert expect(await client.get(f"/roll-requests/{mine['id']}", headers=t.key), 200) == (
        expect(await client.get(f"/roll-requests/{mine['id']}", headers=t.player.auth), 200)
    )
    for hidden in (bobs, public):  # not addressed to its character: none of its business
        _checked(await client.get(f"/roll-requests/{hidden['id']}", headers=t.key), 404)
    answer = {"request_id": mine["id"], "character_id": t.pc}
    rolled = await t.rolls(t.key, **answer)
    assert (rolled["user_id"], rolled["acted_by"], rolled["redacted"]) == (
        t.player.id, t.bot.id, True,
    )  # fmt: skip
    state = expect(await client.get(f"/roll-requests/{mine['id']}", headers=t.key), 200)
    assert state["targets"][0]["roll_id"] == rolled["id"]
    await t.rolls(t.key, 403, request_id=mine["id"], character_id=t.bob)
    # Without its delegation, the bot is a stranger to the requests again.
    listed = expect(await client.get(f"/campaigns/{t.cid}/delegations", headers=t.key), 200)
    for delegation in listed["items"]:
        expect(await client.delete(f"/delegations/{delegation['id']}", headers=t.st.auth), 204)
    _checked(await client.get(path, headers=t.key), 404)
    _checked(await client.get(f"/roll-requests/{mine['id']}", headers=t.key), 404)


async def test_a_seated_bot_joins_with_the_join_scope_and_still_acts_as_its_player(
    client: AsyncClient,
) -> None:
    t = await table(client)
    invite = expect(await client.post(f"/campaigns/{t.cid}/invites", json={"role": "spectator"},
                                      headers=t.st.auth), 201)  # fmt: skip
    no_join = await key(client, t.bot, ["read", "roll"])
    refused = _checked(await client.post(f"/invites/{invite['code']}/accept", headers=no_join), 403)
    assert refused["detail"] == "this API key lacks the 'join' scope"
    expect(await client.post(f"/invites/{invite['code']}/accept", headers=t.key), 200)
    test = {"kind": "test", "trait": "strong"}
    why = await t.rolls(t.key, 403, character_id=t.pc, **test)  # a spectator, undelegated
    assert why["detail"] == "a spectator may not do this; it needs: storyteller, player"
    await t.delegate()
    rolled = await t.rolls(t.key, character_id=t.pc, **test)
    assert (rolled["user_id"], rolled["acted_by"]) == (t.player.id, t.bot.id)
    # Promoted to player, with no character of its own: still its player's seat for the PC.
    expect(await client.patch(f"/campaigns/{t.cid}/members/{t.bot.id}", json={"role": "player"},
                              headers=t.st.auth), 200)  # fmt: skip
    rolled = await t.rolls(t.key, character_id=t.pc, **test)
    assert (rolled["user_id"], rolled["acted_by"]) == (t.player.id, t.bot.id)
    own = await t.rolls(t.key, kind="formula", formula="1d6")  # as itself, a player
    assert (own["user_id"], own["acted_by"]) == (t.bot.id, None)


async def test_an_idempotency_key_is_the_bots_own(client: AsyncClient) -> None:
    t = await table(client)
    await t.delegate()
    body = {"kind": "test", "trait": "strong", "character_id": t.pc}
    keyed = {**t.key, "Idempotency-Key": "same"}
    first = await t.rolls(keyed, **body)
    assert await t.rolls(keyed, **body) == first
    # The player's own key of the same name is another request.
    theirs = await t.rolls({**t.player.auth, "Idempotency-Key": "same"}, **body)
    assert theirs["id"] != first["id"] and theirs["acted_by"] is None


async def test_acted_by_travels_in_the_export_and_back(client: AsyncClient) -> None:
    t = await table(client)
    await t.delegate()
    rolled = await t.rolls(t.key, kind="test", trait="strong", character_id=t.pc)
    export = await client.get(f"/campaigns/{t.cid}/export", headers=t.st.auth)
    found = ndjson.records(expect_bytes(export))
    assert (found[0]["format"], found[0]["version"]) == ("fairtable-campaign", 7)
    [line] = [r for r in ndjson.of(found, "roll") if r["id"] == rolled["id"]]
    assert line["acted_by"] == t.bot.id
    assert all("acted_by" in r for r in ndjson.of(found, "roll"))

    # A version 5 file has no acted_by: still read; acted_by in it, or one that is not its
    # latest link's, is refused.
    old = [dict(r) for r in found]
    old[0] = {**old[0], "version": 5}
    for record in old:
        if record["t"] == "roll":
            record.pop("acted_by")
        if record["t"] == "event" and "acted_by" in record.get("data", {}):
            record["data"] = {k: v for k, v in record["data"].items() if k != "acted_by"}
    forged = [dict(r) for r in found]
    for record in forged:
        if record.get("id") == rolled["id"] and record["t"] == "roll":
            record["acted_by"] = t.other.id
    mixed = [dict(r) for r in old]
    for record in mixed:
        if record["t"] == "roll":
            record["acted_by"] = None
    expect(await client.delete(f"/campaigns/{t.cid}", headers=t.st.auth), 204)
    importer = {**t.st.auth, "Content-Type": "application/x-ndjson"}
    for bad, why in ((forged, "acted_by is not its latest link's"),
                     (mixed, "has acted_by, which its version has not")):  # fmt: skip
        refused = await client.post("/campaigns/import", content=ndjson.dump(bad), headers=importer)
        assert why in _checked(refused, 422)["detail"]
    expect(await client.post("/campaigns/import", content=ndjson.dump(old), headers=importer), 201)
    back = expect(await client.get(f"/rolls/{rolled['id']}", headers=t.st.auth), 200)
    assert back["acted_by"] is None  # the old version did not say
    expect(await client.delete(f"/campaigns/{t.cid}", headers=t.st.auth), 204)
    again = await client.post("/campaigns/import", content=ndjson.dump(found), headers=importer)
    expect(again, 201)
    back = expect(await client.get(f"/rolls/{rolled['id']}", headers=t.st.auth), 200)
    assert (back["user_id"], back["acted_by"]) == (t.player.id, t.bot.id)
    # The bot's delegation did not travel: it is a stranger to the imported campaign.
    await t.rolls(t.key, 404, kind="test", trait="strong", character_id=t.pc)


def expect_bytes(answer: Any) -> bytes:
    assert answer.status_code == 200, answer.text
    content: bytes = answer.content
    return content


async def test_a_revocation_that_commits_first_stops_the_bots_write(
    client: AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot's write is guarded by its delegation: even one that read the delegation
    live (here: every read is stale, as if each came just before the revocation's commit)
    writes nothing once the revocation is committed."""
    t = await table(client)
    made = await t.delegate()
    expect(await client.delete(f"/delegations/{made['id']}", headers=t.player.auth), 204)
    read = delegations_repo.held_by

    async def stale(*args: Any) -> list[Held]:
        found = await read(*args)
        for held in found:
            held.row["revoked_at"] = None
        return found

    monkeypatch.setattr(delegations_repo, "held_by", stale)
    before = expect(await client.get(f"/campaigns/{t.cid}/rolls", headers=t.st.auth), 200)
    answer = await t.rolls(t.key, 409, kind="test", trait="strong", character_id=t.pc)
    assert answer["type"] == "/api/v1/problems/conflict"
    after = expect(await client.get(f"/campaigns/{t.cid}/rolls", headers=t.st.auth), 200)
    assert after == before
