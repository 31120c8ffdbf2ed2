"""The actions of docs/authorization.md for delegations and the bots acting through them,
spliced by test_authorization.py into its ACTIONS in the document's order (after the chat).

In a row about *a bot*, ``who`` is the role of the member who delegated the character (a
"non-member" delegates nothing: the bot is a stranger), and the request is the bot's: with
its login token where the row's role would use one, none without credentials, or a key of
its own with the scopes of the key the test made for ``who`` (``KEY_SCOPES``)."""

from __future__ import annotations

from typing import Any

from httpx import Response

from tests.service.authorization_actions import Action, Table
from tests.service.table import Person, expect, register

KEY_SCOPES: dict[str, list[str]] = {}
"""``Authorization`` header of each key test_authorization.py made -> its scopes."""
DELEGATING = ("storyteller", "player")
TRAITS = {"3d6": "strong", "matrix": "strength", "d20": "str"}
PENDING = [{"source": "item", "name": "yarn"}, {"source": "gift", "name": "climber"}]


async def _bot(t: Table, h: dict[str, str]) -> tuple[Person, dict[str, str]]:
    """A new bot account, and the credential the row's request goes with."""
    bot = await register(t.client, "bot")
    scopes = KEY_SCOPES.get(h.get("Authorization", ""))
    if not h:
        return bot, {}
    if scopes is None:  # the role's login token: the bot's own
        return bot, bot.auth
    body = {"name": "dice bot", "scopes": scopes}
    made = expect(await t.client.post("/api-keys", json=body, headers=bot.auth), 201)
    return bot, {"Authorization": f"Bearer {made['key']}"}


async def _character(t: Table, who: str) -> str:
    return await t.own_char(who if who in DELEGATING else "player")


async def _delegate(t: Table, who: str, bot: Person, character_id: str) -> str | None:
    """``who`` lets ``bot`` read and roll for ``character_id``; a non-member nothing."""
    if who not in DELEGATING:
        return None
    body = {"bot_user_id": bot.id, "character_ids": [character_id], "scopes": ["read", "roll"]}
    path = f"/campaigns/{t.cid}/delegations"
    made = expect(await t.client.post(path, json=body, headers=t[who].auth), 201)
    return str(made["id"])


def _test(t: Table, character_id: str) -> dict[str, Any]:
    return {"kind": "test", "character_id": character_id, "trait": TRAITS[t.ruleset]}


async def _roll(t: Table, body: dict[str, Any], headers: dict[str, str]) -> Response:
    return await t.client.post(f"/campaigns/{t.cid}/rolls", json=body, headers=headers)


# --- delegations -----------------------------------------------------------------------------


def _links(character: str) -> Action:
    async def action(t: Table, who: str, h: dict[str, str]) -> Response:
        bot = await register(t.client, "bot")
        char = await (t.own_char(who) if character == "own" else t.char("other_pc"))
        body = {"bot_user_id": bot.id, "character_ids": [char], "scopes": ["roll"]}
        answer = await t.client.post(f"/campaigns/{t.cid}/delegations", json=body, headers=h)
        if answer.is_success:
            made = answer.json()
            assert (made["user_id"], made["character_ids"]) == (t[who].id, [char]), made
        return answer

    return action


async def _other_delegates(t: Table) -> str:
    bot = await register(t.client, "bot")
    made = await _delegate(t, "player", bot, await t.char("p_pc"))
    assert made is not None
    return made


async def _list(t: Table, who: str, h: dict[str, str]) -> Response:
    made = await _other_delegates(t)
    answer = await t.client.get(f"/campaigns/{t.cid}/delegations", headers=h)
    if answer.is_success:
        assert [d["id"] for d in answer.json()["items"]] == [made], answer.text
    return answer


def _revokes(whose: str) -> Action:
    async def action(t: Table, who: str, h: dict[str, str]) -> Response:
        bot = await register(t.client, "bot")
        maker = who if whose == "own" and who in DELEGATING else "other"
        if maker == "other":
            made = await _delegate_as_other(t, bot)
        else:
            made = await _delegate(t, maker, bot, await t.own_char(maker))
        answer = await t.client.delete(f"/delegations/{made}", headers=h)
        if answer.is_success:
            listed = expect(
                await t.client.get(f"/campaigns/{t.cid}/delegations", headers=t[maker].auth), 200
            )
            [ended] = [d for d in listed["items"] if d["id"] == made]
            assert ended["revoked_by"] == t[who].id, ended
        return answer

    return action


async def _delegate_as_other(t: Table, bot: Person) -> str:
    body = {"bot_user_id": bot.id, "character_ids": [await t.char("other_pc")], "scopes": ["roll"]}
    path = f"/campaigns/{t.cid}/delegations"
    made = expect(await t.client.post(path, json=body, headers=t["other"].auth), 201)
    return str(made["id"])


# --- what a bot does -------------------------------------------------------------------------


async def _bot_rolls(t: Table, who: str, h: dict[str, str]) -> Response:
    bot, as_bot = await _bot(t, h)
    char = await _character(t, who)
    await _delegate(t, who, bot, char)
    answer = await _roll(t, _test(t, char), as_bot)
    if answer.is_success:
        made = answer.json()
        assert (made["user_id"], made["acted_by"]) == (t[who].id, bot.id), made
    return answer


