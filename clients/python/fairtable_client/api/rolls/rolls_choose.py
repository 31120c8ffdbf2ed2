from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.choice_body import ChoiceBody
from ...models.problem import Problem
from ...models.roll_read import RollRead
from ...types import UNSET, Response, Unset


def _get_kwargs(
    roll_id: str,
    *,
    body: ChoiceBody,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/rolls/{roll_id}/choice".format(
            roll_id=quote(str(roll_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RollRead | None:
    if response.status_code == 200:
        response_200 = RollRead.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | RollRead]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    roll_id: str,
    *,
    client: AuthenticatedClient,
    body: ChoiceBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Problem | RollRead]:
    """Settle a partial success

     Settle a partial success: ``fail`` or ``complication``, on a pending partial
    success (409 otherwise). The roller's player chooses; a storyteller, for a non-player
    character.

    API keys need the `roll` scope.

    Args:
        roll_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (ChoiceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollRead]
    """

    kwargs = _get_kwargs(
        roll_id=roll_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    roll_id: str,
    *,
    client: AuthenticatedClient,
    body: ChoiceBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Problem | RollRead | None:
    """Settle a partial success

     Settle a partial success: ``fail`` or ``complication``, on a pending partial
    success (409 otherwise). The roller's player chooses; a storyteller, for a non-player
    character.

    API keys need the `roll` scope.

    Args:
        roll_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (ChoiceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollRead
    """

    return sync_detailed(
        roll_id=roll_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    roll_id: str,
    *,
    client: AuthenticatedClient,
    body: ChoiceBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Problem | RollRead]:
    """Settle a partial success

     Settle a partial success: ``fail`` or ``complication``, on a pending partial
    success (409 otherwise). The roller's player chooses; a storyteller, for a non-player
    character.

    API keys need the `roll` scope.

    Args:
        roll_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (ChoiceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollRead]
    """

    kwargs = _get_kwargs(
        roll_id=roll_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    roll_id: str,
    *,
    client: AuthenticatedClient,
    body: ChoiceBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Problem | RollRead | None:
    """Settle a partial success

     Settle a partial success: ``fail`` or ``complication``, on a pending partial
    success (409 otherwise). The roller's player chooses; a storyteller, for a non-player
    character.

    API keys need the `roll` scope.

    Args:
        roll_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (ChoiceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollRead
    """

    return (
        await asyncio_detailed(
            roll_id=roll_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
