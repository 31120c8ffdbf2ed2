"""Dependencies shared by every feature: the database, the writer, the caller, the scope."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from fastapi.routing import APIRoute

from app.core.database import Database, Db
from app.core.errors import Forbidden, Unauthorized
from app.core.i18n import msg
from app.core.observe import USER_KEY
from app.core.ratelimit import WRITE_METHODS, RateLimiter, dependency_calls
from app.core.routing import direct
from app.core.security import Principal
from app.core.settings import Settings
from app.core.writer import Writer


async def read_db(request: Request) -> AsyncIterator[Db]:
    """A connection for the reads of one request, outside any write job. A route that
    writes takes ``WriterDep`` instead, never both: a read connection held while waiting
    for the writer's could exhaust the pool."""
    database: Database = request.app.state.database
    async with database.read() as db:
        yield db


ReadDb = Annotated[Db, Depends(read_db, scope="function")]


def get_writer(request: Request) -> Writer:
    writer: Writer = request.app.state.writer
    return writer


WriterDep = Annotated[Writer, Depends(get_writer)]


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


@direct
async def get_principal(request: Request) -> Principal:
    """The caller, from the cache or from a read of its own (released before the route
    runs, so a write job that follows never waits on it). A write also counts against the
    caller's rate limit here (429 past it)."""
    # Imported here: accounts depends on core, not the other way round at import time.
    from app.accounts.service import authenticate, cached_principal

    state = request.app.state
    secret = bearer_secret(request)
    principal = cached_principal(state.auth_cache, secret)
    if principal is None:  # the hot path skips this: no connection at all
        database: Database = state.database
        async with database.read() as db:
            principal = await authenticate(db, state.auth_cache, secret)
    request.scope[USER_KEY] = principal.user_id  # for the request's log line
    limiter: RateLimiter | None = getattr(state, "ratelimiter", None)
    if limiter is not None:
        scope = request.scope
        # Counted here, once the user is known and before the route runs (a refused write
        # touches nothing); once per request, as a route may resolve its caller twice.
        if scope.get("method") in WRITE_METHODS and _COUNTED not in scope:
            scope[_COUNTED] = True
            await limiter.user_write(principal.user_id)
    return principal


CurrentPrincipal = Annotated[Principal, Depends(get_principal)]

_COUNTED = "fairtable.rate_counted"  # scope key: this request's write is counted


async def _scoped(request: Request, scope: str) -> Principal:
    principal = await get_principal(request)
    if not principal.allows(scope):
        raise Forbidden(msg("this API key lacks the '{scope}' scope", scope=scope))
    return principal


# Plain functions rather than a factory of closures: FastAPI resolves one level instead of
# two on every request, which showed on the hot path of rolls.
@direct
async def require_read(request: Request) -> Principal:
    return await _scoped(request, "read")


@direct
async def require_roll(request: Request) -> Principal:
    return await _scoped(request, "roll")


@direct
async def require_manage(request: Request) -> Principal:
    return await _scoped(request, "manage")


async def require_join(request: Request) -> Principal:
    return await _scoped(request, "join")


Reader = Annotated[Principal, Depends(require_read)]
Roller = Annotated[Principal, Depends(require_roll)]
Manager = Annotated[Principal, Depends(require_manage)]
Joiner = Annotated[Principal, Depends(require_join)]
"""Accepting an invite: the ``join`` scope, which ``manage`` includes, so a bot's key of
``read``, ``roll`` and ``join`` takes a seat without being able to change anything."""

_CREDENTIALS = (get_principal, require_read, require_roll, require_manage, require_join)


_SCOPES = {
    require_read: "read",
    require_roll: "roll",
    require_manage: "manage",
    require_join: "join",
}


def required_scope(route: APIRoute) -> str | None:
    """The API-key scope ``route``'s dependencies check (for the OpenAPI document): a
    scope's name, ``""`` when they take any credential (a write may check its scope in its
    job), None when the endpoint is open. A seat dependency carries ``api_key_scope``."""
    calls = list(dependency_calls(route.dependant))
    for call in calls:
        scope = getattr(call, "api_key_scope", None) or next(
            (s for dependency, s in _SCOPES.items() if call is dependency), None
        )
        if scope is not None:
            return str(scope)
    return "" if any(needs_credential(call) for call in calls) else None


def needs_credential(call: object) -> bool:
    """Whether a dependency resolves the caller: an endpoint with none of them is open to
    anyone and rate-limited per client address instead (``ratelimit.open_routes``)."""
    return any(call is dependency for dependency in _CREDENTIALS)


async def require_login_token(principal: CurrentPrincipal) -> Principal:
    if principal.via_api_key:
        raise Forbidden(msg("API keys are managed with a login token, not with another key"))
    return principal


LoggedIn = Annotated[Principal, Depends(require_login_token)]
