"""Apps that deliver webhooks, each with its own settings (the shared app delivers none, so
no other worker races the one a test watches), and a client of each."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import pytest_asyncio
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient

from app.core.settings import Settings
from app.main import create_app


@dataclass
class Delivering:
    app: FastAPI
    http: AsyncClient


@contextlib.asynccontextmanager
async def delivering(settings: Settings, **overrides: Any) -> AsyncIterator[Delivering]:
    changed = settings.model_copy(update={"webhook_delivery": True, **overrides})
    application = create_app(changed)
    async with application.router.lifespan_context(application):
        transport = ASGITransport(app=application)
        async with AsyncClient(transport=transport, base_url="http://test/api/v1") as http:
            yield Delivering(application, http)


@pytest_asyncio.fixture(loop_scope="session")
async def hooks(settings: Settings) -> AsyncIterator[Delivering]:
    async with delivering(settings) as made:
        yield made


@pytest_asyncio.fixture(loop_scope="session")
def make(settings: Settings) -> Callable[..., Any]:
    """``async with make(webhook_max_failures=3) as d``: an app with those settings."""

    def build(**overrides: Any) -> Any:
        return delivering(settings, **overrides)

    return build
