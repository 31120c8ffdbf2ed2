"""The app factory: settings, database, routers, error handlers and middleware."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import APIRouter, FastAPI
from fastapi.middleware.cors import CORSMiddleware
from sqlalchemy import text

from app.accounts.routes import router as accounts_router
from app.campaigns.routes import router as campaigns_router
from app.characters.routes import router as characters_router
from app.core.db import create_engine, create_sessionmaker
from app.core.errors import AppError, install_handlers
from app.core.limits import BodySizeLimit
from app.core.security import AuthCache, configure_password_hashing
from app.core.settings import Settings, get_settings
from app.odds.routes import router as odds_router
from app.rolls.routes import router as rolls_router
from app.rules import SystemDice

API_PREFIX = "/api/v1"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    configure_password_hashing(settings.password_time_cost, settings.password_memory_kib)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = create_engine(settings.database_url, pool_size=settings.db_pool_size)
        app.state.engine = engine
        app.state.sessionmaker = create_sessionmaker(engine)
        try:
            yield
        finally:
            await engine.dispose()

    app = FastAPI(
        title="Fairtable",
        version="1.0.0",
        summary="Dice everyone at the table can trust: rolled, stored and answered by the server.",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.auth_cache = AuthCache(settings.auth_cache_seconds)
    app.state.dice = SystemDice()
    install_handlers(app)

    api = APIRouter(prefix=API_PREFIX)
    for router in (
        accounts_router,
        campaigns_router,
        characters_router,
        rolls_router,
        odds_router,
    ):
        api.include_router(router)
    app.include_router(api)

    @app.get("/healthz", tags=["health"])
    async def healthz() -> dict[str, str]:
        """The process is up."""
        return {"status": "ok"}

    @app.get("/readyz", tags=["health"])
    async def readyz() -> dict[str, str]:
        """The database answers."""
        try:
            async with app.state.engine.connect() as conn:
                await conn.execute(text("SELECT 1"))
        except Exception as exc:
            raise AppError("the database is unreachable", status=503, title="Unavailable") from exc
        return {"status": "ready"}

    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=settings.cors_origins,
            allow_methods=["*"],
            allow_headers=["*"],
        )
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_body_bytes)
    return app
