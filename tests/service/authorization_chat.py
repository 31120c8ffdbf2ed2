"""The actions of docs/authorization.md for the table chat, spliced by test_authorization.py
into its ACTIONS in the document's order (after export and import)."""

from __future__ import annotations

from typing import Any

from httpx import Response

from tests.service.authorization_actions import Action, Table
from tests.service.table import expect

MEMBERS = ("storyteller", "player", "spectator")


def _url(t: Table, message_id: str | None = None) -> str:
    url = f"/campaigns/{t.cid}/messages"
    return url if message_id is None else f"{url}/{message_id}"


async def _said(t: Table, who: str, body: dict[str, Any]) -> dict[str, Any]:
    made: dict[str, Any] = expect(await t.client.post(_url(t), json=body, headers=t[who].auth), 201)
    return made


def _sent(body: dict[str, Any]) -> Action:
    async def action(t: Table, who: str, h: dict[str, str]) -> Response:
        answer = await t.client.post(_url(t), json=body, headers=h)
        if answer.is_success:
            listed = expect(await t.client.get(_url(t), headers=t["storyteller"].auth), 200)
            assert [m["id"] for m in listed["items"]] == [answer.json()["id"]], answer.text
        return answer

    return action


async def _whisper(t: Table, who: str, h: dict[str, str]) -> Response:
    return await _sent({"text": "psst", "to": [t["other"].id]})(t, who, h)


async def _in_character(t: Table, who: str, h: dict[str, str]) -> Response:
    own = await t.own_char(who if who in MEMBERS else "player")
    body = {"text": "Aye!", "in_character": True, "character_id": own}
    return await _sent(body)(t, who, h)


async def _list(t: Table, who: str, h: dict[str, str]) -> Response:
    said = await _said(t, "other", {"text": "hello"})
    answer = await t.client.get(_url(t), headers=h)
    if answer.is_success:
        assert [m["id"] for m in answer.json()["items"]] == [said["id"]], answer.text
    return answer


async def _read_whisper(t: Table, who: str, h: dict[str, str]) -> Response:
    said = await _said(t, "other", {"text": "a secret", "to": [t["storyteller"].id]})
    answer = await t.client.get(_url(t, said["id"]), headers=h)
    if answer.is_success:
        assert answer.json()["text"] == "a secret", answer.text
    return answer


async def _delete(t: Table, author: str, h: dict[str, str]) -> Response:
    said = await _said(t, author, {"text": "take it back"})
    answer = await t.client.delete(_url(t, said["id"]), headers=h)
    if answer.is_success:
        tombstone = expect(await t.client.get(_url(t, said["id"]), headers=t["other"].auth), 200)
        assert tombstone["text"] is None and tombstone["deleted"], tombstone
    return answer


async def _delete_own(t: Table, who: str, h: dict[str, str]) -> Response:
    return await _delete(t, who if who in MEMBERS else "other", h)


async def _delete_another(t: Table, who: str, h: dict[str, str]) -> Response:
    return await _delete(t, "other", h)


ACTIONS: dict[str, Action] = {
    "send a chat message `POST /campaigns/{cid}/messages`": _sent({"text": "hello"}),
    "whisper to another member (`to`)": _whisper,
    "speak in character for one's own character (`in_character`)": _in_character,
    "read the chat `GET /campaigns/{cid}/messages`": _list,
    "read another player's whisper to a storyteller `GET /campaigns/{cid}/messages/{id}`": (
        _read_whisper
    ),
    "delete one's own message in time `DELETE /campaigns/{cid}/messages/{id}`": _delete_own,
    "delete another's message": _delete_another,
}
