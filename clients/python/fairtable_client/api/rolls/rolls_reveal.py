from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.roll_read import RollRead
from ...types import UNSET, Response, Unset


def _get_kwargs(
    roll_id: str,
    *,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/rolls/{roll_id}/reveal".format(
            roll_id=quote(str(roll_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RollRead | None:
    if response.status_code == 200:
        response_200 = RollRead.from_dict(response.json())

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
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Problem | RollRead]:
    """Reveal a hidden roll

     Make a hidden roll public: its dice and result, and the sheet effects it held (a
    failed save's condition, a faith roll ending panic), which are written on the
    character now, in public. A storyteller reveals ``blind`` and ``storyteller`` rolls; a
    ``private`` roll only its roller. 404 for whoever may not read the roll, 403 for a
    member who may read it but not reveal it, 409 for a public roll.

    API keys need the `roll` scope.

    Args:
        roll_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollRead]
    """

    kwargs = _get_kwargs(
        roll_id=roll_id,
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
    idempotency_key: None | str | Unset = UNSET,
) -> Problem | RollRead | None:
    """Reveal a hidden roll

     Make a hidden roll public: its dice and result, and the sheet effects it held (a
    failed save's condition, a faith roll ending panic), which are written on the
    character now, in public. A storyteller reveals ``blind`` and ``storyteller`` rolls; a
    ``private`` roll only its roller. 404 for whoever may not read the roll, 403 for a
    member who may read it but not reveal it, 409 for a public roll.

    API keys need the `roll` scope.

    Args:
        roll_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollRead
    """

    return sync_detailed(
        roll_id=roll_id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    roll_id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Problem | RollRead]:
    """Reveal a hidden roll

     Make a hidden roll public: its dice and result, and the sheet effects it held (a
    failed save's condition, a faith roll ending panic), which are written on the
    character now, in public. A storyteller reveals ``blind`` and ``storyteller`` rolls; a
    ``private`` roll only its roller. 404 for whoever may not read the roll, 403 for a
    member who may read it but not reveal it, 409 for a public roll.

    API keys need the `roll` scope.

    Args:
        roll_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollRead]
    """

    kwargs = _get_kwargs(
        roll_id=roll_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    roll_id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: None | str | Unset = UNSET,
) -> Problem | RollRead | None:
    """Reveal a hidden roll

     Make a hidden roll public: its dice and result, and the sheet effects it held (a
    failed save's condition, a faith roll ending panic), which are written on the
    character now, in public. A storyteller reveals ``blind`` and ``storyteller`` rolls; a
    ``private`` roll only its roller. 404 for whoever may not read the roll, 403 for a
    member who may read it but not reveal it, 409 for a public roll.

    API keys need the `roll` scope.

    Args:
        roll_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.

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
            idempotency_key=idempotency_key,
        )
    ).parsed
