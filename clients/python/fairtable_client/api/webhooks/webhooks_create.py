from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.webhook_create import WebhookCreate
from ...models.webhook_created import WebhookCreated
from ...types import Response


def _get_kwargs(
    cid: str,
    *,
    body: WebhookCreate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/campaigns/{cid}/webhooks".format(
            cid=quote(str(cid), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | WebhookCreated | None:
    if response.status_code == 201:
        response_201 = WebhookCreated.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[Problem | WebhookCreated]:
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
    body: WebhookCreate,
) -> Response[Problem | WebhookCreated]:
    """Add a webhook

     A storyteller sends the campaign's events, from now on, to ``url``: each one POSTed
    once, in seq order, signed per Standard Webhooks (``format: "standard"``) or as a
    readable message for a Discord webhook (``"discord"``). ``events`` picks types (all by
    default). Only what the whole table may read is sent, unless ``include_hidden``: the
    target then carries what its storyteller may read, and is theirs alone.

    The answer holds the signing ``secret`` (``whsec_…``), **shown this once only**. A URL
    on a loopback, private or otherwise non-public address is refused (422). See
    docs/webhooks.md for the headers, retries and how to verify a signature.

    API keys need the `manage` scope.

    Args:
        cid (str):
        body (WebhookCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookCreated]
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
    body: WebhookCreate,
) -> Problem | WebhookCreated | None:
    """Add a webhook

     A storyteller sends the campaign's events, from now on, to ``url``: each one POSTed
    once, in seq order, signed per Standard Webhooks (``format: "standard"``) or as a
    readable message for a Discord webhook (``"discord"``). ``events`` picks types (all by
    default). Only what the whole table may read is sent, unless ``include_hidden``: the
    target then carries what its storyteller may read, and is theirs alone.

    The answer holds the signing ``secret`` (``whsec_…``), **shown this once only**. A URL
    on a loopback, private or otherwise non-public address is refused (422). See
    docs/webhooks.md for the headers, retries and how to verify a signature.

    API keys need the `manage` scope.

    Args:
        cid (str):
        body (WebhookCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookCreated
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
    body: WebhookCreate,
) -> Response[Problem | WebhookCreated]:
    """Add a webhook

     A storyteller sends the campaign's events, from now on, to ``url``: each one POSTed
    once, in seq order, signed per Standard Webhooks (``format: "standard"``) or as a
    readable message for a Discord webhook (``"discord"``). ``events`` picks types (all by
    default). Only what the whole table may read is sent, unless ``include_hidden``: the
    target then carries what its storyteller may read, and is theirs alone.

    The answer holds the signing ``secret`` (``whsec_…``), **shown this once only**. A URL
    on a loopback, private or otherwise non-public address is refused (422). See
    docs/webhooks.md for the headers, retries and how to verify a signature.

    API keys need the `manage` scope.

    Args:
        cid (str):
        body (WebhookCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookCreated]
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
    body: WebhookCreate,
) -> Problem | WebhookCreated | None:
    """Add a webhook

     A storyteller sends the campaign's events, from now on, to ``url``: each one POSTed
    once, in seq order, signed per Standard Webhooks (``format: "standard"``) or as a
    readable message for a Discord webhook (``"discord"``). ``events`` picks types (all by
    default). Only what the whole table may read is sent, unless ``include_hidden``: the
    target then carries what its storyteller may read, and is theirs alone.

    The answer holds the signing ``secret`` (``whsec_…``), **shown this once only**. A URL
    on a loopback, private or otherwise non-public address is refused (422). See
    docs/webhooks.md for the headers, retries and how to verify a signature.

    API keys need the `manage` scope.

    Args:
        cid (str):
        body (WebhookCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookCreated
    """

    return (
        await asyncio_detailed(
            cid=cid,
            client=client,
            body=body,
        )
    ).parsed
