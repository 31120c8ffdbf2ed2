"""Who is at the other end of a websocket: a ticket or a bearer secret, then a seat.

A socket remembers the credential it was opened with (the bearer secret's keyed hash, or
the one the ticket was issued with) and when that credential expires, so the hub can close
it with 4401 when the credential is revoked or runs out (app/realtime/credentials.py).
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from app.accounts import repository as accounts_repo
from app.accounts.service import authenticate
from app.campaigns import repository as campaigns_repo
from app.core.db import utcnow
from app.core.errors import Unauthorized
from app.core.ids import hash_secret
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


class SocketSeat(NamedTuple):
    user_id: str
    role: str
    credential_hash: str | None  # None: a ticket from before credentials were recorded
    expires_at: float  # epoch seconds; inf for an API key


async def seat_for_socket(
    state: Any, campaign_id: str, ticket: str | None, authorization: str | None
) -> SocketSeat:
    """The caller's seat at ``campaign_id``, or ``SocketRefused``: 4401 for missing, bad
    or dead credentials, 4403 for a non-member or a key without ``read``."""
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
    credential = hash_secret(secret.strip())
    return SocketSeat(principal.user_id, str(row[-1]), credential, principal.expires_at)


async def _by_ticket(state: Any, campaign_id: str, ticket: str) -> SocketSeat:
    async def job(job: Job) -> SocketSeat | str:
        db = job.db
        found = await tickets.consume(db, ticket, campaign_id)
        if found is None:
            return "the ticket is unknown, used or expired"
        user_id, credential = found
        expires_at = math.inf
        if credential is not None:
            live = await accounts_repo.credential_expiry(db, credential, utcnow())
            if live is None:
                return "the credential this ticket was issued to is no longer valid"
            expires_at = live
        row = await campaigns_repo.seat(db, campaign_id, user_id)
        return SocketSeat(user_id, "" if row is None else str(row[-1]), credential, expires_at)

    seat: SocketSeat | str = await state.writer.run(job)
    if isinstance(seat, str):
        raise SocketRefused(BAD_CREDENTIALS, seat)
    if not seat.role:
        raise SocketRefused(NOT_A_MEMBER, "not a member of this campaign")
    return seat
