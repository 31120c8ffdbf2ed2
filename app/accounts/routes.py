"""HTTP edge of accounts: users, login tokens and API keys."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from app.accounts import service
from app.accounts.repository import KeyRow
from app.accounts.schemas import (
    API_KEY_CREATED_EXAMPLE,
    API_KEY_EXAMPLE,
    TOKEN_EXAMPLE,
    USER_EXAMPLE,
    ApiKeyCreate,
    ApiKeyCreated,
    ApiKeyList,
    ApiKeyRead,
    TokenRead,
    TokenRequest,
    UserCreate,
    UserRead,
)
from app.accounts.throttle import LoginThrottle
from app.core.deps import (
    CurrentPrincipal,
    LoggedIn,
    ReadDb,
    SettingsDep,
    WriterDep,
    bearer_secret,
)
from app.core.openapi import AUTH, BODY, no_content, ok, problems
from app.core.pagination import Cursor, Limit, decode_cursor, encode_cursor
from app.core.routing import ApiRoute
from app.core.security import announce_revoked
from app.core.settings import Settings

router = APIRouter(tags=["accounts"], route_class=ApiRoute)


def _key_read(key: KeyRow) -> ApiKeyRead:
    return ApiKeyRead(
        id=key.id, name=key.name, scopes=key.scopes.split(), created_at=key.created_at
    )


@router.post(
    "/users",
    status_code=201,
    response_model=UserRead,
    summary="Register an account",
    responses={
        **ok(201, USER_EXAMPLE, "The new account."),
        **problems(
            409,
            *BODY,
            s422=("Validation failed", "body.password: This is a top-10 common password."),
        ),
    },
)
async def create_user(body: UserCreate, writer: WriterDep, settings: SettingsDep) -> UserRead:
    """Register an account. Usernames are case-insensitive and stored lower-case; a taken
    username answers 409. ``display_name`` defaults to the username. The password needs
    10 characters or more, must not contain the username nor be a common or easily
    guessed one (422 says why)."""
    user = await service.register(writer, settings, body.username, body.password, body.display_name)
    return UserRead(id=user.id, username=user.username, display_name=user.display_name)


@router.post(
    "/auth/token",
    response_model=TokenRead,
    summary="Log in",
    responses={
        **ok(200, TOKEN_EXAMPLE, "A bearer token for the `Authorization` header."),
        **problems(401, 429, *BODY, s401="wrong username or password"),
    },
)
async def create_token(body: TokenRequest, request: Request, settings: SettingsDep) -> TokenRead:
    """Exchange a username and password for a bearer token. Repeated failures for one
    username from one address, or many from one address, throttle that address for a
    while: 429 with a ``Retry-After`` header. The owner elsewhere is not affected."""
    state = request.app.state
    throttle = _throttle(state, settings)
    credentials = (body.username, body.password, throttle.address(request))
    secret, expires_at = await service.login(
        state.database, state.writer, settings, throttle, credentials
    )
    return TokenRead(access_token=secret, expires_at=expires_at)


def _throttle(state: Any, settings: Settings) -> LoginThrottle:
    """One per app, made at the first login (its Redis connection opens lazily)."""
    throttle: LoginThrottle | None = getattr(state, "login_throttle", None)
    if throttle is None:
        throttle = state.login_throttle = LoginThrottle(settings)
    return throttle


@router.post(
    "/auth/logout",
    status_code=204,
    summary="Log out",
    responses={
        **no_content("The token no longer authenticates, on any instance."),
        **problems(*AUTH, s403="an API key is revoked with DELETE /api-keys/{id}"),
    },
)
async def logout(principal: LoggedIn, writer: WriterDep, request: Request) -> Response:
    """Revoke the login token of this request. Within a second it is refused everywhere,
    and websockets opened with it (or with tickets it got) are closed with 4401."""
    await service.logout(writer, bearer_secret(request))
    announce_revoked(request.app.state, principal.user_id)
    return Response(status_code=204)


@router.post(
    "/auth/logout-all",
    status_code=204,
    summary="Log out everywhere",
    responses={
        **no_content("None of the user's login tokens authenticates any more."),
        **problems(*AUTH, s403="an API key is revoked with DELETE /api-keys/{id}"),
    },
)
async def logout_all(principal: LoggedIn, writer: WriterDep, request: Request) -> Response:
    """Revoke every login token of the caller, this one included, and close the
    websockets opened with them (4401). API keys keep working: revoke each with
    ``DELETE /api-keys/{id}``."""
    await service.logout_all(writer, principal.user_id)
    announce_revoked(request.app.state, principal.user_id)
    return Response(status_code=204)


@router.get(
    "/users/me",
    response_model=UserRead,
    summary="Who am I",
    responses={**ok(200, USER_EXAMPLE, "The caller's account."), **problems(401)},
)
async def me(principal: CurrentPrincipal) -> UserRead:
    """The account behind the credential, whether a login token or an API key."""
    return UserRead(
        id=principal.user_id, username=principal.username, display_name=principal.display_name
    )


@router.post(
    "/api-keys",
    status_code=201,
    response_model=ApiKeyCreated,
    summary="Create an API key",
    responses={
        **ok(201, API_KEY_CREATED_EXAMPLE, "The key, shown this once."),
        **problems(
            *AUTH, *BODY, s403="API keys are managed with a login token, not with another key"
        ),
    },
)
async def create_api_key(
    body: ApiKeyCreate, principal: LoggedIn, writer: WriterDep
) -> ApiKeyCreated:
    """Create a key for a third-party tool, limited to ``scopes``: ``read`` (see), ``roll``
    (roll dice), ``manage`` (change things) and ``join`` (accept an invite, which
    ``manage`` also allows). The key is in this answer only. Keys are
    managed with a login token, never with another key (403)."""
    secret, key = await service.create_api_key(writer, principal.user_id, body.name, body.scopes)
    return ApiKeyCreated(**_key_read(key).model_dump(), key=secret)


@router.get(
    "/api-keys",
    response_model=ApiKeyList,
    summary="List my API keys",
    responses={
        **ok(200, {"items": [API_KEY_EXAMPLE], "next_cursor": None}, "One page of live keys."),
        **problems(
            *AUTH, 422, s422=("Unprocessable content", "cursor: not a cursor this server issued")
        ),
    },
)
async def list_api_keys(
    principal: LoggedIn, db: ReadDb, limit: Limit = 50, cursor: Cursor = None
) -> ApiKeyList:
    """The caller's keys that are not revoked, newest first; the secret itself is never
    shown again."""
    rows = await service.list_api_keys(db, principal.user_id, limit + 1, decode_cursor(cursor))
    page = rows[:limit]
    next_cursor = encode_cursor(page[-1].id) if len(rows) > limit else None
    return ApiKeyList(items=[_key_read(k) for k in page], next_cursor=next_cursor)


@router.delete(
    "/api-keys/{key_id}",
    status_code=204,
    summary="Revoke an API key",
    responses={
        **no_content("Revoked: the key no longer authenticates."),
        **problems(*AUTH, 404, 422, s404="no such API key"),
    },
)
async def revoke_api_key(
    key_id: str, principal: LoggedIn, writer: WriterDep, request: Request
) -> Response:
    """Revoke one of the caller's keys: within a second it is refused on every instance,
    and websockets opened with it are closed with 4401."""
    await service.revoke_api_key(writer, principal.user_id, key_id)
    announce_revoked(request.app.state, principal.user_id)
    return Response(status_code=204)
