"""Shared fixtures: a fresh database per test run (SQLite, or PostgreSQL when
``VTT_TEST_DATABASE_URL`` is set), migrated with Alembic, and a real app around it."""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio
from httpx import ASGITransport, AsyncClient
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from app.core.migrate import upgrade
from app.core.settings import Settings
from app.main import create_app

PG_ENV = "VTT_TEST_DATABASE_URL"


async def _admin(url: str, statement: str) -> None:
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as conn:
            await conn.execute(text(statement))
    finally:
        await engine.dispose()


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A database that exists only for this run, with the whole Alembic history applied."""
    server = os.environ.get(PG_ENV)
    if not server:
        path = Path(tmp_path_factory.mktemp("db")) / "fairtable-test.db"
        url = f"sqlite+aiosqlite:///{path}"
        upgrade(url)
        yield url
        return
    name = f"fairtable_test_{secrets.token_hex(6)}"
    admin_url = str(make_url(server))
    asyncio.run(_admin(admin_url, f'CREATE DATABASE "{name}"'))
    url = make_url(server).set(database=name).render_as_string(hide_password=False)
    try:
        upgrade(url)
        yield url
    finally:
        asyncio.run(_admin(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


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
    )


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def app(settings: Settings) -> AsyncIterator[object]:
    application = create_app(settings)
    async with application.router.lifespan_context(application):
        yield application


@pytest_asyncio.fixture(loop_scope="session")
async def client(app: object) -> AsyncIterator[AsyncClient]:
    transport = ASGITransport(app=app)  # type: ignore[arg-type]
    async with AsyncClient(transport=transport, base_url="http://test/api/v1") as http:
        yield http
