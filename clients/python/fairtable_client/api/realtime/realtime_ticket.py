from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.ticket_read import TicketRead
from ...types import Response


def _get_kwargs(
    cid: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/campaigns/{cid}/ws-ticket".format(
            cid=quote(str(cid), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | TicketRead | None:
    if response.status_code == 201:
        response_201 = TicketRead.from_dict(response.json())

        return response_201

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
) -> Response[Problem | TicketRead]:
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
) -> Response[Problem | TicketRead]:
    """Get a websocket ticket

     A single-use ticket, valid 60 s, to open this campaign's websocket with: browsers
    cannot set an Authorization header on a websocket, so they offer the subprotocols
    ``["fairtable", ticket]`` (or, the old way, ``?ticket=``). The socket lives as long as
    the credential that asked for the ticket: it is closed 4401 when that one dies.

    API keys need the `read` scope.

    Args:
        cid (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TicketRead]
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
) -> Problem | TicketRead | None:
    """Get a websocket ticket

     A single-use ticket, valid 60 s, to open this campaign's websocket with: browsers
    cannot set an Authorization header on a websocket, so they offer the subprotocols
    ``["fairtable", ticket]`` (or, the old way, ``?ticket=``). The socket lives as long as
    the credential that asked for the ticket: it is closed 4401 when that one dies.

    API keys need the `read` scope.

    Args:
        cid (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TicketRead
    """

    return sync_detailed(
        cid=cid,
        client=client,
    ).parsed


async def asyncio_detailed(
    cid: str,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | TicketRead]:
    """Get a websocket ticket

     A single-use ticket, valid 60 s, to open this campaign's websocket with: browsers
    cannot set an Authorization header on a websocket, so they offer the subprotocols
    ``["fairtable", ticket]`` (or, the old way, ``?ticket=``). The socket lives as long as
    the credential that asked for the ticket: it is closed 4401 when that one dies.

    API keys need the `read` scope.

    Args:
        cid (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TicketRead]
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
) -> Problem | TicketRead | None:
    """Get a websocket ticket

     A single-use ticket, valid 60 s, to open this campaign's websocket with: browsers
    cannot set an Authorization header on a websocket, so they offer the subprotocols
    ``["fairtable", ticket]`` (or, the old way, ``?ticket=``). The socket lives as long as
    the credential that asked for the ticket: it is closed 4401 when that one dies.

    API keys need the `read` scope.

    Args:
        cid (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TicketRead
    """

    return (
        await asyncio_detailed(
            cid=cid,
            client=client,
        )
    ).parsed
