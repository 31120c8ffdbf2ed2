"""An app of this package's own whose dice a test scripts (the shared app keeps its
seeded dice): damage dice first, then the checks, in table order."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest_asyncio
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient

from app.core.settings import Settings
from app.main import create_app
from app.rules import ScriptedDice


@dataclass
class Scripted:
    http: AsyncClient
    app: FastAPI

    def faces(self, *faces: int) -> None:
        """The next dice the server rolls, in order."""
        self.app.state.dice = ScriptedDice(faces)

    @property
    def faces_left(self) -> int:
        dice: ScriptedDice = self.app.state.dice
        return dice.remaining


@pytest_asyncio.fixture(loop_scope="session")
async def scripted(settings: Settings) -> AsyncIterator[Scripted]:
    application = create_app(settings)
    async with application.router.lifespan_context(application):
        transport = ASGITransport(app=application)
        async with AsyncClient(transport=transport, base_url="http://test/api/v1") as http:
            yield Scripted(http, application)
