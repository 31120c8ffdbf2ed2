"""A table for roll requests on an app of this package's own, whose dice a test may
script: a storyteller, two players, a spectator and a stranger; each player's character,
a character the storyteller gave the spectator, and an NPC."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest_asyncio
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient, Response

from app.core.settings import Settings
from app.main import create_app
from app.roll_requests.sweep import expire_due
from app.rules import ScriptedDice
from tests.service.table import (
    SHEET_3D6,
    SHEET_D20,
    SHEET_MATRIX,
    Person,
    campaign,
    character,
    join,
    register,
)

SHEETS = {"3d6": SHEET_3D6, "matrix": SHEET_MATRIX, "d20": SHEET_D20}
TRAITS = {"3d6": "clever", "matrix": "perception", "d20": "wis"}


def checked(answer: Response, status: int) -> Any:
    assert answer.status_code == status, f"{answer.status_code}: {answer.text}"
    if status >= 400:
        assert answer.headers["content-type"].startswith("application/problem+json")
    return answer.json() if answer.content else None


@dataclass
class Table:
    http: AsyncClient
    app: FastAPI
    ruleset: str
    storyteller: Person
    player: Person
    other: Person
    spectator: Person
    stranger: Person
    cid: str
    mara: str  # the player's character
    bob: str  # the other player's
    tam: str  # the spectator's, given by the storyteller
    npc: str

    def faces(self, *faces: int) -> None:
        """The next dice the server rolls, in order."""
        self.app.state.dice = ScriptedDice(faces)

    async def post(self, who: Person, path: str, body: Any = None, status: int = 201,
                   key: str | None = None) -> Any:  # fmt: skip
        headers = who.auth | ({"Idempotency-Key": key} if key else {})
        return checked(await self.http.post(path, json=body, headers=headers), status)

    async def get(self, who: Person, path: str, code: int = 200, **params: Any) -> Any:
        return checked(await self.http.get(path, params=params, headers=who.auth), code)

    async def ask(self, *characters: str, status: int = 201, **terms: Any) -> Any:
        """The storyteller's request to ``characters``: a test of the ruleset's trait
        unless ``terms`` say otherwise."""
        body = {"kind": "test", "trait": TRAITS[self.ruleset], **terms,
                "character_ids": list(characters)}  # fmt: skip
        return await self.post(self.storyteller, f"/campaigns/{self.cid}/roll-requests", body,
                               status)  # fmt: skip

    async def answer(self, who: Person, request_id: str, character: str, status: int = 201,
                     key: str | None = None, **extra: Any) -> Any:  # fmt: skip
        body = {"request_id": request_id, "character_id": character, **extra}
        return await self.post(who, f"/campaigns/{self.cid}/rolls", body, status, key)

    async def request(self, who: Person, request_id: str, status: int = 200) -> Any:
        return await self.get(who, f"/roll-requests/{request_id}", status)

    async def events(self, who: Person, after: int = 0) -> list[dict[str, Any]]:
        page = await self.get(who, f"/campaigns/{self.cid}/events", after=after, limit=500)
        return list(page["items"])

    async def rolls(self) -> list[dict[str, Any]]:
        page = await self.get(self.storyteller, f"/campaigns/{self.cid}/rolls", limit=200)
        return list(page["items"])

    async def sweep(self) -> int:
        """One round of the expiry sweep, now (the app's own runs every few seconds)."""
        return await expire_due(self.app.state.database, self.app.state.writer)


TableOf = Callable[[str], Awaitable[Table]]


@pytest_asyncio.fixture(loop_scope="session")
async def table_of(settings: Settings) -> AsyncIterator[TableOf]:
    # The app's own sweep waits an hour: a test sweeps when it means to (``Table.sweep``).
    application = create_app(settings.model_copy(update={"roll_request_sweep_seconds": 3600}))
    async with application.router.lifespan_context(application):
        transport = ASGITransport(app=application)
        async with AsyncClient(transport=transport, base_url="http://test/api/v1") as http:

            async def build(ruleset: str) -> Table:
                st, player, other, watcher, stranger = [
                    await register(http, name)
                    for name in ("teller", "player", "other", "watcher", "stranger")
                ]
                cid = (await campaign(http, st, ruleset))["id"]
                await join(http, st, cid, player)
                await join(http, st, cid, other)
                await join(http, st, cid, watcher, "spectator")
                sheet = SHEETS[ruleset]
                mara = await character(http, player, cid, sheet, name="Mara")
                bob = await character(http, other, cid, sheet, name="Bob")
                tam = await character(http, st, cid, sheet, name="Tam", owner_id=watcher.id)
                npc = await character(http, st, cid, sheet, name="Rat", npc=True)
                return Table(http, application, ruleset, st, player, other, watcher, stranger,
                             cid, mara["id"], bob["id"], tam["id"], npc["id"])  # fmt: skip

            yield build
