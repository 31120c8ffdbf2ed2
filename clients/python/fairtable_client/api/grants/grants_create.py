from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.grant_create import GrantCreate
from ...models.grant_list import GrantList
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    character_id: str,
    *,
    body: GrantCreate | None | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/characters/{character_id}/grants".format(
            character_id=quote(str(character_id), safe=""),
        ),
    }

    if isinstance(body, GrantCreate):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GrantList | Problem | None:
    if response.status_code == 201:
        response_201 = GrantList.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GrantList | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    character_id: str,
    *,
    client: AuthenticatedClient,
    body: GrantCreate | None | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[GrantList | Problem]:
    """Grant a reroll before the roll

     A storyteller grants the character one reroll for a clever idea, ahead of its roll
    (``name`` says what for). The character's player spends it by citing
    ``{"source": "storyteller"}`` on a test (optionally with the grant's ``name`` or
    ``grant_id``), which uses up one open grant. A grant after the roll is
    ``POST /rolls/{id}/grant`` instead. Answers the character's open grants.

    API keys need the `roll` scope.

    Args:
        character_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and grants once.
        body (GrantCreate | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GrantList | Problem]
    """

    kwargs = _get_kwargs(
        character_id=character_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    character_id: str,
    *,
    client: AuthenticatedClient,
    body: GrantCreate | None | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,
) -> GrantList | Problem | None:
    """Grant a reroll before the roll

     A storyteller grants the character one reroll for a clever idea, ahead of its roll
    (``name`` says what for). The character's player spends it by citing
    ``{"source": "storyteller"}`` on a test (optionally with the grant's ``name`` or
    ``grant_id``), which uses up one open grant. A grant after the roll is
    ``POST /rolls/{id}/grant`` instead. Answers the character's open grants.

    API keys need the `roll` scope.

    Args:
        character_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and grants once.
        body (GrantCreate | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GrantList | Problem
    """

    return sync_detailed(
        character_id=character_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    character_id: str,
    *,
    client: AuthenticatedClient,
    body: GrantCreate | None | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[GrantList | Problem]:
    """Grant a reroll before the roll

     A storyteller grants the character one reroll for a clever idea, ahead of its roll
    (``name`` says what for). The character's player spends it by citing
    ``{"source": "storyteller"}`` on a test (optionally with the grant's ``name`` or
    ``grant_id``), which uses up one open grant. A grant after the roll is
    ``POST /rolls/{id}/grant`` instead. Answers the character's open grants.

    API keys need the `roll` scope.

    Args:
        character_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and grants once.
        body (GrantCreate | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GrantList | Problem]
    """

    kwargs = _get_kwargs(
        character_id=character_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    character_id: str,
    *,
    client: AuthenticatedClient,
    body: GrantCreate | None | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,
) -> GrantList | Problem | None:
    """Grant a reroll before the roll

     A storyteller grants the character one reroll for a clever idea, ahead of its roll
    (``name`` says what for). The character's player spends it by citing
    ``{"source": "storyteller"}`` on a test (optionally with the grant's ``name`` or
    ``grant_id``), which uses up one open grant. A grant after the roll is
    ``POST /rolls/{id}/grant`` instead. Answers the character's open grants.

    API keys need the `roll` scope.

    Args:
        character_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and grants once.
        body (GrantCreate | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GrantList | Problem
    """

    return (
        await asyncio_detailed(
            character_id=character_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
