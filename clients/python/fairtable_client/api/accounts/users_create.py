from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.user_create import UserCreate
from ...models.user_read import UserRead
from ...types import Response


def _get_kwargs(
    *,
    body: UserCreate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/users",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | UserRead | None:
    if response.status_code == 201:
        response_201 = UserRead.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | UserRead]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: UserCreate,
) -> Response[Problem | UserRead]:
    """Register an account

     Register an account. Usernames are case-insensitive and stored lower-case; a taken
    username answers 409. ``display_name`` defaults to the username. The password needs
    10 characters or more, must not contain the username nor be a common or easily
    guessed one (422 says why).

    Args:
        body (UserCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UserRead]
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
    client: AuthenticatedClient | Client,
    body: UserCreate,
) -> Problem | UserRead | None:
    """Register an account

     Register an account. Usernames are case-insensitive and stored lower-case; a taken
    username answers 409. ``display_name`` defaults to the username. The password needs
    10 characters or more, must not contain the username nor be a common or easily
    guessed one (422 says why).

    Args:
        body (UserCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UserRead
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: UserCreate,
) -> Response[Problem | UserRead]:
    """Register an account

     Register an account. Usernames are case-insensitive and stored lower-case; a taken
    username answers 409. ``display_name`` defaults to the username. The password needs
    10 characters or more, must not contain the username nor be a common or easily
    guessed one (422 says why).

    Args:
        body (UserCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UserRead]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: UserCreate,
) -> Problem | UserRead | None:
    """Register an account

     Register an account. Usernames are case-insensitive and stored lower-case; a taken
    username answers 409. ``display_name`` defaults to the username. The password needs
    10 characters or more, must not contain the username nor be a common or easily
    guessed one (422 says why).

    Args:
        body (UserCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UserRead
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
