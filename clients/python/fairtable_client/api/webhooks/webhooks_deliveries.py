from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delivery_list import DeliveryList
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    webhook_id: str,
    *,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/webhooks/{webhook_id}/deliveries".format(
            webhook_id=quote(str(webhook_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DeliveryList | Problem | None:
    if response.status_code == 200:
        response_200 = DeliveryList.from_dict(response.json())

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
) -> Response[DeliveryList | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
) -> Response[DeliveryList | Problem]:
    """Read a webhook's deliveries

     Every attempt at delivering an event to the target, newest first: its outcome
    (``delivered``; ``rejected``: the receiver answered, not with a 2xx; ``unreachable``:
    no answer in time; ``refused``: the address is not public), the status code and the
    start of the error. Kept ``VTT_WEBHOOK_LOG_SECONDS`` (7 days).

    API keys need the `manage` scope.

    Args:
        webhook_id (str):
        limit (int | Unset): Page size, 1..200. Default: 50.
        cursor (None | str | Unset): `next_cursor` of the previous page.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeliveryList | Problem]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
) -> DeliveryList | Problem | None:
    """Read a webhook's deliveries

     Every attempt at delivering an event to the target, newest first: its outcome
    (``delivered``; ``rejected``: the receiver answered, not with a 2xx; ``unreachable``:
    no answer in time; ``refused``: the address is not public), the status code and the
    start of the error. Kept ``VTT_WEBHOOK_LOG_SECONDS`` (7 days).

    API keys need the `manage` scope.

    Args:
        webhook_id (str):
        limit (int | Unset): Page size, 1..200. Default: 50.
        cursor (None | str | Unset): `next_cursor` of the previous page.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeliveryList | Problem
    """

    return sync_detailed(
        webhook_id=webhook_id,
        client=client,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
) -> Response[DeliveryList | Problem]:
    """Read a webhook's deliveries

     Every attempt at delivering an event to the target, newest first: its outcome
    (``delivered``; ``rejected``: the receiver answered, not with a 2xx; ``unreachable``:
    no answer in time; ``refused``: the address is not public), the status code and the
    start of the error. Kept ``VTT_WEBHOOK_LOG_SECONDS`` (7 days).

    API keys need the `manage` scope.

    Args:
        webhook_id (str):
        limit (int | Unset): Page size, 1..200. Default: 50.
        cursor (None | str | Unset): `next_cursor` of the previous page.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeliveryList | Problem]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
) -> DeliveryList | Problem | None:
    """Read a webhook's deliveries

     Every attempt at delivering an event to the target, newest first: its outcome
    (``delivered``; ``rejected``: the receiver answered, not with a 2xx; ``unreachable``:
    no answer in time; ``refused``: the address is not public), the status code and the
    start of the error. Kept ``VTT_WEBHOOK_LOG_SECONDS`` (7 days).

    API keys need the `manage` scope.

    Args:
        webhook_id (str):
        limit (int | Unset): Page size, 1..200. Default: 50.
        cursor (None | str | Unset): `next_cursor` of the previous page.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeliveryList | Problem
    """

    return (
        await asyncio_detailed(
            webhook_id=webhook_id,
            client=client,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
