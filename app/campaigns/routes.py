"""HTTP edge of campaigns: the campaign itself, invites and members."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from app.campaigns import service
from app.campaigns.deps import AnySeatManaging, MemberSeat, StorytellerSeat
from app.campaigns.schemas import (
    CAMPAIGN_EXAMPLE,
    INVITE_ACCEPTED_EXAMPLE,
    INVITE_EXAMPLE,
    MEMBER_EXAMPLES,
    CampaignCreate,
    CampaignList,
    CampaignRead,
    CampaignUpdate,
    InviteAccepted,
    InviteCreate,
    InviteRead,
    MemberList,
    MemberRead,
    MemberUpdate,
)
from app.core.deps import Joiner, Manager, ReadDb, Reader, SettingsDep, WriterDep
from app.core.i18n import current_language
from app.core.openapi import AUTH, BODY, no_content, ok, problems
from app.core.pagination import Cursor, Limit, decode_cursor, encode_cursor
from app.core.routing import ApiRoute

router = APIRouter(tags=["campaigns"], route_class=ApiRoute)


_read = service.answer
_NOT_OURS = "cursor: not a cursor this server issued"


@router.post(
    "/campaigns",
    status_code=201,
    response_model=CampaignRead,
    summary="Open a campaign",
    responses={**ok(201, CAMPAIGN_EXAMPLE, "The new campaign."), **problems(*AUTH, *BODY)},
)
async def create_campaign(
    body: CampaignCreate, principal: Manager, writer: WriterDep
) -> CampaignRead:
    """Open a campaign with one ruleset, fixed for its lifetime; its creator becomes its
    storyteller. ``settings`` are checked against the ruleset's own: a 422 whose ``errors``
    names each refused setting (an unknown one, a wrong type). Without a ``language``
    setting, the campaign speaks the request's ``Accept-Language`` (``fr`` or ``en``)."""
    campaign = await service.create(
        writer, principal.user_id, body.name, body.ruleset, body.settings, current_language()
    )
    return _read(campaign, "storyteller")


@router.get(
    "/campaigns",
    response_model=CampaignList,
    summary="List my campaigns",
    responses={
        **ok(200, {"items": [CAMPAIGN_EXAMPLE], "next_cursor": None}, "One page."),
        **problems(
            *AUTH, 422, s422=("Unprocessable content", "cursor: not a cursor this server issued")
        ),
    },
)
async def list_campaigns(
    principal: Reader, db: ReadDb, limit: Limit = 50, cursor: Cursor = None
) -> CampaignList:
    """The campaigns the caller sits at, newest first."""
    rows = await service.list_campaigns(db, principal.user_id, limit + 1, decode_cursor(cursor))
    page = rows[:limit]
    next_cursor = encode_cursor(page[-1][0].id) if len(rows) > limit else None
    return CampaignList(items=[_read(c, role) for c, role in page], next_cursor=next_cursor)


@router.get(
    "/campaigns/{cid}",
    response_model=CampaignRead,
    summary="Read a campaign",
    responses={**ok(200, CAMPAIGN_EXAMPLE, "The campaign."), **problems(*AUTH, 404, 422)},
)
async def get_campaign(seat: MemberSeat) -> CampaignRead:
    """One campaign the caller sits at, with the caller's role; 404 for anyone else."""
    return _read(seat.campaign, seat.role)


@router.patch(
    "/campaigns/{cid}",
    response_model=CampaignRead,
    summary="Edit a campaign",
    responses={
        **ok(200, CAMPAIGN_EXAMPLE, "The campaign as it is now."),
        **problems(*AUTH, 404, *BODY),
    },
)
async def update_campaign(
    cid: str, body: CampaignUpdate, seat: StorytellerSeat, writer: WriterDep
) -> Response:
    """Rename or change settings (merged into the current ones; refused settings answer
    422 with ``errors``, and nothing changes). The ruleset is fixed."""
    status, answer = await service.update(writer, seat.principal, cid, body.name, body.settings)
    return Response(answer, status_code=status, media_type="application/json")


@router.delete(
    "/campaigns/{cid}",
    status_code=204,
    summary="Delete a campaign",
    responses={**no_content("Deleted."), **problems(*AUTH, 404, 422)},
)
async def delete_campaign(seat: StorytellerSeat, writer: WriterDep) -> Response:
    """A storyteller deletes the campaign with its characters, rolls and events."""
    await service.delete(writer, seat)
    return Response(status_code=204)


