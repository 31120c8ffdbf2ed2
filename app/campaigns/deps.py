"""Seats as dependencies: the authorisation of an endpoint shows in its signature.

The seat is read on a connection of its own, released before the route runs; a route that
then writes checks the seat again inside its job, under the campaign's lock."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated

from fastapi import Depends, Request

from app.campaigns.seats import PLAYING, ROLES, STORYTELLER, Seat, take_seat
from app.core.database import Database
from app.core.deps import CurrentPrincipal


def seat_at(
    scope: str, roles: tuple[str, ...] = ROLES
) -> Callable[[str, CurrentPrincipal, Request], Awaitable[Seat]]:
    async def dependency(cid: str, principal: CurrentPrincipal, request: Request) -> Seat:
        database: Database = request.app.state.database
        async with database.read() as db:
            return await take_seat(db, principal, cid, scope, roles)

    dependency.api_key_scope = scope  # type: ignore[attr-defined]  # for the OpenAPI document
    return dependency


MemberSeat = Annotated[Seat, Depends(seat_at("read"))]
AnySeatManaging = Annotated[Seat, Depends(seat_at("manage"))]
PlayerSeat = Annotated[Seat, Depends(seat_at("manage", PLAYING))]
RollerSeat = Annotated[Seat, Depends(seat_at("roll", PLAYING))]
StorytellerSeat = Annotated[Seat, Depends(seat_at("manage", STORYTELLER))]
