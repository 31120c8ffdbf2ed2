"""Dependencies shared by every feature: the session, the caller, the scope they need."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.db import session_scope
from app.core.errors import Forbidden, Unauthorized
from app.core.security import Principal
from app.core.settings import Settings


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    async for session in session_scope(request.app.state.sessionmaker):
        yield session


# scope="function": the commit runs before the answer is sent, so an answered write is
# always a committed one.
SessionDep = Annotated[AsyncSession, Depends(get_session, scope="function")]


def get_settings_dep(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


SettingsDep = Annotated[Settings, Depends(get_settings_dep)]


def bearer_secret(request: Request) -> str:
    header = request.headers.get("authorization", "")
    scheme, _, secret = header.partition(" ")
    if scheme.lower() != "bearer" or not secret.strip():
        raise Unauthorized()
    return secret.strip()


async def get_principal(request: Request, session: SessionDep) -> Principal:
    # Imported here: accounts depends on core, not the other way round at import time.
    from app.accounts.service import authenticate

    return await authenticate(session, request.app.state.auth_cache, bearer_secret(request))


CurrentPrincipal = Annotated[Principal, Depends(get_principal)]


def require_scope(scope: str):  # type: ignore[no-untyped-def]
    """A dependency that refuses an API key lacking ``scope`` (login tokens have all)."""

    async def check(principal: CurrentPrincipal) -> Principal:
        if not principal.allows(scope):
            raise Forbidden(f"this API key lacks the '{scope}' scope")
        return principal

    return check


Reader = Annotated[Principal, Depends(require_scope("read"))]
Roller = Annotated[Principal, Depends(require_scope("roll"))]
Manager = Annotated[Principal, Depends(require_scope("manage"))]


async def require_login_token(principal: CurrentPrincipal) -> Principal:
    if principal.via_api_key:
        raise Forbidden("API keys are managed with a login token, not with another key")
    return principal


LoggedIn = Annotated[Principal, Depends(require_login_token)]
