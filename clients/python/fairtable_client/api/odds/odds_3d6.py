from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.roll_3d6_odds import Roll3D6Odds
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    score: int,
    dice: int | Unset = 3,
    rerolls: int | Unset = 0,
    difficulty: None | str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["score"] = score

    params["dice"] = dice

    params["rerolls"] = rerolls

    json_difficulty: None | str | Unset
    if isinstance(difficulty, Unset):
        json_difficulty = UNSET
    else:
        json_difficulty = difficulty
    params["difficulty"] = json_difficulty

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/odds/3d6",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Roll3D6Odds | None:
    if response.status_code == 200:
        response_200 = Roll3D6Odds.from_dict(response.json())

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
) -> Response[Problem | Roll3D6Odds]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    score: int,
    dice: int | Unset = 3,
    rerolls: int | Unset = 0,
    difficulty: None | str | Unset = UNSET,
) -> Response[Problem | Roll3D6Odds]:
    """Odds of a 3d6 test

     Chances of each outcome and of each number of successes, rerolls spent on dice
    without success; ``boon`` is the chance of three equal faces once they are spent.
    ``difficulty`` is 1..4 or easy/medium/difficult/legendary; absent for an open action.
    Needs no credential: nothing is rolled or stored.

    Args:
        score (int):
        dice (int | Unset):  Default: 3.
        rerolls (int | Unset):  Default: 0.
        difficulty (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Roll3D6Odds]
    """

    kwargs = _get_kwargs(
        score=score,
        dice=dice,
        rerolls=rerolls,
        difficulty=difficulty,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    score: int,
    dice: int | Unset = 3,
    rerolls: int | Unset = 0,
    difficulty: None | str | Unset = UNSET,
) -> Problem | Roll3D6Odds | None:
    """Odds of a 3d6 test

     Chances of each outcome and of each number of successes, rerolls spent on dice
    without success; ``boon`` is the chance of three equal faces once they are spent.
    ``difficulty`` is 1..4 or easy/medium/difficult/legendary; absent for an open action.
    Needs no credential: nothing is rolled or stored.

    Args:
        score (int):
        dice (int | Unset):  Default: 3.
        rerolls (int | Unset):  Default: 0.
        difficulty (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Roll3D6Odds
    """

    return sync_detailed(
        client=client,
        score=score,
        dice=dice,
        rerolls=rerolls,
        difficulty=difficulty,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    score: int,
    dice: int | Unset = 3,
    rerolls: int | Unset = 0,
    difficulty: None | str | Unset = UNSET,
) -> Response[Problem | Roll3D6Odds]:
    """Odds of a 3d6 test

     Chances of each outcome and of each number of successes, rerolls spent on dice
    without success; ``boon`` is the chance of three equal faces once they are spent.
    ``difficulty`` is 1..4 or easy/medium/difficult/legendary; absent for an open action.
    Needs no credential: nothing is rolled or stored.

    Args:
        score (int):
        dice (int | Unset):  Default: 3.
        rerolls (int | Unset):  Default: 0.
        difficulty (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Roll3D6Odds]
    """

    kwargs = _get_kwargs(
        score=score,
        dice=dice,
        rerolls=rerolls,
        difficulty=difficulty,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    score: int,
    dice: int | Unset = 3,
    rerolls: int | Unset = 0,
    difficulty: None | str | Unset = UNSET,
) -> Problem | Roll3D6Odds | None:
    """Odds of a 3d6 test

     Chances of each outcome and of each number of successes, rerolls spent on dice
    without success; ``boon`` is the chance of three equal faces once they are spent.
    ``difficulty`` is 1..4 or easy/medium/difficult/legendary; absent for an open action.
    Needs no credential: nothing is rolled or stored.

    Args:
        score (int):
        dice (int | Unset):  Default: 3.
        rerolls (int | Unset):  Default: 0.
        difficulty (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Roll3D6Odds
    """

    return (
        await asyncio_detailed(
            client=client,
            score=score,
            dice=dice,
            rerolls=rerolls,
            difficulty=difficulty,
        )
    ).parsed
