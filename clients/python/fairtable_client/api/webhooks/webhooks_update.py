from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.webhook_read import WebhookRead
from ...models.webhook_update import WebhookUpdate
from ...types import Response


def _get_kwargs(
    webhook_id: str,
    *,
    body: WebhookUpdate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/webhooks/{webhook_id}".format(
            webhook_id=quote(str(webhook_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | WebhookRead | None:
    if response.status_code == 200:
        response_200 = WebhookRead.from_dict(response.json())

        return response_200

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
) -> Response[Problem | WebhookRead]:
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
    body: WebhookUpdate,
) -> Response[Problem | WebhookRead]:
    """Change a webhook

     Change ``url``, ``format``, ``events`` or ``enabled``. ``enabled: true`` re-enables a
    target the server disabled after failures: delivery resumes with the event it stopped
    at. ``include_hidden`` cannot change: make another target.

    API keys need the `manage` scope.

    Args:
        webhook_id (str):
        body (WebhookUpdate): Only the fields given change; ``enabled: true`` re-enables a
            disabled target, which
            resumes from where it stopped.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookRead]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    body: WebhookUpdate,
) -> Problem | WebhookRead | None:
    """Change a webhook

     Change ``url``, ``format``, ``events`` or ``enabled``. ``enabled: true`` re-enables a
    target the server disabled after failures: delivery resumes with the event it stopped
    at. ``include_hidden`` cannot change: make another target.

    API keys need the `manage` scope.

    Args:
        webhook_id (str):
        body (WebhookUpdate): Only the fields given change; ``enabled: true`` re-enables a
            disabled target, which
            resumes from where it stopped.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookRead
    """

    return sync_detailed(
        webhook_id=webhook_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    body: WebhookUpdate,
) -> Response[Problem | WebhookRead]:
    """Change a webhook

     Change ``url``, ``format``, ``events`` or ``enabled``. ``enabled: true`` re-enables a
    target the server disabled after failures: delivery resumes with the event it stopped
    at. ``include_hidden`` cannot change: make another target.

    API keys need the `manage` scope.

    Args:
        webhook_id (str):
        body (WebhookUpdate): Only the fields given change; ``enabled: true`` re-enables a
            disabled target, which
            resumes from where it stopped.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookRead]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    body: WebhookUpdate,
) -> Problem | WebhookRead | None:
    """Change a webhook

     Change ``url``, ``format``, ``events`` or ``enabled``. ``enabled: true`` re-enables a
    target the server disabled after failures: delivery resumes with the event it stopped
    at. ``include_hidden`` cannot change: make another target.

    API keys need the `manage` scope.

    Args:
        webhook_id (str):
        body (WebhookUpdate): Only the fields given change; ``enabled: true`` re-enables a
            disabled target, which
            resumes from where it stopped.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookRead
    """

    return (
        await asyncio_detailed(
            webhook_id=webhook_id,
            client=client,
            body=body,
        )
    ).parsed
