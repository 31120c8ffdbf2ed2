from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.audit_bundle import AuditBundle
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    cid: str,
    *,
    after: int | Unset = 0,
    limit: int | Unset = 1000,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/campaigns/{cid}/audit".format(
            cid=quote(str(cid), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AuditBundle | Problem | None:
    if response.status_code == 200:
        response_200 = AuditBundle.from_dict(response.json())

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
) -> Response[AuditBundle | Problem]:
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
    after: int | Unset = 0,
    limit: int | Unset = 1000,
) -> Response[AuditBundle | Problem]:
    """Read the roll hash chain

     The roll hash chain in seq order, with the fairness state it ends at: save the answer
    and run ``fairtable verify`` on it. Rolls the caller may not see are redacted links
    (``record: null``): their hashes still chain.

    API keys need the `read` scope.

    Args:
        cid (str):
        after (int | Unset): Links after this seq. Default: 0.
        limit (int | Unset):  Default: 1000.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditBundle | Problem]
    """

    kwargs = _get_kwargs(
        cid=cid,
        after=after,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    cid: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 1000,
) -> AuditBundle | Problem | None:
    """Read the roll hash chain

     The roll hash chain in seq order, with the fairness state it ends at: save the answer
    and run ``fairtable verify`` on it. Rolls the caller may not see are redacted links
    (``record: null``): their hashes still chain.

    API keys need the `read` scope.

    Args:
        cid (str):
        after (int | Unset): Links after this seq. Default: 0.
        limit (int | Unset):  Default: 1000.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditBundle | Problem
    """

    return sync_detailed(
        cid=cid,
        client=client,
        after=after,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    cid: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 1000,
) -> Response[AuditBundle | Problem]:
    """Read the roll hash chain

     The roll hash chain in seq order, with the fairness state it ends at: save the answer
    and run ``fairtable verify`` on it. Rolls the caller may not see are redacted links
    (``record: null``): their hashes still chain.

    API keys need the `read` scope.

    Args:
        cid (str):
        after (int | Unset): Links after this seq. Default: 0.
        limit (int | Unset):  Default: 1000.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditBundle | Problem]
    """

    kwargs = _get_kwargs(
        cid=cid,
        after=after,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    cid: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 1000,
) -> AuditBundle | Problem | None:
    """Read the roll hash chain

     The roll hash chain in seq order, with the fairness state it ends at: save the answer
    and run ``fairtable verify`` on it. Rolls the caller may not see are redacted links
    (``record: null``): their hashes still chain.

    API keys need the `read` scope.

    Args:
        cid (str):
        after (int | Unset): Links after this seq. Default: 0.
        limit (int | Unset):  Default: 1000.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditBundle | Problem
    """

    return (
        await asyncio_detailed(
            cid=cid,
            client=client,
            after=after,
            limit=limit,
        )
    ).parsed