async def _bot_rolls_another(t: Table, who: str, h: dict[str, str]) -> Response:
    bot, as_bot = await _bot(t, h)
    await _delegate(t, who, bot, await _character(t, who))
    return await _roll(t, _test(t, await t.char("other_pc")), as_bot)


async def _bot_rolls_revoked(t: Table, who: str, h: dict[str, str]) -> Response:
    bot, as_bot = await _bot(t, h)
    char = await _character(t, who)
    made = await _delegate(t, who, bot, char)
    if made is not None:
        expect(await t.client.delete(f"/delegations/{made}", headers=t[who].auth), 204)
    return await _roll(t, _test(t, char), as_bot)


async def _bot_answers(t: Table, who: str, h: dict[str, str]) -> Response:
    bot, as_bot = await _bot(t, h)
    char = await _character(t, who)
    await _delegate(t, who, bot, char)
    body = {"character_ids": [char], "kind": "test", "trait": TRAITS[t.ruleset]}
    path = f"/campaigns/{t.cid}/roll-requests"
    asked = expect(await t.client.post(path, json=body, headers=t["storyteller"].auth), 201)
    answer = await _roll(t, {"request_id": asked["id"], "character_id": char}, as_bot)
    if answer.is_success:
        made = answer.json()
        assert made["result"]["request_id"] == asked["id"] and made["acted_by"] == bot.id, made
    return answer


async def _bot_steps(t: Table, who: str, h: dict[str, str]) -> Response:
    """The bot rolls a pending test (with its login token; a stranger's is the player's),
    then tries its steps."""
    bot, as_bot = await _bot(t, h)
    char = await _character(t, who)
    roller = bot.auth if await _delegate(t, who, bot, char) else t["player"].auth
    made = expect(await _roll(t, {**_test(t, char), "trait": "weak", "rerolls": PENDING}, roller),
                  201)  # fmt: skip
    assert made["status"] == "pending", made
    answers = [
        await t.client.post(f"/rolls/{made['id']}/reroll", json={"die": 0}, headers=as_bot),
        await t.client.post(f"/rolls/{made['id']}/finalize", headers=as_bot),
    ]
    assert len({a.status_code for a in answers}) == 1, [a.text for a in answers]
    return answers[-1]


def _bot_reads(roller: str, visibility: str) -> Action:
    """The bot reads a roll of its character made by ``roller`` (``delegator``: the member
    who delegated, or the player for a stranger) with ``visibility``."""

    async def action(t: Table, who: str, h: dict[str, str]) -> Response:
        bot, as_bot = await _bot(t, h)
        char = await _character(t, who)
        await _delegate(t, who, bot, char)
        maker = t[(who if who in DELEGATING else "player") if roller == "delegator" else roller]
        made = expect(await _roll(t, {**_test(t, char), "visibility": visibility}, maker.auth),
                      201)  # fmt: skip
        answer = await t.client.get(f"/rolls/{made['id']}", headers=as_bot)
        if answer.is_success:
            theirs = await t.client.get(f"/rolls/{made['id']}", headers=t[who].auth)
            assert answer.json() == expect(theirs, 200), answer.text
        return answer

    return action


async def _bot_reads_request(t: Table, who: str, h: dict[str, str]) -> Response:
    bot, as_bot = await _bot(t, h)
    char = await _character(t, who)
    await _delegate(t, who, bot, char)
    body = {"character_ids": [char], "kind": "test", "trait": TRAITS[t.ruleset],
            "visibility": "blind"}  # fmt: skip
    path = f"/campaigns/{t.cid}/roll-requests"
    asked = expect(await t.client.post(path, json=body, headers=t["storyteller"].auth), 201)
    answer = await t.client.get(f"/roll-requests/{asked['id']}", headers=as_bot)
    if answer.is_success:
        assert answer.json()["id"] == asked["id"], answer.text
    return answer


ACTIONS: dict[str, Action] = {
    "link a bot to one's own character `POST /campaigns/{cid}/delegations`": _links("own"),
    "link a bot to another's character": _links("another"),
    "list delegations `GET /campaigns/{cid}/delegations`": _list,
    "revoke one's delegation `DELETE /delegations/{id}`": _revokes("own"),
    "revoke another's delegation": _revokes("another"),
    "a bot rolls for the character delegated to it `POST /campaigns/{cid}/rolls`": _bot_rolls,
    "a bot rolls for a character not delegated to it": _bot_rolls_another,
    "a bot rolls after its delegation is revoked": _bot_rolls_revoked,
    "a bot answers a roll request for the character delegated to it": _bot_answers,
    "a bot rerolls or finalizes a roll it made `POST /rolls/{id}/…`": _bot_steps,
    "a bot reads a roll of its character that its player reads `GET /rolls/{id}`": _bot_reads(
        "delegator", "private"
    ),
    "a bot reads a roll of its character hidden from its player": _bot_reads(
        "storyteller", "blind"
    ),
    "a bot reads a roll request addressed to its character `GET /roll-requests/{id}`": (
        _bot_reads_request
    ),
}
