from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.roll_read import RollRead
from ...types import Response


def _get_kwargs(
    roll_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/rolls/{roll_id}".format(
            roll_id=quote(str(roll_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RollRead | None:
    if response.status_code == 200:
        response_200 = RollRead.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | RollRead]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    roll_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | RollRead]:
    """Read a roll

     One roll; 404 when the caller may not see it (its existence is not revealed).

    API keys need the `read` scope.

    Args:
        roll_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollRead]
    """

    kwargs = _get_kwargs(
        roll_id=roll_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    roll_id: str,
    *,
    client: AuthenticatedClient,
) -> Problem | RollRead | None:
    """Read a roll

     One roll; 404 when the caller may not see it (its existence is not revealed).

    API keys need the `read` scope.

    Args:
        roll_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollRead
    """

    return sync_detailed(
        roll_id=roll_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    roll_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | RollRead]:
    """Read a roll

     One roll; 404 when the caller may not see it (its existence is not revealed).

    API keys need the `read` scope.

    Args:
        roll_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollRead]
    """

    kwargs = _get_kwargs(
        roll_id=roll_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    roll_id: str,
    *,
    client: AuthenticatedClient,
) -> Problem | RollRead | None:
    """Read a roll

     One roll; 404 when the caller may not see it (its existence is not revealed).

    API keys need the `read` scope.

    Args:
        roll_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollRead
    """

    return (
        await asyncio_detailed(
            roll_id=roll_id,
            client=client,
        )
    ).parsed
