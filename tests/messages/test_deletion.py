"""Moderation: the author deletes within the campaign's window, a storyteller any time;
a deleted message is a tombstone whose text is gone from the database itself (the
message row, its event's data, the stored idempotency answer), queried directly."""

from __future__ import annotations

from typing import Any

from httpx import AsyncClient

from tests.messages.conftest import ChatOf
from tests.service.table import db_run

SECRET = "the-vault-code-is-4471"


async def _rows_holding(client: AsyncClient, text: str) -> list[tuple[Any, ...]]:
    """Every stored trace of ``text``: messages, events, idempotency answers."""
    app = client._transport.app  # type: ignore[attr-defined]
    found: list[tuple[Any, ...]] = []
    found += await db_run(app, "SELECT id FROM messages WHERE text LIKE ?", f"%{text}%")
    rows = await db_run(app, "SELECT campaign_id, seq, data FROM events WHERE data IS NOT NULL")
    found += [row[:2] for row in rows if text in str(row[2])]
    answers = await db_run(app, "SELECT user_id, body, request_hash FROM idempotency_records")
    found += [row[:1] for row in answers if text.encode() in bytes(row[1])]
    return found


async def test_a_deleted_message_leaves_a_tombstone_and_no_text_in_the_database(
    chat_of: ChatOf, client: AsyncClient
) -> None:
    chat = await chat_of()
    sent = await chat.say(chat.player, SECRET, key="vault-1", to=[chat.other.id])
    assert await _rows_holding(client, SECRET)
    await chat.delete(chat.player, sent["id"])
    assert await _rows_holding(client, SECRET) == []
    tombstone = await chat.one(chat.other, sent["id"])
    assert tombstone["text"] is None
    assert tombstone["deleted"]["by"] == chat.player.id
    assert [m["id"] for m in await chat.listed(chat.other)] == [sent["id"]]
    events = [e for e in await chat.events(chat.storyteller) if e["type"].startswith("message.")]
    assert [e["type"] for e in events] == ["message.created", "message.deleted"]
    created, deleted = events
    assert created["data"] == tombstone
    assert created["data"]["deleted"] == {"by": chat.player.id, "at": deleted["data"]["deleted_at"]}
    assert deleted["data"] == {"id": sent["id"], "deleted_by": chat.player.id,
                               "deleted_at": tombstone["deleted"]["at"]}  # fmt: skip
    # A retry under the first key answers the tombstone, and sends nothing again.
    url = f"/campaigns/{chat.cid}/messages"
    headers = chat.player.auth | {"Idempotency-Key": "vault-1"}
    retry = await client.post(url, json={"text": SECRET, "to": [chat.other.id]}, headers=headers)
    assert retry.status_code == 201 and retry.json() == tombstone
    assert len(await chat.listed(chat.player)) == 1
    # Deleting a tombstone again changes nothing.
    await chat.delete(chat.storyteller, sent["id"])
    assert len([e for e in await chat.events(chat.storyteller)
                if e["type"] == "message.deleted"]) == 1  # fmt: skip


async def test_a_storyteller_deletes_anyones_message_at_any_time(chat_of: ChatOf) -> None:
    chat = await chat_of({"message_delete_minutes": 0})
    sent = await chat.say(chat.player, "rude words")
    await chat.delete(chat.storyteller, sent["id"])
    assert (await chat.one(chat.spectator, sent["id"]))["deleted"]["by"] == chat.storyteller.id


async def test_the_author_may_not_delete_once_the_window_is_over(chat_of: ChatOf) -> None:
    chat = await chat_of({"message_delete_minutes": 0})
    sent = await chat.say(chat.player, "too late to take back")
    await chat.delete(chat.player, sent["id"], 403)
    assert (await chat.one(chat.player, sent["id"]))["text"] == "too late to take back"
    await chat.settings(message_delete_minutes=5)
    await chat.delete(chat.player, sent["id"])


async def test_only_the_author_or_a_storyteller_deletes(chat_of: ChatOf) -> None:
    chat = await chat_of()
    sent = await chat.say(chat.player, "mine")
    await chat.delete(chat.other, sent["id"], 403)
    await chat.delete(chat.spectator, sent["id"], 403)
    await chat.delete(chat.stranger, sent["id"], 404)
    await chat.delete(chat.player, "01jd8mf2g3h4j5k6m7n8p9q0zz"[:26], 404)
    assert (await chat.one(chat.player, sent["id"]))["text"] == "mine"


async def test_a_message_of_another_campaign_is_404(chat_of: ChatOf) -> None:
    chat, elsewhere = await chat_of(), await chat_of()
    sent = await elsewhere.say(elsewhere.player, "over here")
    await chat.one(chat.storyteller, sent["id"], 404)
    await chat.delete(chat.storyteller, sent["id"], 404)


async def test_an_erased_answer_replays_only_to_a_retry_of_the_same_message(
    chat_of: ChatOf, client: AsyncClient
) -> None:
    """The erased record keeps the digest of its operation, so a request of another kind
    under the key is refused as a reuse instead of being answered with the tombstone."""
    chat = await chat_of()
    sent = await chat.say(chat.player, SECRET, key="reused-1")
    await chat.delete(chat.player, sent["id"])
    headers = chat.player.auth | {"Idempotency-Key": "reused-1"}
    roll = {"kind": "test", "trait": "strong", "difficulty": 2, "character_id": chat.mara}
    answer = await client.post(f"/campaigns/{chat.cid}/rolls", json=roll, headers=headers)
    assert answer.status_code == 422, answer.text
    assert "Idempotency-Key" in answer.json()["detail"]
    # A retry of the message itself still gets the tombstone, whatever text it carries.
    url = f"/campaigns/{chat.cid}/messages"
    retry = await client.post(url, json={"text": "anything"}, headers=headers)
    assert retry.status_code == 201 and retry.json()["text"] is None
