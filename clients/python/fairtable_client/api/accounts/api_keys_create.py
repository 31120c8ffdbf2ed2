from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_key_create import ApiKeyCreate
from ...models.api_key_created import ApiKeyCreated
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: ApiKeyCreate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/api-keys",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiKeyCreated | Problem | None:
    if response.status_code == 201:
        response_201 = ApiKeyCreated.from_dict(response.json())

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
) -> Response[ApiKeyCreated | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ApiKeyCreate,
) -> Response[ApiKeyCreated | Problem]:
    """Create an API key

     Create a key for a third-party tool, limited to ``scopes``: ``read`` (see), ``roll``
    (roll dice), ``manage`` (change things) and ``join`` (accept an invite, which
    ``manage`` also allows). The key is in this answer only. Keys are
    managed with a login token, never with another key (403).

    Args:
        body (ApiKeyCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiKeyCreated | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: ApiKeyCreate,
) -> ApiKeyCreated | Problem | None:
    """Create an API key

     Create a key for a third-party tool, limited to ``scopes``: ``read`` (see), ``roll``
    (roll dice), ``manage`` (change things) and ``join`` (accept an invite, which
    ``manage`` also allows). The key is in this answer only. Keys are
    managed with a login token, never with another key (403).

    Args:
        body (ApiKeyCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiKeyCreated | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ApiKeyCreate,
) -> Response[ApiKeyCreated | Problem]:
    """Create an API key

     Create a key for a third-party tool, limited to ``scopes``: ``read`` (see), ``roll``
    (roll dice), ``manage`` (change things) and ``join`` (accept an invite, which
    ``manage`` also allows). The key is in this answer only. Keys are
    managed with a login token, never with another key (403).

    Args:
        body (ApiKeyCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiKeyCreated | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ApiKeyCreate,
) -> ApiKeyCreated | Problem | None:
    """Create an API key

     Create a key for a third-party tool, limited to ``scopes``: ``read`` (see), ``roll``
    (roll dice), ``manage`` (change things) and ``join`` (accept an invite, which
    ``manage`` also allows). The key is in this answer only. Keys are
    managed with a login token, never with another key (403).

    Args:
        body (ApiKeyCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiKeyCreated | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
