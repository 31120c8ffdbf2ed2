from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.member_list import MemberList
from ...models.member_read import MemberRead
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    cid: str,
    *,
    limit: int | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_limit: int | None | Unset
    if isinstance(limit, Unset):
        json_limit = UNSET
    else:
        json_limit = limit
    params["limit"] = json_limit

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/campaigns/{cid}/members".format(
            cid=quote(str(cid), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | list[MemberRead] | MemberList | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> list[MemberRead] | MemberList:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                response_200_type_0 = []
                _response_200_type_0 = data
                for response_200_type_0_item_data in _response_200_type_0:
                    response_200_type_0_item = MemberRead.from_dict(response_200_type_0_item_data)

                    response_200_type_0.append(response_200_type_0_item)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_1 = MemberList.from_dict(data)

            return response_200_type_1

        response_200 = _parse_response_200(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | list[MemberRead] | MemberList]:
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
    limit: int | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
) -> Response[Problem | list[MemberRead] | MemberList]:
    """List the members

     Everyone seated at the campaign with their role, in the order they joined (the
    oldest seat first); any member may read it. Version 1 answers the whole table as an
    array; with ``limit`` or ``cursor`` it answers a page, ``{items, next_cursor}``, like
    every other list (the array form goes in version 2).

    API keys need the `read` scope.

    Args:
        cid (str):
        limit (int | None | Unset): Page size, 1..200: asks for a page, `{items, next_cursor}` (50
            with only `cursor`).
        cursor (None | str | Unset): `next_cursor` of the previous page.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[MemberRead] | MemberList]
    """

    kwargs = _get_kwargs(
        cid=cid,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    cid: str,
    *,
    client: AuthenticatedClient,
    limit: int | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
) -> Problem | list[MemberRead] | MemberList | None:
    """List the members

     Everyone seated at the campaign with their role, in the order they joined (the
    oldest seat first); any member may read it. Version 1 answers the whole table as an
    array; with ``limit`` or ``cursor`` it answers a page, ``{items, next_cursor}``, like
    every other list (the array form goes in version 2).

    API keys need the `read` scope.

    Args:
        cid (str):
        limit (int | None | Unset): Page size, 1..200: asks for a page, `{items, next_cursor}` (50
            with only `cursor`).
        cursor (None | str | Unset): `next_cursor` of the previous page.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[MemberRead] | MemberList
    """

    return sync_detailed(
        cid=cid,
        client=client,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    cid: str,
    *,
    client: AuthenticatedClient,
    limit: int | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
) -> Response[Problem | list[MemberRead] | MemberList]:
    """List the members

     Everyone seated at the campaign with their role, in the order they joined (the
    oldest seat first); any member may read it. Version 1 answers the whole table as an
    array; with ``limit`` or ``cursor`` it answers a page, ``{items, next_cursor}``, like
    every other list (the array form goes in version 2).

    API keys need the `read` scope.

    Args:
        cid (str):
        limit (int | None | Unset): Page size, 1..200: asks for a page, `{items, next_cursor}` (50
            with only `cursor`).
        cursor (None | str | Unset): `next_cursor` of the previous page.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[MemberRead] | MemberList]
    """

    kwargs = _get_kwargs(
        cid=cid,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    cid: str,
    *,
    client: AuthenticatedClient,
    limit: int | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
) -> Problem | list[MemberRead] | MemberList | None:
    """List the members

     Everyone seated at the campaign with their role, in the order they joined (the
    oldest seat first); any member may read it. Version 1 answers the whole table as an
    array; with ``limit`` or ``cursor`` it answers a page, ``{items, next_cursor}``, like
    every other list (the array form goes in version 2).

    API keys need the `read` scope.

    Args:
        cid (str):
        limit (int | None | Unset): Page size, 1..200: asks for a page, `{items, next_cursor}` (50
            with only `cursor`).
        cursor (None | str | Unset): `next_cursor` of the previous page.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[MemberRead] | MemberList
    """

    return (
        await asyncio_detailed(
            cid=cid,
            client=client,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
