"""The chat in exports: message lines (tombstones included) right after their latest
event, the verifier's count; the storyteller's export leaves out the whispers they may not
read, the operator's backup keeps them; export → import and backup → restore give the
chat back as it was."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient

from app import cli
from app.core.settings import Settings
from tests.exchange import ndjson
from tests.messages.conftest import Chat, ChatOf
from tests.service.table import Person, expect

SEALED = "only the two of us know"


async def _history(chat: Chat) -> dict[str, Any]:
    """A chat with a public message, a whisper the storyteller reads, a whisper they may
    not (sent with the setting off), a deleted message and one spoken in character."""
    said = {"public": await chat.say(chat.player, "to the table")}
    said["whisper"] = await chat.whisper(chat.other, [chat.player], "st reads this")
    said["deleted"] = await chat.say(chat.other, "oops, wrong table")
    await chat.delete(chat.other, said["deleted"]["id"])
    said["voiced"] = await chat.say(chat.player, "Aye!", in_character=True, character_id=chat.mara)
    await chat.settings(storyteller_reads_whispers=False)
    said["sealed"] = await chat.whisper(chat.player, [chat.other], SEALED)
    await chat.say(chat.storyteller, "the end")
    return said


async def _export(chat: Chat, who: Person) -> list[dict[str, Any]]:
    answer = await chat.http.get(f"/campaigns/{chat.cid}/export", headers=who.auth)
    assert answer.status_code == 200, answer.text
    return ndjson.records(answer.content)


def _follows(records: list[dict[str, Any]]) -> None:
    """Each message line right after its latest event."""
    for index, record in enumerate(records):
        if record["t"] == "message":
            before = records[index - 1]
            assert before["t"] == "event" and before["data"]["id"] == record["id"]
            kind = "message.deleted" if record["deleted_at"] else "message.created"
            assert before["type"] == kind


async def test_an_export_holds_the_chat_the_storyteller_reads_and_imports_back(
    chat_of: ChatOf,
) -> None:
    chat = await chat_of()
    said = await _history(chat)
    records = await _export(chat, chat.storyteller)
    assert ndjson.check(records).ok
    _follows(records)
    messages = {m["id"]: m for m in ndjson.of(records, "message")}
    assert said["sealed"]["id"] not in messages and SEALED not in str(records)
    assert set(messages) == {said[k]["id"] for k in ("public", "whisper", "deleted", "voiced")} | {
        m["id"] for m in await chat.listed(chat.storyteller) if m["text"] == "the end"}  # fmt: skip
    assert records[-1]["counts"]["messages"] == len(messages) == 5
    tombstone = messages[said["deleted"]["id"]]
    assert tombstone["text"] is None and tombstone["deleted_by"] == chat.other.id
    assert "oops" not in str(records)
    whisper_id = said["whisper"]["id"]
    whisper = [e for e in ndjson.of(records, "event") if e["data"].get("id") == whisper_id]
    assert whisper[0]["audience"] == [chat.other.id, chat.player.id]

    listed = await chat.listed(chat.storyteller)
    expect(await chat.http.delete(f"/campaigns/{chat.cid}", headers=chat.storyteller.auth), 204)
    body = ndjson.dump(records)
    headers = chat.storyteller.auth | {"Content-Type": "application/x-ndjson"}
    expect(await chat.http.post("/campaigns/import", content=body, headers=headers), 201)
    assert await chat.listed(chat.storyteller) == listed
    again = await _export(chat, chat.storyteller)
    assert ndjson.of(again, "message") == ndjson.of(records, "message")
    assert ndjson.of(again, "event") == ndjson.of(records, "event")


async def test_an_import_refuses_a_chat_that_does_not_match_its_events(chat_of: ChatOf) -> None:
    chat = await chat_of()
    await _history(chat)
    records = await _export(chat, chat.storyteller)
    headers = chat.storyteller.auth | {"Content-Type": "application/x-ndjson"}
    expect(await chat.http.delete(f"/campaigns/{chat.cid}", headers=chat.storyteller.auth), 204)

    def altered(change: Any) -> bytes:
        copied = [dict(r) for r in records]
        change(copied)
        return ndjson.dump(copied)

    def edit_text(found: list[dict[str, Any]]) -> None:
        line = next(r for r in found if r["t"] == "message" and r["text"])
        line["text"] = "forged words"

    def drop_line(found: list[dict[str, Any]]) -> None:
        found.remove(next(r for r in found if r["t"] == "message"))

    def drop_and_recount(found: list[dict[str, Any]]) -> None:
        drop_line(found)
        found[-1] = {**found[-1], "counts": {**found[-1]["counts"], "messages": 4}}

    def widen(found: list[dict[str, Any]]) -> None:
        event = next(r for r in found if r["t"] == "event" and "audience" in r)
        event["audience"] = [*event["audience"], chat.spectator.id]

    for change in (edit_text, drop_line, drop_and_recount, widen):
        answer = await chat.http.post("/campaigns/import", content=altered(change),
                                      headers=headers)  # fmt: skip
        assert answer.status_code == 422, (change.__name__, answer.text)
    assert not ndjson.check(
        [r for r in records if r["t"] != "message" or r["text"] != "to the table"]
    ).ok
    assert (await chat.http.get(f"/campaigns/{chat.cid}", headers=chat.storyteller.auth)
            ).status_code == 404  # fmt: skip


async def test_the_operators_backup_keeps_every_whisper_and_restores_it(
    chat_of: ChatOf,
    client: AsyncClient,
    settings: Settings,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cli, "_settings", lambda: settings)
    chat = await chat_of()
    said = await _history(chat)
    before = {who.id: await chat.listed(who) for who in chat.members}
    path = tmp_path / "backup.ndjson"
    assert await asyncio.to_thread(cli.main, ["export", chat.cid, str(path)]) == 0
    saved = ndjson.records(path.read_bytes())
    _follows(saved)
    assert said["sealed"]["id"] in {m["id"] for m in ndjson.of(saved, "message")}
    assert cli.main(["verify", str(path)]) == 0
    expect(await client.delete(f"/campaigns/{chat.cid}", headers=chat.storyteller.auth), 204)
    assert await asyncio.to_thread(cli.main, ["import", str(path)]) == 0
    assert {who.id: await chat.listed(who) for who in chat.members} == before
    assert SEALED not in str(before[chat.storyteller.id] + before[chat.spectator.id])
