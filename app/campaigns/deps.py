"""Seats as dependencies: the authorisation of an endpoint shows in its signature."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from app.campaigns.service import PLAYING, ROLES, Seat, take_seat
from app.core.deps import CurrentPrincipal, SessionDep
from app.core.rawsql import raw


def seat_at(scope: str, roles: tuple[str, ...] = ROLES):  # type: ignore[no-untyped-def]
    async def dependency(cid: str, principal: CurrentPrincipal, session: SessionDep) -> Seat:
        return await take_seat(await raw(session), principal, cid, scope, roles)

    return dependency


MemberSeat = Annotated[Seat, Depends(seat_at("read"))]
AnySeatManaging = Annotated[Seat, Depends(seat_at("manage"))]
PlayerSeat = Annotated[Seat, Depends(seat_at("manage", PLAYING))]
RollerSeat = Annotated[Seat, Depends(seat_at("roll", PLAYING))]
StorytellerSeat = Annotated[Seat, Depends(seat_at("manage", ("storyteller",)))]
