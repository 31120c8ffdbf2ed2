from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.roll_request_read import RollRequestRead
from ...types import UNSET, Response, Unset


def _get_kwargs(
    request_id: str,
    *,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/roll-requests/{request_id}/cancel".format(
            request_id=quote(str(request_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RollRequestRead | None:
    if response.status_code == 200:
        response_200 = RollRequestRead.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | RollRequestRead]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    request_id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Problem | RollRequestRead]:
    """Cancel a roll request

     A storyteller cancels a request: the characters still waiting cannot answer any
    more (``cancelled``); those who answered keep their rolls. 409 once nothing waits.

    API keys need the `roll` scope.

    Args:
        request_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollRequestRead]
    """

    kwargs = _get_kwargs(
        request_id=request_id,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    request_id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: None | str | Unset = UNSET,
) -> Problem | RollRequestRead | None:
    """Cancel a roll request

     A storyteller cancels a request: the characters still waiting cannot answer any
    more (``cancelled``); those who answered keep their rolls. 409 once nothing waits.

    API keys need the `roll` scope.

    Args:
        request_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollRequestRead
    """

    return sync_detailed(
        request_id=request_id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    request_id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Problem | RollRequestRead]:
    """Cancel a roll request

     A storyteller cancels a request: the characters still waiting cannot answer any
    more (``cancelled``); those who answered keep their rolls. 409 once nothing waits.

    API keys need the `roll` scope.

    Args:
        request_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollRequestRead]
    """

    kwargs = _get_kwargs(
        request_id=request_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    request_id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: None | str | Unset = UNSET,
) -> Problem | RollRequestRead | None:
    """Cancel a roll request

     A storyteller cancels a request: the characters still waiting cannot answer any
    more (``cancelled``); those who answered keep their rolls. 409 once nothing waits.

    API keys need the `roll` scope.

    Args:
        request_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollRequestRead
    """

    return (
        await asyncio_detailed(
            request_id=request_id,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
