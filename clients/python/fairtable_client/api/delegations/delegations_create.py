from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delegation_create import DelegationCreate
from ...models.delegation_read import DelegationRead
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    cid: str,
    *,
    body: DelegationCreate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/campaigns/{cid}/delegations".format(
            cid=quote(str(cid), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DelegationRead | Problem | None:
    if response.status_code == 201:
        response_201 = DelegationRead.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[DelegationRead | Problem]:
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
    body: DelegationCreate,
) -> Response[DelegationRead | Problem]:
    """Let a bot roll for my characters

     Link the bot account ``bot_user_id`` to some of the caller's own characters, with
    ``scopes``: ``roll`` (roll for them and answer their roll requests) and ``read`` (read
    their rolls and roll requests). The bot acts as the caller for those characters and
    for nothing else: it reads no more than the caller reads, and the steps of its rolls
    (reroll, choice, finalize) stay the caller's. It needs no seat at the table; its rolls
    name it in ``acted_by``. A ``delegation.created`` event tells the table.

    API keys need the `manage` scope.

    Args:
        cid (str):
        body (DelegationCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DelegationRead | Problem]
    """

    kwargs = _get_kwargs(
        cid=cid,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    cid: str,
    *,
    client: AuthenticatedClient,
    body: DelegationCreate,
) -> DelegationRead | Problem | None:
    """Let a bot roll for my characters

     Link the bot account ``bot_user_id`` to some of the caller's own characters, with
    ``scopes``: ``roll`` (roll for them and answer their roll requests) and ``read`` (read
    their rolls and roll requests). The bot acts as the caller for those characters and
    for nothing else: it reads no more than the caller reads, and the steps of its rolls
    (reroll, choice, finalize) stay the caller's. It needs no seat at the table; its rolls
    name it in ``acted_by``. A ``delegation.created`` event tells the table.

    API keys need the `manage` scope.

    Args:
        cid (str):
        body (DelegationCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DelegationRead | Problem
    """

    return sync_detailed(
        cid=cid,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    cid: str,
    *,
    client: AuthenticatedClient,
    body: DelegationCreate,
) -> Response[DelegationRead | Problem]:
    """Let a bot roll for my characters

     Link the bot account ``bot_user_id`` to some of the caller's own characters, with
    ``scopes``: ``roll`` (roll for them and answer their roll requests) and ``read`` (read
    their rolls and roll requests). The bot acts as the caller for those characters and
    for nothing else: it reads no more than the caller reads, and the steps of its rolls
    (reroll, choice, finalize) stay the caller's. It needs no seat at the table; its rolls
    name it in ``acted_by``. A ``delegation.created`` event tells the table.

    API keys need the `manage` scope.

    Args:
        cid (str):
        body (DelegationCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DelegationRead | Problem]
    """

    kwargs = _get_kwargs(
        cid=cid,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    cid: str,
    *,
    client: AuthenticatedClient,
    body: DelegationCreate,
) -> DelegationRead | Problem | None:
    """Let a bot roll for my characters

     Link the bot account ``bot_user_id`` to some of the caller's own characters, with
    ``scopes``: ``roll`` (roll for them and answer their roll requests) and ``read`` (read
    their rolls and roll requests). The bot acts as the caller for those characters and
    for nothing else: it reads no more than the caller reads, and the steps of its rolls
    (reroll, choice, finalize) stay the caller's. It needs no seat at the table; its rolls
    name it in ``acted_by``. A ``delegation.created`` event tells the table.

    API keys need the `manage` scope.

    Args:
        cid (str):
        body (DelegationCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DelegationRead | Problem
    """

    return (
        await asyncio_detailed(
            cid=cid,
            client=client,
            body=body,
        )
    ).parsed
