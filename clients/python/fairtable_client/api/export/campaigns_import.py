from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.campaign_export import CampaignExport
from ...models.imported_campaign import ImportedCampaign
from ...models.problem import Problem
from ...types import UNSET, Response


def _get_kwargs(
    *,
    body: str | CampaignExport | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/campaigns/import",
    }

    if isinstance(body, str):
        _kwargs["content"] = body.payload
        headers["Content-Type"] = "application/x-ndjson"
    if isinstance(body, CampaignExport):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ImportedCampaign | Problem | None:
    if response.status_code == 201:
        response_201 = ImportedCampaign.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ImportedCampaign | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: str | CampaignExport | Unset = UNSET,
) -> Response[ImportedCampaign | Problem]:
    """Import a campaign

     Recreate an exported campaign here, with you as its storyteller and only member
    (the others are placeholders, to be invited again). A line-format export
    (`application/x-ndjson`, gzip too) of any size is read as it arrives, every link and
    die recomputed, then written in one transaction: a record that does not verify
    answers 422 naming its line and creates nothing; a campaign that already exists here
    answers 409. A version 2 single-JSON document (`application/json`) is still read, up
    to `VTT_MAX_IMPORT_BYTES`.

    API keys need the `manage` scope.

    Args:
        body (str):
        body (CampaignExport): ``GET /campaigns/{cid}/export``; ``POST /campaigns/import`` takes
            it back.

            ``fairness`` and ``audit`` are exactly what GET /fairness and GET /audit answer the
            exporting storyteller, so ``fairtable verify`` checks an export as it is. ``audit`` is
            derived from ``events`` and is not read back: the import rebuilds it from ``events``.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ImportedCampaign | Problem]
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
    body: str | CampaignExport | Unset = UNSET,
) -> ImportedCampaign | Problem | None:
    """Import a campaign

     Recreate an exported campaign here, with you as its storyteller and only member
    (the others are placeholders, to be invited again). A line-format export
    (`application/x-ndjson`, gzip too) of any size is read as it arrives, every link and
    die recomputed, then written in one transaction: a record that does not verify
    answers 422 naming its line and creates nothing; a campaign that already exists here
    answers 409. A version 2 single-JSON document (`application/json`) is still read, up
    to `VTT_MAX_IMPORT_BYTES`.

    API keys need the `manage` scope.

    Args:
        body (str):
        body (CampaignExport): ``GET /campaigns/{cid}/export``; ``POST /campaigns/import`` takes
            it back.

            ``fairness`` and ``audit`` are exactly what GET /fairness and GET /audit answer the
            exporting storyteller, so ``fairtable verify`` checks an export as it is. ``audit`` is
            derived from ``events`` and is not read back: the import rebuilds it from ``events``.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ImportedCampaign | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: str | CampaignExport | Unset = UNSET,
) -> Response[ImportedCampaign | Problem]:
    """Import a campaign

     Recreate an exported campaign here, with you as its storyteller and only member
    (the others are placeholders, to be invited again). A line-format export
    (`application/x-ndjson`, gzip too) of any size is read as it arrives, every link and
    die recomputed, then written in one transaction: a record that does not verify
    answers 422 naming its line and creates nothing; a campaign that already exists here
    answers 409. A version 2 single-JSON document (`application/json`) is still read, up
    to `VTT_MAX_IMPORT_BYTES`.

    API keys need the `manage` scope.

    Args:
        body (str):
        body (CampaignExport): ``GET /campaigns/{cid}/export``; ``POST /campaigns/import`` takes
            it back.

            ``fairness`` and ``audit`` are exactly what GET /fairness and GET /audit answer the
            exporting storyteller, so ``fairtable verify`` checks an export as it is. ``audit`` is
            derived from ``events`` and is not read back: the import rebuilds it from ``events``.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ImportedCampaign | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: str | CampaignExport | Unset = UNSET,
) -> ImportedCampaign | Problem | None:
    """Import a campaign

     Recreate an exported campaign here, with you as its storyteller and only member
    (the others are placeholders, to be invited again). A line-format export
    (`application/x-ndjson`, gzip too) of any size is read as it arrives, every link and
    die recomputed, then written in one transaction: a record that does not verify
    answers 422 naming its line and creates nothing; a campaign that already exists here
    answers 409. A version 2 single-JSON document (`application/json`) is still read, up
    to `VTT_MAX_IMPORT_BYTES`.

    API keys need the `manage` scope.

    Args:
        body (str):
        body (CampaignExport): ``GET /campaigns/{cid}/export``; ``POST /campaigns/import`` takes
            it back.

            ``fairness`` and ``audit`` are exactly what GET /fairness and GET /audit answer the
            exporting storyteller, so ``fairtable verify`` checks an export as it is. ``audit`` is
            derived from ``events`` and is not read back: the import rebuilds it from ``events``.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ImportedCampaign | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
