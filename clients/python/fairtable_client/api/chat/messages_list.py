import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.message_list import MessageList
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    cid: str,
    *,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
    user_id: None | str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

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

    json_user_id: None | str | Unset
    if isinstance(user_id, Unset):
        json_user_id = UNSET
    else:
        json_user_id = user_id
    params["user_id"] = json_user_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/campaigns/{cid}/messages".format(
            cid=quote(str(cid), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MessageList | Problem | None:
    if response.status_code == 200:
        response_200 = MessageList.from_dict(response.json())

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
) -> Response[MessageList | Problem]:
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
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
    user_id: None | str | Unset = UNSET,
) -> Response[MessageList | Problem]:
    """Read the chat

     The messages the caller may read, newest first (a whisper only for its readers),
    deleted ones as tombstones (``text`` null, ``deleted``). ``since``/``until`` bound the
    sending time, ``user_id`` picks a sender; ``next_cursor`` pages on.

    API keys need the `read` scope.

    Args:
        cid (str):
        limit (int | Unset): Page size, 1..200. Default: 50.
        cursor (None | str | Unset): `next_cursor` of the previous page.
        since (datetime.datetime | None | Unset): Only messages sent at or after this time (RFC
            3339, with its offset).
        until (datetime.datetime | None | Unset): Only messages sent before this time (RFC 3339).
        user_id (None | str | Unset): Only the messages this user sent.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageList | Problem]
    """

    kwargs = _get_kwargs(
        cid=cid,
        limit=limit,
        cursor=cursor,
        since=since,
        until=until,
        user_id=user_id,
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
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
    user_id: None | str | Unset = UNSET,
) -> MessageList | Problem | None:
    """Read the chat

     The messages the caller may read, newest first (a whisper only for its readers),
    deleted ones as tombstones (``text`` null, ``deleted``). ``since``/``until`` bound the
    sending time, ``user_id`` picks a sender; ``next_cursor`` pages on.

    API keys need the `read` scope.

    Args:
        cid (str):
        limit (int | Unset): Page size, 1..200. Default: 50.
        cursor (None | str | Unset): `next_cursor` of the previous page.
        since (datetime.datetime | None | Unset): Only messages sent at or after this time (RFC
            3339, with its offset).
        until (datetime.datetime | None | Unset): Only messages sent before this time (RFC 3339).
        user_id (None | str | Unset): Only the messages this user sent.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageList | Problem
    """

    return sync_detailed(
        cid=cid,
        client=client,
        limit=limit,
        cursor=cursor,
        since=since,
        until=until,
        user_id=user_id,
    ).parsed


async def asyncio_detailed(
    cid: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
    user_id: None | str | Unset = UNSET,
) -> Response[MessageList | Problem]:
    """Read the chat

     The messages the caller may read, newest first (a whisper only for its readers),
    deleted ones as tombstones (``text`` null, ``deleted``). ``since``/``until`` bound the
    sending time, ``user_id`` picks a sender; ``next_cursor`` pages on.

    API keys need the `read` scope.

    Args:
        cid (str):
        limit (int | Unset): Page size, 1..200. Default: 50.
        cursor (None | str | Unset): `next_cursor` of the previous page.
        since (datetime.datetime | None | Unset): Only messages sent at or after this time (RFC
            3339, with its offset).
        until (datetime.datetime | None | Unset): Only messages sent before this time (RFC 3339).
        user_id (None | str | Unset): Only the messages this user sent.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageList | Problem]
    """

    kwargs = _get_kwargs(
        cid=cid,
        limit=limit,
        cursor=cursor,
        since=since,
        until=until,
        user_id=user_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    cid: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
    user_id: None | str | Unset = UNSET,
) -> MessageList | Problem | None:
    """Read the chat

     The messages the caller may read, newest first (a whisper only for its readers),
    deleted ones as tombstones (``text`` null, ``deleted``). ``since``/``until`` bound the
    sending time, ``user_id`` picks a sender; ``next_cursor`` pages on.

    API keys need the `read` scope.

    Args:
        cid (str):
        limit (int | Unset): Page size, 1..200. Default: 50.
        cursor (None | str | Unset): `next_cursor` of the previous page.
        since (datetime.datetime | None | Unset): Only messages sent at or after this time (RFC
            3339, with its offset).
        until (datetime.datetime | None | Unset): Only messages sent before this time (RFC 3339).
        user_id (None | str | Unset): Only the messages this user sent.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageList | Problem
    """

    return (
        await asyncio_detailed(
            cid=cid,
            client=client,
            limit=limit,
            cursor=cursor,
            since=since,
            until=until,
            user_id=user_id,
        )
    ).parsed