@router.post(
    "/campaigns/{cid}/invites",
    status_code=201,
    response_model=InviteRead,
    summary="Invite someone",
    responses={
        **ok(201, INVITE_EXAMPLE, "The code to hand out."),
        **problems(*AUTH, 404, *BODY),
    },
)
async def create_invite(
    body: InviteCreate, seat: StorytellerSeat, writer: WriterDep, settings: SettingsDep
) -> InviteRead:
    """An expiring code that seats whoever accepts it with ``role``; usable until it expires."""
    ttl = body.expires_in or settings.invite_ttl_seconds
    code, expires_at = await service.create_invite(writer, seat, body.role, ttl)
    return InviteRead(code=code, role=body.role, expires_at=expires_at)


@router.post(
    "/invites/{code}/accept",
    response_model=InviteAccepted,
    summary="Accept an invite",
    responses={
        **ok(200, INVITE_ACCEPTED_EXAMPLE, "The caller now sits at the campaign."),
        **problems(
            *AUTH,
            404,
            409,
            422,
            s404="this invite code is unknown or has expired",
            s409="you already sit at this campaign as player",
        ),
    },
)
async def accept_invite(code: str, principal: Joiner, writer: WriterDep) -> InviteAccepted:
    """Take the seat an invite offers. 409 when the caller already sits at the campaign.
    An API key needs the ``join`` scope, which ``manage`` includes: a bot's key of
    ``read``, ``roll`` and ``join`` may take a seat and change nothing."""
    campaign_id, role = await service.accept_invite(writer, principal.user_id, code)
    return InviteAccepted(campaign_id=campaign_id, role=role)  # type: ignore[arg-type]


PAGED = "Page size, 1..200: asks for a page, `{items, next_cursor}` (50 with only `cursor`)."


@router.get(
    "/campaigns/{cid}/members",
    response_model=list[MemberRead] | MemberList,
    summary="List the members",
    responses={
        **ok(200, MEMBER_EXAMPLES, "Everyone at the table (a page with `limit` or `cursor`)."),
        **problems(*AUTH, 404, 422, s422=("Unprocessable content", _NOT_OURS)),
    },
)
async def list_members(
    seat: MemberSeat,
    db: ReadDb,
    request: Request,
    limit: Annotated[int | None, Query(ge=1, le=200, description=PAGED)] = None,
    cursor: Cursor = None,
) -> list[MemberRead] | MemberList:
    """Everyone seated at the campaign with their role, in the order they joined (the
    oldest seat first); any member may read it. Version 1 answers the whole table as an
    array; with ``limit`` or ``cursor`` it answers a page, ``{items, next_cursor}``, like
    every other list (the array form goes in version 2)."""
    online = request.app.state.presence.online(seat.campaign.id)
    if limit is None and cursor is None:
        members = await service.list_members(db, seat.campaign.id, online)
        return [MemberRead(**m) for m in members]
    items, next_cursor = await service.members_page(
        db, seat.campaign.id, limit or 50, decode_cursor(cursor), online
    )
    return MemberList(items=[MemberRead(**m) for m in items], next_cursor=next_cursor)


@router.patch(
    "/campaigns/{cid}/members/{user_id}",
    response_model=MemberRead,
    summary="Change a member's role",
    responses={
        **ok(200, MEMBER_EXAMPLES[1], "The member with the new role."),
        **problems(*AUTH, 404, 409, *BODY, s409="a campaign keeps at least one storyteller"),
    },
)
async def change_member_role(
    cid: str, user_id: str, body: MemberUpdate, seat: StorytellerSeat, request: Request
) -> MemberRead:
    """Give a member another role; the last storyteller cannot step down."""
    state = request.app.state
    await service.change_role(state.writer, seat.principal, cid, user_id, body.role)
    online = state.presence.online(cid)
    async with state.database.read() as db:
        members = await service.list_members(db, cid, online)
    return MemberRead(**next(m for m in members if m["user_id"] == user_id))


@router.delete(
    "/campaigns/{cid}/members/{user_id}",
    status_code=204,
    summary="Remove a member, or leave",
    responses={
        **no_content("The member no longer sits at the campaign."),
        **problems(*AUTH, 404, 409, 422, s409="a campaign keeps at least one storyteller"),
    },
)
async def remove_member(
    cid: str, user_id: str, seat: AnySeatManaging, writer: WriterDep
) -> Response:
    """A storyteller removes a member; any member may remove themself (leave)."""
    await service.remove_member(writer, seat.principal, cid, user_id)
    return Response(status_code=204)
