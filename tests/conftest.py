"""Shared fixtures: a fresh database per test run (SQLite, or PostgreSQL when
``VTT_TEST_DATABASE_URL`` is set), migrated with Alembic, and a real app around it."""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from app.core.migrate import upgrade
from app.core.settings import Settings
from app.main import create_app
from app.rules import ScriptedDice

PG_ENV = "VTT_TEST_DATABASE_URL"


async def _admin(url: str, statement: str) -> None:
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as conn:
            await conn.execute(text(statement))
    finally:
        await engine.dispose()


@contextlib.contextmanager
def fresh_database(tmp_path_factory: pytest.TempPathFactory, prefix: str) -> Iterator[str]:
    """A database that exists only while in use, with the whole Alembic history applied:
    a SQLite file, or a new database on the PostgreSQL server of ``VTT_TEST_DATABASE_URL``
    (dropped afterwards)."""
    server = os.environ.get(PG_ENV)
    if not server:
        path = Path(tmp_path_factory.mktemp(prefix)) / f"{prefix}.db"
        url = f"sqlite+aiosqlite:///{path}"
        upgrade(url)
        yield url
        return
    name = f"{prefix}_{secrets.token_hex(6)}"
    admin_url = str(make_url(server))
    asyncio.run(_admin(admin_url, f'CREATE DATABASE "{name}"'))
    url = make_url(server).set(database=name).render_as_string(hide_password=False)
    try:
        upgrade(url)
        yield url
    finally:
        asyncio.run(_admin(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """This run's database."""
    with fresh_database(tmp_path_factory, "fairtable_test") as url:
        yield url


@pytest.fixture(scope="session")
def settings(database_url: str) -> Settings:
    return Settings(
        environment="test",
        database_url=database_url,
        secret_key=secrets.token_hex(32),
        auth_cache_seconds=0,
        db_pool_size=20,
        password_time_cost=1,
        password_memory_kib=64,
        # Tests sweep expired roll requests when they mean to (an app's own sweep on the
        # shared database would race them); the live test runs a server with its own.
        roll_request_sweep_seconds=3600,
        # Webhook tests run apps of their own that deliver (tests/webhooks), to a receiver
        # on 127.0.0.1, retrying at once; the shared app delivers nothing.
        webhook_delivery=False,
        webhook_allow_private=True,
        webhook_backoff_base_seconds=0.05,
        webhook_backoff_max_seconds=0.5,
        webhook_poll_seconds=0.2,
    )


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def app(settings: Settings) -> AsyncIterator[object]:
    application = create_app(settings)
    async with application.router.lifespan_context(application):
        yield application


@dataclass
class Scripted:
    """An app of the test's own whose dice the test scripts (the shared ``app`` keeps its
    committed seeds), with a client on it."""

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


@pytest_asyncio.fixture(loop_scope="session")
async def client(app: object) -> AsyncIterator[AsyncClient]:
    transport = ASGITransport(app=app)  # type: ignore[arg-type]
    async with AsyncClient(transport=transport, base_url="http://test/api/v1") as http:
        yield http
