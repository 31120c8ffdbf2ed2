from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.contest_read import ContestRead
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    contest_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/contests/{contest_id}".format(
            contest_id=quote(str(contest_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ContestRead | Problem | None:
    if response.status_code == 200:
        response_200 = ContestRead.from_dict(response.json())

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
) -> Response[ContestRead | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    contest_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[ContestRead | Problem]:
    """Read a contest

     One contest with its rounds (each names its two rolls), for any member.

    API keys need the `read` scope.

    Args:
        contest_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContestRead | Problem]
    """

    kwargs = _get_kwargs(
        contest_id=contest_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    contest_id: str,
    *,
    client: AuthenticatedClient,
) -> ContestRead | Problem | None:
    """Read a contest

     One contest with its rounds (each names its two rolls), for any member.

    API keys need the `read` scope.

    Args:
        contest_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContestRead | Problem
    """

    return sync_detailed(
        contest_id=contest_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    contest_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[ContestRead | Problem]:
    """Read a contest

     One contest with its rounds (each names its two rolls), for any member.

    API keys need the `read` scope.

    Args:
        contest_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContestRead | Problem]
    """

    kwargs = _get_kwargs(
        contest_id=contest_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    contest_id: str,
    *,
    client: AuthenticatedClient,
) -> ContestRead | Problem | None:
    """Read a contest

     One contest with its rounds (each names its two rolls), for any member.

    API keys need the `read` scope.

    Args:
        contest_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContestRead | Problem
    """

    return (
        await asyncio_detailed(
            contest_id=contest_id,
            client=client,
        )
    ).parsed
