from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    cid: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/campaigns/{cid}/export".format(
            cid=quote(str(cid), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = cast(str, response.content)
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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | str]:
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
) -> Response[Problem | str]:
    """Export a campaign

     The campaign as its storyteller may read it, streamed one record a line: a header
    (campaign, fairness state), members, characters, the events in seq order with each
    roll after its latest link (a player's private roll is a redacted stub), the table
    flows, the storytellers' grants, and a trailer (chain head, counts). The current seed
    is revealed first (a rotation, ``fairness.rotated``) when it served anything, so
    ``fairtable verify`` checks every draw and salt; ``POST /campaigns/import`` takes it
    back.

    API keys need the `read` scope.

    Args:
        cid (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        cid=cid,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    cid: str,
    *,
    client: AuthenticatedClient,
) -> Problem | str | None:
    """Export a campaign

     The campaign as its storyteller may read it, streamed one record a line: a header
    (campaign, fairness state), members, characters, the events in seq order with each
    roll after its latest link (a player's private roll is a redacted stub), the table
    flows, the storytellers' grants, and a trailer (chain head, counts). The current seed
    is revealed first (a rotation, ``fairness.rotated``) when it served anything, so
    ``fairtable verify`` checks every draw and salt; ``POST /campaigns/import`` takes it
    back.

    API keys need the `read` scope.

    Args:
        cid (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        cid=cid,
        client=client,
    ).parsed


async def asyncio_detailed(
    cid: str,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | str]:
    """Export a campaign

     The campaign as its storyteller may read it, streamed one record a line: a header
    (campaign, fairness state), members, characters, the events in seq order with each
    roll after its latest link (a player's private roll is a redacted stub), the table
    flows, the storytellers' grants, and a trailer (chain head, counts). The current seed
    is revealed first (a rotation, ``fairness.rotated``) when it served anything, so
    ``fairtable verify`` checks every draw and salt; ``POST /campaigns/import`` takes it
    back.

    API keys need the `read` scope.

    Args:
        cid (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        cid=cid,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    cid: str,
    *,
    client: AuthenticatedClient,
) -> Problem | str | None:
    """Export a campaign

     The campaign as its storyteller may read it, streamed one record a line: a header
    (campaign, fairness state), members, characters, the events in seq order with each
    roll after its latest link (a player's private roll is a redacted stub), the table
    flows, the storytellers' grants, and a trailer (chain head, counts). The current seed
    is revealed first (a rotation, ``fairness.rotated``) when it served anything, so
    ``fairtable verify`` checks every draw and salt; ``POST /campaigns/import`` takes it
    back.

    API keys need the `read` scope.

    Args:
        cid (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            cid=cid,
            client=client,
        )
    ).parsed
