from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.d20_odds import D20Odds
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    modifier: int | Unset = 0,
    difficulty: str | Unset = "12",
    advantage: bool | Unset = False,
    disadvantage: bool | Unset = False,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["modifier"] = modifier

    params["difficulty"] = difficulty

    params["advantage"] = advantage

    params["disadvantage"] = disadvantage

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/odds/d20",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> D20Odds | Problem | None:
    if response.status_code == 200:
        response_200 = D20Odds.from_dict(response.json())

        return response_200

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[D20Odds | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    modifier: int | Unset = 0,
    difficulty: str | Unset = "12",
    advantage: bool | Unset = False,
    disadvantage: bool | Unset = False,
) -> Response[D20Odds | Problem]:
    """Odds of a d20 test

     Chance of success and of each critical; the kept die decides criticals. Advantage
    and disadvantage together cancel out. Needs no credential.

    Args:
        modifier (int | Unset):  Default: 0.
        difficulty (str | Unset):  Default: '12'.
        advantage (bool | Unset):  Default: False.
        disadvantage (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[D20Odds | Problem]
    """

    kwargs = _get_kwargs(
        modifier=modifier,
        difficulty=difficulty,
        advantage=advantage,
        disadvantage=disadvantage,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    modifier: int | Unset = 0,
    difficulty: str | Unset = "12",
    advantage: bool | Unset = False,
    disadvantage: bool | Unset = False,
) -> D20Odds | Problem | None:
    """Odds of a d20 test

     Chance of success and of each critical; the kept die decides criticals. Advantage
    and disadvantage together cancel out. Needs no credential.

    Args:
        modifier (int | Unset):  Default: 0.
        difficulty (str | Unset):  Default: '12'.
        advantage (bool | Unset):  Default: False.
        disadvantage (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        D20Odds | Problem
    """

    return sync_detailed(
        client=client,
        modifier=modifier,
        difficulty=difficulty,
        advantage=advantage,
        disadvantage=disadvantage,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    modifier: int | Unset = 0,
    difficulty: str | Unset = "12",
    advantage: bool | Unset = False,
    disadvantage: bool | Unset = False,
) -> Response[D20Odds | Problem]:
    """Odds of a d20 test

     Chance of success and of each critical; the kept die decides criticals. Advantage
    and disadvantage together cancel out. Needs no credential.

    Args:
        modifier (int | Unset):  Default: 0.
        difficulty (str | Unset):  Default: '12'.
        advantage (bool | Unset):  Default: False.
        disadvantage (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[D20Odds | Problem]
    """

    kwargs = _get_kwargs(
        modifier=modifier,
        difficulty=difficulty,
        advantage=advantage,
        disadvantage=disadvantage,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    modifier: int | Unset = 0,
    difficulty: str | Unset = "12",
    advantage: bool | Unset = False,
    disadvantage: bool | Unset = False,
) -> D20Odds | Problem | None:
    """Odds of a d20 test

     Chance of success and of each critical; the kept die decides criticals. Advantage
    and disadvantage together cancel out. Needs no credential.

    Args:
        modifier (int | Unset):  Default: 0.
        difficulty (str | Unset):  Default: '12'.
        advantage (bool | Unset):  Default: False.
        disadvantage (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        D20Odds | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            modifier=modifier,
            difficulty=difficulty,
            advantage=advantage,
            disadvantage=disadvantage,
        )
    ).parsed
