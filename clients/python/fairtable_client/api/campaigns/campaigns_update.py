from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.campaign_read import CampaignRead
from ...models.campaign_update import CampaignUpdate
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    cid: str,
    *,
    body: CampaignUpdate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/campaigns/{cid}".format(
            cid=quote(str(cid), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CampaignRead | Problem | None:
    if response.status_code == 200:
        response_200 = CampaignRead.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CampaignRead | Problem]:
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
    body: CampaignUpdate,
) -> Response[CampaignRead | Problem]:
    """Edit a campaign

     Rename or change settings (merged into the current ones; refused settings answer
    422 with ``errors``, and nothing changes). The ruleset is fixed.

    API keys need the `manage` scope.

    Args:
        cid (str):
        body (CampaignUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CampaignRead | Problem]
    """

    kwargs = _get_kwargs(
        cid=cid,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    cid: str,
    *,
    client: AuthenticatedClient,
    body: CampaignUpdate,
) -> CampaignRead | Problem | None:
    """Edit a campaign

     Rename or change settings (merged into the current ones; refused settings answer
    422 with ``errors``, and nothing changes). The ruleset is fixed.

    API keys need the `manage` scope.

    Args:
        cid (str):
        body (CampaignUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CampaignRead | Problem
    """

    return sync_detailed(
        cid=cid,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    cid: str,
    *,
    client: AuthenticatedClient,
    body: CampaignUpdate,
) -> Response[CampaignRead | Problem]:
    """Edit a campaign

     Rename or change settings (merged into the current ones; refused settings answer
    422 with ``errors``, and nothing changes). The ruleset is fixed.

    API keys need the `manage` scope.

    Args:
        cid (str):
        body (CampaignUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CampaignRead | Problem]
    """

    kwargs = _get_kwargs(
        cid=cid,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    cid: str,
    *,
    client: AuthenticatedClient,
    body: CampaignUpdate,
) -> CampaignRead | Problem | None:
    """Edit a campaign

     Rename or change settings (merged into the current ones; refused settings answer
    422 with ``errors``, and nothing changes). The ruleset is fixed.

    API keys need the `manage` scope.

    Args:
        cid (str):
        body (CampaignUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CampaignRead | Problem
    """

    return (
        await asyncio_detailed(
            cid=cid,
            client=client,
            body=body,
        )
    ).parsed
