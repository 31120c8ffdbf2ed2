from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.event_list import EventList
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    cid: str,
    *,
    after: int | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 100,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_after: int | None | Unset
    if isinstance(after, Unset):
        json_after = UNSET
    else:
        json_after = after
    params["after"] = json_after

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/campaigns/{cid}/events".format(
            cid=quote(str(cid), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EventList | Problem | None:
    if response.status_code == 200:
        response_200 = EventList.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EventList | Problem]:
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
    after: int | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 100,
) -> Response[EventList | Problem]:
    """Read the campaign's events

     Events after ``after`` that the caller may see, **oldest first**: unlike the other
    lists, this one reads forward, because it is an event stream a client replays in order.

    ``next_after`` is the last seq examined — events the caller may not see are skipped
    without a trace — or null when there is nothing left; pass it back as ``after`` for the
    next page. ``next_cursor`` holds the same position for clients that follow cursors:
    pass it back as ``cursor`` instead (one or the other, not both); it is null exactly
    when ``next_after`` is.

    API keys need the `read` scope.

    Args:
        cid (str):
        after (int | None | Unset): Only events with a larger seq (default 0).
        cursor (None | str | Unset): `next_cursor` of the previous page, instead of `after`.
        limit (int | Unset): Events examined, 1..500. Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventList | Problem]
    """

    kwargs = _get_kwargs(
        cid=cid,
        after=after,
        cursor=cursor,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    cid: str,
    *,
    client: AuthenticatedClient,
    after: int | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 100,
) -> EventList | Problem | None:
    """Read the campaign's events

     Events after ``after`` that the caller may see, **oldest first**: unlike the other
    lists, this one reads forward, because it is an event stream a client replays in order.

    ``next_after`` is the last seq examined — events the caller may not see are skipped
    without a trace — or null when there is nothing left; pass it back as ``after`` for the
    next page. ``next_cursor`` holds the same position for clients that follow cursors:
    pass it back as ``cursor`` instead (one or the other, not both); it is null exactly
    when ``next_after`` is.

    API keys need the `read` scope.

    Args:
        cid (str):
        after (int | None | Unset): Only events with a larger seq (default 0).
        cursor (None | str | Unset): `next_cursor` of the previous page, instead of `after`.
        limit (int | Unset): Events examined, 1..500. Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventList | Problem
    """

    return sync_detailed(
        cid=cid,
        client=client,
        after=after,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    cid: str,
    *,
    client: AuthenticatedClient,
    after: int | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 100,
) -> Response[EventList | Problem]:
    """Read the campaign's events

     Events after ``after`` that the caller may see, **oldest first**: unlike the other
    lists, this one reads forward, because it is an event stream a client replays in order.

    ``next_after`` is the last seq examined — events the caller may not see are skipped
    without a trace — or null when there is nothing left; pass it back as ``after`` for the
    next page. ``next_cursor`` holds the same position for clients that follow cursors:
    pass it back as ``cursor`` instead (one or the other, not both); it is null exactly
    when ``next_after`` is.

    API keys need the `read` scope.

    Args:
        cid (str):
        after (int | None | Unset): Only events with a larger seq (default 0).
        cursor (None | str | Unset): `next_cursor` of the previous page, instead of `after`.
        limit (int | Unset): Events examined, 1..500. Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventList | Problem]
    """

    kwargs = _get_kwargs(
        cid=cid,
        after=after,
        cursor=cursor,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    cid: str,
    *,
    client: AuthenticatedClient,
    after: int | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 100,
) -> EventList | Problem | None:
    """Read the campaign's events

     Events after ``after`` that the caller may see, **oldest first**: unlike the other
    lists, this one reads forward, because it is an event stream a client replays in order.

    ``next_after`` is the last seq examined — events the caller may not see are skipped
    without a trace — or null when there is nothing left; pass it back as ``after`` for the
    next page. ``next_cursor`` holds the same position for clients that follow cursors:
    pass it back as ``cursor`` instead (one or the other, not both); it is null exactly
    when ``next_after`` is.

    API keys need the `read` scope.

    Args:
        cid (str):
        after (int | None | Unset): Only events with a larger seq (default 0).
        cursor (None | str | Unset): `next_cursor` of the previous page, instead of `after`.
        limit (int | Unset): Events examined, 1..500. Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventList | Problem
    """

    return (
        await asyncio_detailed(
            cid=cid,
            client=client,
            after=after,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
