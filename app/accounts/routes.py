"""HTTP edge of accounts: users, login tokens and API keys."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from app.accounts import service
from app.accounts.models import ApiKey
from app.accounts.schemas import (
    ApiKeyCreate,
    ApiKeyCreated,
    ApiKeyRead,
    TokenRead,
    TokenRequest,
    UserCreate,
    UserRead,
)
from app.core.deps import CurrentPrincipal, LoggedIn, SessionDep, SettingsDep

router = APIRouter(tags=["accounts"])


def _key_read(key: ApiKey) -> ApiKeyRead:
    return ApiKeyRead(
        id=key.id, name=key.name, scopes=key.scopes.split(), created_at=key.created_at
    )


@router.post("/users", status_code=201, response_model=UserRead)
async def create_user(body: UserCreate, session: SessionDep) -> UserRead:
    """Register an account. Usernames are case-insensitive and stored lower-case."""
    user = await service.register(session, body.username, body.password, body.display_name)
    return UserRead(id=user.id, username=user.username, display_name=user.display_name)


@router.post("/auth/token", response_model=TokenRead)
async def create_token(body: TokenRequest, session: SessionDep, settings: SettingsDep) -> TokenRead:
    """Exchange a username and password for a bearer token. Repeated failures answer 429."""
    secret, token = await service.login(session, settings, body.username, body.password)
    return TokenRead(access_token=secret, expires_at=token.expires_at)


@router.get("/users/me", response_model=UserRead)
async def me(principal: CurrentPrincipal) -> UserRead:
    return UserRead(
        id=principal.user_id, username=principal.username, display_name=principal.display_name
    )


@router.post("/api-keys", status_code=201, response_model=ApiKeyCreated)
async def create_api_key(
    body: ApiKeyCreate, principal: LoggedIn, session: SessionDep
) -> ApiKeyCreated:
    """Create a key for a third-party tool; the key is in this answer only."""
    secret, key = await service.create_api_key(session, principal.user_id, body.name, body.scopes)
    return ApiKeyCreated(**_key_read(key).model_dump(), key=secret)


@router.get("/api-keys", response_model=list[ApiKeyRead])
async def list_api_keys(principal: LoggedIn, session: SessionDep) -> list[ApiKeyRead]:
    return [_key_read(k) for k in await service.list_api_keys(session, principal.user_id)]


@router.delete("/api-keys/{key_id}", status_code=204)
async def revoke_api_key(
    key_id: str, principal: LoggedIn, session: SessionDep, request: Request
) -> Response:
    await service.revoke_api_key(session, request.app.state.auth_cache, principal.user_id, key_id)
    return Response(status_code=204)
