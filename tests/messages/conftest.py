"""A chat table over HTTP: a storyteller, two players with a character each, a spectator,
and a stranger who sits elsewhere; the helpers every chat test speaks through."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest_asyncio
from httpx import AsyncClient, Response

from tests.service.table import SHEET_3D6, Person, campaign, character, join, register


def checked(answer: Response, status: int) -> Any:
    assert answer.status_code == status, f"{answer.status_code}: {answer.text}"
    if status >= 400:
        assert answer.headers["content-type"].startswith("application/problem+json")
    return answer.json() if answer.content else None


@dataclass
class Chat:
    http: AsyncClient
    storyteller: Person
    player: Person
    other: Person
    spectator: Person
    stranger: Person
    cid: str
    mara: str  # the player's character
    bob: str  # the other player's

    @property
    def members(self) -> tuple[Person, ...]:
        return (self.storyteller, self.player, self.other, self.spectator)

    async def say(self, who: Person, text: str = "hello", status: int = 201,
                  key: str | None = None, **extra: Any) -> Any:  # fmt: skip
        headers = who.auth | ({"Idempotency-Key": key} if key else {})
        body = {"text": text, **extra}
        answer = await self.http.post(f"/campaigns/{self.cid}/messages", json=body, headers=headers)
        return checked(answer, status)

    async def whisper(self, who: Person, to: list[Person], text: str = "psst",
                      status: int = 201) -> Any:  # fmt: skip
        return await self.say(who, text, status, to=[p.id for p in to])

    async def delete(self, who: Person, message_id: str, status: int = 204) -> Any:
        path = f"/campaigns/{self.cid}/messages/{message_id}"
        return checked(await self.http.delete(path, headers=who.auth), status)

    async def one(self, who: Person, message_id: str, status: int = 200) -> Any:
        path = f"/campaigns/{self.cid}/messages/{message_id}"
        return checked(await self.http.get(path, headers=who.auth), status)

    async def page(self, who: Person, status: int = 200, **params: Any) -> Any:
        path = f"/campaigns/{self.cid}/messages"
        return checked(await self.http.get(path, params=params, headers=who.auth), status)

    async def listed(self, who: Person) -> list[dict[str, Any]]:
        """Every message ``who`` reads, newest first, through every page."""
        found: list[dict[str, Any]] = []
        cursor: str | None = None
        while True:
            params: dict[str, Any] = {"limit": 200} | ({"cursor": cursor} if cursor else {})
            page = await self.page(who, **params)
            found += page["items"]
            cursor = page["next_cursor"]
            if cursor is None:
                return found

    async def events(self, who: Person, after: int = 0) -> list[dict[str, Any]]:
        path = f"/campaigns/{self.cid}/events"
        page = checked(await self.http.get(path, params={"after": after, "limit": 500},
                                           headers=who.auth), 200)  # fmt: skip
        return list(page["items"])

    async def settings(self, **settings: Any) -> None:
        path = f"/campaigns/{self.cid}"
        body = {"settings": settings}
        checked(await self.http.patch(path, json=body, headers=self.storyteller.auth), 200)


ChatOf = Callable[..., Awaitable[Chat]]


async def build_chat(http: AsyncClient, settings: dict[str, Any] | None = None) -> Chat:
    st, player, other, watcher, stranger = [
        await register(http, name) for name in ("teller", "player", "other", "watcher", "stranger")
    ]
    cid = (await campaign(http, st, "3d6", settings))["id"]
    await join(http, st, cid, player)
    await join(http, st, cid, other)
    await join(http, st, cid, watcher, "spectator")
    await campaign(http, stranger, "3d6")  # the stranger sits at a table of their own
    mara = await character(http, player, cid, SHEET_3D6, name="Mara")
    bob = await character(http, other, cid, SHEET_3D6, name="Bob")
    return Chat(http, st, player, other, watcher, stranger, cid, mara["id"], bob["id"])


@pytest_asyncio.fixture(loop_scope="session")
async def chat_of(client: AsyncClient) -> ChatOf:
    async def build(settings: dict[str, Any] | None = None) -> Chat:
        return await build_chat(client, settings)

    return build
