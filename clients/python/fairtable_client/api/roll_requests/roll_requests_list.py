from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.roll_request_list import RollRequestList
from ...models.roll_requests_list_status_type_0 import (
    RollRequestsListStatusType0,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    cid: str,
    *,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    status: None | RollRequestsListStatusType0 | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    json_status: None | str | Unset
    if isinstance(status, Unset):
        json_status = UNSET
    elif isinstance(status, str):
        json_status = status
    else:
        json_status = status
    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/campaigns/{cid}/roll-requests".format(
            cid=quote(str(cid), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RollRequestList | None:
    if response.status_code == 200:
        response_200 = RollRequestList.from_dict(response.json())

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
) -> Response[Problem | RollRequestList]:
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
    status: None | RollRequestsListStatusType0 | Unset = UNSET,
) -> Response[Problem | RollRequestList]:
    """List roll requests

     The campaign's roll requests, newest first: every one for a storyteller; for other
    members the public ones and those addressed to a character they own; for a bot, those
    addressed to a character delegated to it (with the ``read`` scope). ``?status=``
    filters.

    API keys need the `read` scope.

    Args:
        cid (str):
        limit (int | Unset): Page size, 1..200. Default: 50.
        cursor (None | str | Unset): `next_cursor` of the previous page.
        status (None | RollRequestsListStatusType0 | Unset): Only requests in this state (an open
            one past its deadline is expired).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollRequestList]
    """

    kwargs = _get_kwargs(
        cid=cid,
        limit=limit,
        cursor=cursor,
        status=status,
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
    status: None | RollRequestsListStatusType0 | Unset = UNSET,
) -> Problem | RollRequestList | None:
    """List roll requests

     The campaign's roll requests, newest first: every one for a storyteller; for other
    members the public ones and those addressed to a character they own; for a bot, those
    addressed to a character delegated to it (with the ``read`` scope). ``?status=``
    filters.

    API keys need the `read` scope.

    Args:
        cid (str):
        limit (int | Unset): Page size, 1..200. Default: 50.
        cursor (None | str | Unset): `next_cursor` of the previous page.
        status (None | RollRequestsListStatusType0 | Unset): Only requests in this state (an open
            one past its deadline is expired).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollRequestList
    """

    return sync_detailed(
        cid=cid,
        client=client,
        limit=limit,
        cursor=cursor,
        status=status,
    ).parsed


async def asyncio_detailed(
    cid: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    status: None | RollRequestsListStatusType0 | Unset = UNSET,
) -> Response[Problem | RollRequestList]:
    """List roll requests

     The campaign's roll requests, newest first: every one for a storyteller; for other
    members the public ones and those addressed to a character they own; for a bot, those
    addressed to a character delegated to it (with the ``read`` scope). ``?status=``
    filters.

    API keys need the `read` scope.

    Args:
        cid (str):
        limit (int | Unset): Page size, 1..200. Default: 50.
        cursor (None | str | Unset): `next_cursor` of the previous page.
        status (None | RollRequestsListStatusType0 | Unset): Only requests in this state (an open
            one past its deadline is expired).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollRequestList]
    """

    kwargs = _get_kwargs(
        cid=cid,
        limit=limit,
        cursor=cursor,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    cid: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    status: None | RollRequestsListStatusType0 | Unset = UNSET,
) -> Problem | RollRequestList | None:
    """List roll requests

     The campaign's roll requests, newest first: every one for a storyteller; for other
    members the public ones and those addressed to a character they own; for a bot, those
    addressed to a character delegated to it (with the ``read`` scope). ``?status=``
    filters.

    API keys need the `read` scope.

    Args:
        cid (str):
        limit (int | Unset): Page size, 1..200. Default: 50.
        cursor (None | str | Unset): `next_cursor` of the previous page.
        status (None | RollRequestsListStatusType0 | Unset): Only requests in this state (an open
            one past its deadline is expired).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollRequestList
    """

    return (
        await asyncio_detailed(
            cid=cid,
            client=client,
            limit=limit,
            cursor=cursor,
            status=status,
        )
    ).parsed
