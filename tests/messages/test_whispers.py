"""Whispers over HTTP: a player's whisper to another player reaches those two and the
storytellers (while ``storyteller_reads_whispers`` is on as it is sent) and no third
member through any read path: the answer, the list and its counts, the single read and
its errors, the delete's errors, the events API."""

from __future__ import annotations

from typing import Any

from tests.messages.conftest import Chat, ChatOf
from tests.service.table import Person

SECRET = "meet me at the mill at midnight"


async def _traces(chat: Chat, who: Person, message_id: str) -> dict[str, Any]:
    """What ``who`` can learn of a message through each read path."""
    listed = await chat.listed(who)
    events = await chat.events(who)
    one = await chat.http.get(f"/campaigns/{chat.cid}/messages/{message_id}", headers=who.auth)
    return {
        "listed": [m for m in listed if m["id"] == message_id],
        "count": len(listed),
        "events": [e for e in events if e["data"].get("id") == message_id],
        "text_anywhere": SECRET in str(listed) + str(events) + one.text,
        "one": one.status_code,
    }


async def test_a_whisper_reaches_its_sender_recipient_and_storyteller_and_no_third_member(
    chat_of: ChatOf,
) -> None:
    chat = await chat_of()
    await chat.say(chat.storyteller, "public words")
    sent = await chat.whisper(chat.player, [chat.other], SECRET)
    assert sent["to"] == [chat.other.id]
    await chat.delete(chat.spectator, sent["id"], 404)
    for reader in (chat.player, chat.other, chat.storyteller):
        seen = await _traces(chat, reader, sent["id"])
        assert seen["listed"] == [sent] and seen["one"] == 200 and seen["count"] == 2
        assert [e["type"] for e in seen["events"]] == ["message.created"]
    outsider = await _traces(chat, chat.spectator, sent["id"])
    assert outsider == {"listed": [], "count": 1, "events": [], "text_anywhere": False, "one": 404}
    # A message id that does not exist answers the very same 404.
    ghost = await chat.http.get(f"/campaigns/{chat.cid}/messages/{sent['id'][:-1]}0",
                                headers=chat.spectator.auth)  # fmt: skip
    mine = await chat.http.get(f"/campaigns/{chat.cid}/messages/{sent['id']}",
                               headers=chat.spectator.auth)  # fmt: skip
    assert (ghost.status_code, ghost.json()["detail"]) == (mine.status_code, mine.json()["detail"])
    # The deletion's tombstone and event stay with the whisper's readers too.
    await chat.delete(chat.storyteller, sent["id"])
    outsider = await _traces(chat, chat.spectator, sent["id"])
    assert outsider["events"] == [] and outsider["listed"] == [] and outsider["one"] == 404
    assert [e["type"] for e in (await _traces(chat, chat.other, sent["id"]))["events"]] == [
        "message.created", "message.deleted"]  # fmt: skip


async def test_with_storyteller_reads_whispers_off_the_storyteller_does_not_read_it(
    chat_of: ChatOf,
) -> None:
    chat = await chat_of({"storyteller_reads_whispers": False})
    sent = await chat.whisper(chat.player, [chat.other], SECRET)
    for outsider in (chat.storyteller, chat.spectator):
        seen = await _traces(chat, outsider, sent["id"])
        assert seen == {"listed": [], "count": 0, "events": [], "text_anywhere": False,
                        "one": 404}  # fmt: skip
    await chat.delete(chat.storyteller, sent["id"], 404)
    # A whisper to the storyteller is theirs, setting or not.
    to_st = await chat.whisper(chat.player, [chat.storyteller], "for your eyes")
    assert (await chat.one(chat.storyteller, to_st["id"]))["text"] == "for your eyes"
    await chat.one(chat.other, to_st["id"], 404)


async def test_the_setting_is_decided_when_a_whisper_is_sent(chat_of: ChatOf) -> None:
    chat = await chat_of()
    before = await chat.whisper(chat.player, [chat.other], "sent while on")
    await chat.settings(storyteller_reads_whispers=False)
    after = await chat.whisper(chat.player, [chat.other], "sent while off")
    await chat.one(chat.storyteller, before["id"])
    await chat.one(chat.storyteller, after["id"], 404)
    await chat.settings(storyteller_reads_whispers=True)
    await chat.one(chat.storyteller, after["id"], 404)
    assert [m["id"] for m in await chat.listed(chat.storyteller)] == [before["id"]]
