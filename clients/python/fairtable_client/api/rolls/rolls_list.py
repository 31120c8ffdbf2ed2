import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.roll_list import RollList
from ...models.rolls_list_kind_type_0 import RollsListKindType0
from ...models.rolls_list_status_type_0 import RollsListStatusType0
from ...types import UNSET, Response, Unset


def _get_kwargs(
    cid: str,
    *,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    character_id: None | str | Unset = UNSET,
    user_id: None | str | Unset = UNSET,
    status: None | RollsListStatusType0 | Unset = UNSET,
    kind: None | RollsListKindType0 | Unset = UNSET,
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    json_character_id: None | str | Unset
    if isinstance(character_id, Unset):
        json_character_id = UNSET
    else:
        json_character_id = character_id
    params["character_id"] = json_character_id

    json_user_id: None | str | Unset
    if isinstance(user_id, Unset):
        json_user_id = UNSET
    else:
        json_user_id = user_id
    params["user_id"] = json_user_id

    json_status: None | str | Unset
    if isinstance(status, Unset):
        json_status = UNSET
    elif isinstance(status, str):
        json_status = status
    else:
        json_status = status
    params["status"] = json_status

    json_kind: None | str | Unset
    if isinstance(kind, Unset):
        json_kind = UNSET
    elif isinstance(kind, str):
        json_kind = kind
    else:
        json_kind = kind
    params["kind"] = json_kind

    json_since: None | str | Unset
    if isinstance(since, Unset):
        json_since = UNSET
    elif isinstance(since, datetime.datetime):
        json_since = since.isoformat()
    else:
        json_since = since
    params["since"] = json_since

    json_until: None | str | Unset
    if isinstance(until, Unset):
        json_until = UNSET
    elif isinstance(until, datetime.datetime):
        json_until = until.isoformat()
    else:
        json_until = until
    params["until"] = json_until

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/campaigns/{cid}/rolls".format(
            cid=quote(str(cid), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RollList | None:
    if response.status_code == 200:
        response_200 = RollList.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | RollList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    cid: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    character_id: None | str | Unset = UNSET,
    user_id: None | str | Unset = UNSET,
    status: None | RollsListStatusType0 | Unset = UNSET,
    kind: None | RollsListKindType0 | Unset = UNSET,
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
) -> Response[Problem | RollList]:
    """Read the roll log

     The campaign's roll log, newest first, holding only what the caller may see:
    ``private`` rolls only for their roller, ``storyteller`` ones for their roller and the
    storytellers, ``blind`` ones for the storytellers.

    The filters combine (all must hold) and page with ``cursor`` like the whole log: pass
    the same filters with each ``next_cursor``. ``since`` is inclusive, ``until``
    exclusive, on ``created_at``; ``since`` after ``until`` is a 422. An unknown query
    parameter is a 422 naming it, as on every endpoint.

    API keys need the `read` scope.

    Args:
        cid (str):
        limit (int | Unset): Page size, 1..200. Default: 50.
        cursor (None | str | Unset): `next_cursor` of the previous page.
        character_id (None | str | Unset): Only this character's rolls.
        user_id (None | str | Unset): Only the rolls this member made.
        status (None | RollsListStatusType0 | Unset): Only pending rolls (steps left) or only
            final ones.
        kind (None | RollsListKindType0 | Unset): Only this kind.
        since (datetime.datetime | None | Unset): Only rolls made at or after this time (RFC 3339
            with its offset, e.g. `2026-11-30T20:00:00Z`).
        until (datetime.datetime | None | Unset): Only rolls made before this time (RFC 3339,
            exclusive).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollList]
    """

    kwargs = _get_kwargs(
        cid=cid,
        limit=limit,
        cursor=cursor,
        character_id=character_id,
        user_id=user_id,
        status=status,
        kind=kind,
        since=since,
        until=until,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    cid: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    character_id: None | str | Unset = UNSET,
    user_id: None | str | Unset = UNSET,
    status: None | RollsListStatusType0 | Unset = UNSET,
    kind: None | RollsListKindType0 | Unset = UNSET,
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
) -> Problem | RollList | None:
    """Read the roll log

     The campaign's roll log, newest first, holding only what the caller may see:
    ``private`` rolls only for their roller, ``storyteller`` ones for their roller and the
    storytellers, ``blind`` ones for the storytellers.

    The filters combine (all must hold) and page with ``cursor`` like the whole log: pass
    the same filters with each ``next_cursor``. ``since`` is inclusive, ``until``
    exclusive, on ``created_at``; ``since`` after ``until`` is a 422. An unknown query
    parameter is a 422 naming it, as on every endpoint.

    API keys need the `read` scope.

    Args:
        cid (str):
        limit (int | Unset): Page size, 1..200. Default: 50.
        cursor (None | str | Unset): `next_cursor` of the previous page.
        character_id (None | str | Unset): Only this character's rolls.
        user_id (None | str | Unset): Only the rolls this member made.
        status (None | RollsListStatusType0 | Unset): Only pending rolls (steps left) or only
            final ones.
        kind (None | RollsListKindType0 | Unset): Only this kind.
        since (datetime.datetime | None | Unset): Only rolls made at or after this time (RFC 3339
            with its offset, e.g. `2026-11-30T20:00:00Z`).
        until (datetime.datetime | None | Unset): Only rolls made before this time (RFC 3339,
            exclusive).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollList
    """

    return sync_detailed(
        cid=cid,
        client=client,
        limit=limit,
        cursor=cursor,
        character_id=character_id,
        user_id=user_id,
        status=status,
        kind=kind,
        since=since,
        until=until,
    ).parsed


async def asyncio_detailed(
    cid: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    character_id: None | str | Unset = UNSET,
    user_id: None | str | Unset = UNSET,
    status: None | RollsListStatusType0 | Unset = UNSET,
    kind: None | RollsListKindType0 | Unset = UNSET,
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
) -> Response[Problem | RollList]:
    """Read the roll log

     The campaign's roll log, newest first, holding only what the caller may see:
    ``private`` rolls only for their roller, ``storyteller`` ones for their roller and the
    storytellers, ``blind`` ones for the storytellers.

    The filters combine (all must hold) and page with ``cursor`` like the whole log: pass
    the same filters with each ``next_cursor``. ``since`` is inclusive, ``until``
    exclusive, on ``created_at``; ``since`` after ``until`` is a 422. An unknown query
    parameter is a 422 naming it, as on every endpoint.

    API keys need the `read` scope.

    Args:
        cid (str):
        limit (int | Unset): Page size, 1..200. Default: 50.
        cursor (None | str | Unset): `next_cursor` of the previous page.
        character_id (None | str | Unset): Only this character's rolls.
        user_id (None | str | Unset): Only the rolls this member made.
        status (None | RollsListStatusType0 | Unset): Only pending rolls (steps left) or only
            final ones.
        kind (None | RollsListKindType0 | Unset): Only this kind.
        since (datetime.datetime | None | Unset): Only rolls made at or after this time (RFC 3339
            with its offset, e.g. `2026-11-30T20:00:00Z`).
        until (datetime.datetime | None | Unset): Only rolls made before this time (RFC 3339,
            exclusive).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollList]
    """

    kwargs = _get_kwargs(
        cid=cid,
        limit=limit,
        cursor=cursor,
        character_id=character_id,
        user_id=user_id,
        status=status,
        kind=kind,
        since=since,
        until=until,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    cid: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    character_id: None | str | Unset = UNSET,
    user_id: None | str | Unset = UNSET,
    status: None | RollsListStatusType0 | Unset = UNSET,
    kind: None | RollsListKindType0 | Unset = UNSET,
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
) -> Problem | RollList | None:
    """Read the roll log

     The campaign's roll log, newest first, holding only what the caller may see:
    ``private`` rolls only for their roller, ``storyteller`` ones for their roller and the
    storytellers, ``blind`` ones for the storytellers.

    The filters combine (all must hold) and page with ``cursor`` like the whole log: pass
    the same filters with each ``next_cursor``. ``since`` is inclusive, ``until``
    exclusive, on ``created_at``; ``since`` after ``until`` is a 422. An unknown query
    parameter is a 422 naming it, as on every endpoint.

    API keys need the `read` scope.

    Args:
        cid (str):
        limit (int | Unset): Page size, 1..200. Default: 50.
        cursor (None | str | Unset): `next_cursor` of the previous page.
        character_id (None | str | Unset): Only this character's rolls.
        user_id (None | str | Unset): Only the rolls this member made.
        status (None | RollsListStatusType0 | Unset): Only pending rolls (steps left) or only
            final ones.
        kind (None | RollsListKindType0 | Unset): Only this kind.
        since (datetime.datetime | None | Unset): Only rolls made at or after this time (RFC 3339
            with its offset, e.g. `2026-11-30T20:00:00Z`).
        until (datetime.datetime | None | Unset): Only rolls made before this time (RFC 3339,
            exclusive).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollList
    """

    return (
        await asyncio_detailed(
            cid=cid,
            client=client,
            limit=limit,
            cursor=cursor,
            character_id=character_id,
            user_id=user_id,
            status=status,
            kind=kind,
            since=since,
            until=until,
        )
    ).parsed
