"""A table for the 3d6 flow (a storyteller, two players, a spectator, a stranger) on an
app of this package's own, whose dice each test scripts (the shared app keeps its own)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest_asyncio
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient, Response

from app.core.settings import Settings
from app.main import create_app
from app.rules import ScriptedDice
from tests.service.table import SHEET_3D6, Person, campaign, character, expect, join, register


@dataclass
class Table:
    http: AsyncClient
    app: FastAPI
    storyteller: Person
    player: Person
    other: Person
    spectator: Person
    stranger: Person
    cid: str
    pelote: str  # the player's kitten: strong 3, clever 5
    moustache: str  # the other player's kitten, same sheet
    npc: str  # the storyteller's dog: strong 5, clever 1

    def faces(self, *faces: int) -> None:
        """The next dice the server rolls, in order; an unused face fails the test."""
        self.app.state.dice = ScriptedDice(faces)

    def all_faces_used(self) -> bool:
        dice = self.app.state.dice
        return dice is None or dice.remaining == 0

    async def post(
        self, who: Person, path: str, body: Any = None, status: int = 201, key: str | None = None
    ) -> Any:
        headers = who.auth | ({"Idempotency-Key": key} if key else {})
        answer = await self.http.post(path, json=body, headers=headers)
        return _checked(answer, status)

    async def get(self, who: Person, path: str, status: int = 200) -> Any:
        return _checked(await self.http.get(path, headers=who.auth), status)

    async def events(self, type: str) -> list[dict[str, Any]]:
        page = await self.get(self.storyteller, f"/campaigns/{self.cid}/events?limit=500")
        return [e for e in page["items"] if e["type"] == type]

    async def roll_count(self) -> int:
        page = await self.get(self.storyteller, f"/campaigns/{self.cid}/rolls?limit=200")
        return len(page["items"])


def _checked(answer: Response, status: int) -> Any:
    got = expect(answer, status)
    if status >= 400:
        assert answer.headers["content-type"].startswith("application/problem+json")
    return got


@pytest_asyncio.fixture
async def table(settings: Settings) -> AsyncIterator[Table]:
    application = create_app(settings)
    async with application.router.lifespan_context(application):
        transport = ASGITransport(app=application)
        async with AsyncClient(transport=transport, base_url="http://test/api/v1") as http:
            st = await register(http, "teller")
            player, other = await register(http, "player"), await register(http, "other")
            spectator, stranger = await register(http, "watcher"), await register(http)
            cid = (await campaign(http, st, "3d6"))["id"]
            await join(http, st, cid, player)
            await join(http, st, cid, other)
            await join(http, st, cid, spectator, "spectator")
            pelote = await character(http, player, cid, SHEET_3D6, name="Pelote")
            moustache = await character(http, other, cid, SHEET_3D6, name="Moustache")
            dog_sheet = {"qualities": {"strong": 5, "clever": 1}}
            npc = await character(http, st, cid, dog_sheet, name="Rex", npc=True)
            yield Table(
                http, application, st, player, other, spectator, stranger, cid,
                pelote["id"], moustache["id"], npc["id"],
            )  # fmt: skip
