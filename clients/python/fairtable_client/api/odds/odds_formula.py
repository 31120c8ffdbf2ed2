from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.formula_odds import FormulaOdds
from ...models.problem import Problem
from ...types import UNSET, Response


def _get_kwargs(
    *,
    formula: str,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["formula"] = formula

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/odds/formula",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> FormulaOdds | Problem | None:
    if response.status_code == 200:
        response_200 = FormulaOdds.from_dict(response.json())

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
) -> Response[FormulaOdds | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    formula: str,
) -> Response[FormulaOdds | Problem]:
    """Odds of a free formula

     The chance of every possible total (``totals``), with the bounds and the mean: what a
    formula roll carries as its ``odds``. Exact, except with exploding dice: then
    ``exact: false`` and ``truncated_below: 1e-9``, the chances left out adding up to less
    than that. Without ``totals`` (more than 200 of them, or too costly to count) the answer
    says why in ``no_totals`` and keeps ``mean`` where it is known. Any formula of the
    notation is accepted, with the caps of a roll. Needs no credential.

    Args:
        formula (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FormulaOdds | Problem]
    """

    kwargs = _get_kwargs(
        formula=formula,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    formula: str,
) -> FormulaOdds | Problem | None:
    """Odds of a free formula

     The chance of every possible total (``totals``), with the bounds and the mean: what a
    formula roll carries as its ``odds``. Exact, except with exploding dice: then
    ``exact: false`` and ``truncated_below: 1e-9``, the chances left out adding up to less
    than that. Without ``totals`` (more than 200 of them, or too costly to count) the answer
    says why in ``no_totals`` and keeps ``mean`` where it is known. Any formula of the
    notation is accepted, with the caps of a roll. Needs no credential.

    Args:
        formula (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FormulaOdds | Problem
    """

    return sync_detailed(
        client=client,
        formula=formula,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    formula: str,
) -> Response[FormulaOdds | Problem]:
    """Odds of a free formula

     The chance of every possible total (``totals``), with the bounds and the mean: what a
    formula roll carries as its ``odds``. Exact, except with exploding dice: then
    ``exact: false`` and ``truncated_below: 1e-9``, the chances left out adding up to less
    than that. Without ``totals`` (more than 200 of them, or too costly to count) the answer
    says why in ``no_totals`` and keeps ``mean`` where it is known. Any formula of the
    notation is accepted, with the caps of a roll. Needs no credential.

    Args:
        formula (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FormulaOdds | Problem]
    """

    kwargs = _get_kwargs(
        formula=formula,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    formula: str,
) -> FormulaOdds | Problem | None:
    """Odds of a free formula

     The chance of every possible total (``totals``), with the bounds and the mean: what a
    formula roll carries as its ``odds``. Exact, except with exploding dice: then
    ``exact: false`` and ``truncated_below: 1e-9``, the chances left out adding up to less
    than that. Without ``totals`` (more than 200 of them, or too costly to count) the answer
    says why in ``no_totals`` and keeps ``mean`` where it is known. Any formula of the
    notation is accepted, with the caps of a roll. Needs no credential.

    Args:
        formula (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FormulaOdds | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            formula=formula,
        )
    ).parsed
