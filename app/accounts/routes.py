"""HTTP edge of accounts: users, login tokens and API keys."""

from __future__ import annotations

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
from app.core.deps import CurrentPrincipal, LoggedIn, ReadDb, SettingsDep, WriterDep
from app.core.openapi import AUTH, BODY, no_content, ok, problems
from app.core.pagination import Cursor, Limit, decode_cursor, encode_cursor

router = APIRouter(tags=["accounts"])


def _key_read(key: KeyRow) -> ApiKeyRead:
    return ApiKeyRead(
        id=key.id, name=key.name, scopes=key.scopes.split(), created_at=key.created_at
    )


@router.post(
    "/users",
    status_code=201,
    response_model=UserRead,
    summary="Register an account",
    responses={**ok(201, USER_EXAMPLE, "The new account."), **problems(409, *BODY)},
)
async def create_user(body: UserCreate, writer: WriterDep) -> UserRead:
    """Register an account. Usernames are case-insensitive and stored lower-case; a taken
    username answers 409. ``display_name`` defaults to the username."""
    user = await service.register(writer, body.username, body.password, body.display_name)
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
    """Exchange a username and password for a bearer token. Repeated failures lock the
    username for a while: 429 with a ``Retry-After`` header."""
    state = request.app.state
    secret, expires_at = await service.login(
        state.database, state.writer, settings, body.username, body.password
    )
    return TokenRead(access_token=secret, expires_at=expires_at)


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
    (roll dice) and ``manage`` (change things). The key is in this answer only. Keys are
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
    """Revoke one of the caller's keys; it stops working at once on this process and
    within the credential cache's lifetime on others."""
    await service.revoke_api_key(writer, request.app.state.auth_cache, principal.user_id, key_id)
    return Response(status_code=204)
