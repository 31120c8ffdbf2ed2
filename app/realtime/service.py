"""Who is at the other end of a websocket: a ticket or a bearer secret, then a seat."""

from __future__ import annotations

from typing import Any

from app.accounts.service import authenticate
from app.campaigns import repository as campaigns_repo
from app.core.errors import Unauthorized
from app.core.writer import Job
from app.realtime import tickets

BAD_CREDENTIALS = 4401
NOT_A_MEMBER = 4403


class SocketRefused(Exception):
    """Close the (accepted) socket with ``code``: websockets carry no HTTP status."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


async def seat_for_socket(
    state: Any, campaign_id: str, ticket: str | None, authorization: str | None
) -> tuple[str, str]:
    """(user_id, role) of the caller at ``campaign_id``, or ``SocketRefused``: 4401 for
    missing or bad credentials, 4403 for a non-member or a key without ``read``."""
    if ticket:
        return await _by_ticket(state, campaign_id, ticket)
    scheme, _, secret = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not secret.strip():
        raise SocketRefused(BAD_CREDENTIALS, "a ticket or an Authorization header is needed")
    async with state.database.read() as db:
        try:
            principal = await authenticate(db, state.auth_cache, secret.strip())
        except Unauthorized as exc:
            raise SocketRefused(BAD_CREDENTIALS, exc.detail) from exc
        if not principal.allows("read"):
            raise SocketRefused(NOT_A_MEMBER, "this API key lacks the 'read' scope")
        row = await campaigns_repo.seat(db, campaign_id, principal.user_id)
    if row is None:
        raise SocketRefused(NOT_A_MEMBER, "not a member of this campaign")
    return principal.user_id, str(row[-1])


async def _by_ticket(state: Any, campaign_id: str, ticket: str) -> tuple[str, str]:
    async def job(job: Job) -> tuple[str | None, str | None]:
        db = job.db
        user_id = await tickets.consume(db, ticket, campaign_id)
        if user_id is None:
            return None, None
        row = await campaigns_repo.seat(db, campaign_id, user_id)
        return user_id, None if row is None else str(row[-1])

    user_id, role = await state.writer.run(job)
    if user_id is None:
        raise SocketRefused(BAD_CREDENTIALS, "the ticket is unknown, used or expired")
    if role is None:
        raise SocketRefused(NOT_A_MEMBER, "not a member of this campaign")
    return user_id, role
