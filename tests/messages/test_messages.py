"""The table chat over HTTP: sending, the answer's shape, what is refused (422, and
nothing changes), idempotent retries, pages and filters."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from tests.messages.conftest import ChatOf, checked

FIELDS = {"id", "seq", "campaign_id", "user_id", "character_id", "to", "text", "in_character",
          "created_at"}  # fmt: skip


async def test_a_message_to_the_table_answers_201_with_its_seq_and_is_listed(
    chat_of: ChatOf,
) -> None:
    chat = await chat_of()
    sent = await chat.say(chat.player, "Shall we rest before the bridge?")
    assert set(sent) == FIELDS
    assert sent["to"] is None and sent["character_id"] is None and sent["in_character"] is False
    assert sent["user_id"] == chat.player.id and sent["campaign_id"] == chat.cid
    for who in chat.members:
        assert [m["id"] for m in await chat.listed(who)] == [sent["id"]]
    events = await chat.events(chat.other)
    created = [e for e in events if e["type"] == "message.created"]
    assert [(e["seq"], e["data"]) for e in created] == [(sent["seq"], sent)]


async def test_a_spectator_chats_but_a_stranger_is_told_nothing(chat_of: ChatOf) -> None:
    chat = await chat_of()
    await chat.say(chat.spectator, "Go on, Mara!")
    await chat.say(chat.stranger, "hi", 404)
    await chat.page(chat.stranger, 404)


async def test_the_text_is_kept_verbatim_never_interpreted(chat_of: ChatOf) -> None:
    chat = await chat_of()
    text = "<img src=x onerror=alert(1)> & <b>bold</b>\n  two lines  😀"
    sent = await chat.say(chat.player, text)
    assert sent["text"] == text
    assert (await chat.one(chat.other, sent["id"]))["text"] == text


async def test_bad_messages_are_422_and_change_nothing(chat_of: ChatOf) -> None:
    chat = await chat_of()
    before = await chat.events(chat.storyteller)
    url = f"/campaigns/{chat.cid}/messages"
    for body in (
        {"text": ""},
        {"text": "x" * 2001},
        {"text": "a\u0000b"},
        {"text": "hi", "to": []},
        {"text": "hi", "to": [chat.stranger.id]},
        {"text": "hi", "to": [chat.other.id, "01jd8m8e1f2g3h4j5k6m7n8p9z"]},
        {"text": "hi", "to": [chat.player.id]},  # only oneself
        {"text": "hi", "in_character": True},
        {"text": "hi", "in_character": True, "character_id": chat.bob},
        {"text": "hi", "in_character": True, "character_id": "01jd8m9f2g3h4j5k6m7n8p9q0z"},
        {"text": "hi", "character_id": chat.mara},
        {"text": "hi", "in_character": "yes", "character_id": chat.mara},
        {"text": "hi", "colour": "red"},
    ):
        answer = await chat.http.post(url, json=body, headers=chat.player.auth)
        checked(answer, 422)
    raw = b'{"text": "lone \\ud800 surrogate"}'
    headers = chat.player.auth | {"Content-Type": "application/json"}
    checked(await chat.http.post(url, content=raw, headers=headers), 422)
    checked(await chat.http.post(url + "?to=all", json={"text": "hi"}, headers=chat.player.auth),
            422)  # fmt: skip
    assert await chat.events(chat.storyteller) == before
    assert await chat.listed(chat.storyteller) == []


async def test_2000_characters_are_accepted(chat_of: ChatOf) -> None:
    chat = await chat_of()
    text = "é" * 1999 + "😀"  # characters, not bytes
    assert (await chat.say(chat.player, text))["text"] == text


async def test_a_player_speaks_in_character_for_their_own_character_only(
    chat_of: ChatOf,
) -> None:
    chat = await chat_of()
    said = await chat.say(chat.player, "I'll hold the rope.", in_character=True,
                          character_id=chat.mara)  # fmt: skip
    assert said["in_character"] is True and said["character_id"] == chat.mara
    await chat.say(chat.player, "x", 422, in_character=True, character_id=chat.bob)
    await chat.say(chat.spectator, "x", 422, in_character=True, character_id=chat.mara)
    # A storyteller may roll for (so speak as) any character.
    voiced = await chat.say(chat.storyteller, "Bob shrugs.", in_character=True,
                            character_id=chat.bob)  # fmt: skip
    assert voiced["character_id"] == chat.bob


async def test_duplicate_recipients_count_once_and_the_sender_is_implied(
    chat_of: ChatOf,
) -> None:
    chat = await chat_of()
    ids = [chat.other.id, chat.player.id, chat.other.id, chat.storyteller.id]
    sent = await chat.say(chat.player, "psst", to=ids)
    assert sent["to"] == [chat.other.id, chat.storyteller.id]


async def test_an_idempotent_retry_returns_the_same_bytes_and_makes_one_message(
    chat_of: ChatOf,
) -> None:
    chat = await chat_of()
    url = f"/campaigns/{chat.cid}/messages"
    headers = chat.player.auth | {"Idempotency-Key": "chat-1"}
    body = {"text": "only once", "to": [chat.other.id]}
    first = await chat.http.post(url, json=body, headers=headers)
    again = await chat.http.post(url, json=body, headers=headers)
    assert first.status_code == again.status_code == 201
    assert first.content == again.content
    assert len(await chat.listed(chat.player)) == 1
    other = await chat.http.post(url, json={"text": "changed"}, headers=headers)
    checked(other, 422)
    assert len(await chat.listed(chat.player)) == 1


async def test_pages_newest_first_with_since_until_and_user_id(chat_of: ChatOf) -> None:
    chat = await chat_of()
    sent = []
    for n in range(5):
        sent.append(await chat.say(chat.player if n % 2 == 0 else chat.other, f"m{n}"))
        await asyncio.sleep(0.002)
    first = await chat.page(chat.spectator, limit=2)
    assert [m["text"] for m in first["items"]] == ["m4", "m3"]
    second = await chat.page(chat.spectator, limit=2, cursor=first["next_cursor"])
    assert [m["text"] for m in second["items"]] == ["m2", "m1"]
    third = await chat.page(chat.spectator, limit=2, cursor=second["next_cursor"])
    assert [m["text"] for m in third["items"]] == ["m0"] and third["next_cursor"] is None
    mine = await chat.page(chat.storyteller, user_id=chat.other.id)
    assert [m["text"] for m in mine["items"]] == ["m3", "m1"]
    since = sent[1]["created_at"]
    until = sent[3]["created_at"]
    window = await chat.page(chat.storyteller, since=since, until=until)
    assert [m["text"] for m in window["items"]] == ["m2", "m1"]
    later = (datetime.now(UTC) + timedelta(hours=1)).isoformat()
    assert (await chat.page(chat.storyteller, since=later))["items"] == []
    await chat.page(chat.storyteller, 422, since="yesterday")
    await chat.page(chat.storyteller, 422, since="2026-01-01T00:00:00")  # no offset
    await chat.page(chat.storyteller, 422, author=chat.other.id)
    await chat.page(chat.storyteller, 422, cursor="!!")
