from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.campaign_create import CampaignCreate
from ...models.campaign_read import CampaignRead
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: CampaignCreate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/campaigns",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CampaignRead | Problem | None:
    if response.status_code == 201:
        response_201 = CampaignRead.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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
    *,
    client: AuthenticatedClient,
    body: CampaignCreate,
) -> Response[CampaignRead | Problem]:
    """Open a campaign

     Open a campaign with one ruleset, fixed for its lifetime; its creator becomes its
    storyteller. ``settings`` are checked against the ruleset's own: a 422 whose ``errors``
    names each refused setting (an unknown one, a wrong type). Without a ``language``
    setting, the campaign speaks the request's ``Accept-Language`` (``fr`` or ``en``).

    API keys need the `manage` scope.

    Args:
        body (CampaignCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CampaignRead | Problem]
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
    client: AuthenticatedClient,
    body: CampaignCreate,
) -> CampaignRead | Problem | None:
    """Open a campaign

     Open a campaign with one ruleset, fixed for its lifetime; its creator becomes its
    storyteller. ``settings`` are checked against the ruleset's own: a 422 whose ``errors``
    names each refused setting (an unknown one, a wrong type). Without a ``language``
    setting, the campaign speaks the request's ``Accept-Language`` (``fr`` or ``en``).

    API keys need the `manage` scope.

    Args:
        body (CampaignCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CampaignRead | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CampaignCreate,
) -> Response[CampaignRead | Problem]:
    """Open a campaign

     Open a campaign with one ruleset, fixed for its lifetime; its creator becomes its
    storyteller. ``settings`` are checked against the ruleset's own: a 422 whose ``errors``
    names each refused setting (an unknown one, a wrong type). Without a ``language``
    setting, the campaign speaks the request's ``Accept-Language`` (``fr`` or ``en``).

    API keys need the `manage` scope.

    Args:
        body (CampaignCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CampaignRead | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CampaignCreate,
) -> CampaignRead | Problem | None:
    """Open a campaign

     Open a campaign with one ruleset, fixed for its lifetime; its creator becomes its
    storyteller. ``settings`` are checked against the ruleset's own: a 422 whose ``errors``
    names each refused setting (an unknown one, a wrong type). Without a ``language``
    setting, the campaign speaks the request's ``Accept-Language`` (``fr`` or ``en``).

    API keys need the `manage` scope.

    Args:
        body (CampaignCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CampaignRead | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
