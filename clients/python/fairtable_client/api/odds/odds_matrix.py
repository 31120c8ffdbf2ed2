from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.matrix_odds import MatrixOdds
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    stat: int,
    difficulty: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["stat"] = stat

    params["difficulty"] = difficulty

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/odds/matrix",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MatrixOdds | Problem | None:
    if response.status_code == 200:
        response_200 = MatrixOdds.from_dict(response.json())

        return response_200

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[MatrixOdds | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    stat: int,
    difficulty: int | Unset = 0,
) -> Response[MatrixOdds | Problem]:
    """Odds of a matrix test

     Chance of success and the distribution of margins for a d20 rolled under ``stat``.
    Needs no credential.

    Args:
        stat (int):
        difficulty (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MatrixOdds | Problem]
    """

    kwargs = _get_kwargs(
        stat=stat,
        difficulty=difficulty,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    stat: int,
    difficulty: int | Unset = 0,
) -> MatrixOdds | Problem | None:
    """Odds of a matrix test

     Chance of success and the distribution of margins for a d20 rolled under ``stat``.
    Needs no credential.

    Args:
        stat (int):
        difficulty (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MatrixOdds | Problem
    """

    return sync_detailed(
        client=client,
        stat=stat,
        difficulty=difficulty,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    stat: int,
    difficulty: int | Unset = 0,
) -> Response[MatrixOdds | Problem]:
    """Odds of a matrix test

     Chance of success and the distribution of margins for a d20 rolled under ``stat``.
    Needs no credential.

    Args:
        stat (int):
        difficulty (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MatrixOdds | Problem]
    """

    kwargs = _get_kwargs(
        stat=stat,
        difficulty=difficulty,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    stat: int,
    difficulty: int | Unset = 0,
) -> MatrixOdds | Problem | None:
    """Odds of a matrix test

     Chance of success and the distribution of margins for a d20 rolled under ``stat``.
    Needs no credential.

    Args:
        stat (int):
        difficulty (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MatrixOdds | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            stat=stat,
            difficulty=difficulty,
        )
    ).parsed
