from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.damage_answer import DamageAnswer
from ...models.damage_body import DamageBody
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    character_id: str,
    *,
    body: DamageBody,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/characters/{character_id}/damage".format(
            character_id=quote(str(character_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DamageAnswer | Problem | None:
    if response.status_code == 200:
        response_200 = DamageAnswer.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[DamageAnswer | Problem]:
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
    body: DamageBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[DamageAnswer | Problem]:
    """Deal matrix damage

     Deal damage to a matrix character (storyteller only). The server rolls the damage
    dice and then one check per multiple of 10 a counter crosses, in the order mortality,
    fatigue, madness, none after a death; the sheet's counters and states are updated.

    API keys need the `roll` scope.

    Args:
        character_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (DamageBody): A hit: ``physical`` is written ``M+F`` (mortality M, fatigue M+F),
            ``mental`` is one
            term that goes to madness. Terms are ``NdS`` or a constant.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DamageAnswer | Problem]
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
    body: DamageBody,
    idempotency_key: None | str | Unset = UNSET,
) -> DamageAnswer | Problem | None:
    """Deal matrix damage

     Deal damage to a matrix character (storyteller only). The server rolls the damage
    dice and then one check per multiple of 10 a counter crosses, in the order mortality,
    fatigue, madness, none after a death; the sheet's counters and states are updated.

    API keys need the `roll` scope.

    Args:
        character_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (DamageBody): A hit: ``physical`` is written ``M+F`` (mortality M, fatigue M+F),
            ``mental`` is one
            term that goes to madness. Terms are ``NdS`` or a constant.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DamageAnswer | Problem
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
    body: DamageBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[DamageAnswer | Problem]:
    """Deal matrix damage

     Deal damage to a matrix character (storyteller only). The server rolls the damage
    dice and then one check per multiple of 10 a counter crosses, in the order mortality,
    fatigue, madness, none after a death; the sheet's counters and states are updated.

    API keys need the `roll` scope.

    Args:
        character_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (DamageBody): A hit: ``physical`` is written ``M+F`` (mortality M, fatigue M+F),
            ``mental`` is one
            term that goes to madness. Terms are ``NdS`` or a constant.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DamageAnswer | Problem]
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
    body: DamageBody,
    idempotency_key: None | str | Unset = UNSET,
) -> DamageAnswer | Problem | None:
    """Deal matrix damage

     Deal damage to a matrix character (storyteller only). The server rolls the damage
    dice and then one check per multiple of 10 a counter crosses, in the order mortality,
    fatigue, madness, none after a death; the sheet's counters and states are updated.

    API keys need the `roll` scope.

    Args:
        character_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (DamageBody): A hit: ``physical`` is written ``M+F`` (mortality M, fatigue M+F),
            ``mental`` is one
            term that goes to madness. Terms are ``NdS`` or a constant.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DamageAnswer | Problem
    """

    return (
        await asyncio_detailed(
            character_id=character_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
