from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    character_id: str,
    condition: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/v1/characters/{character_id}/conditions/{condition}".format(
            character_id=quote(str(character_id), safe=""),
            condition=quote(str(condition), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | None:
    if response.status_code == 200:
        response_200 = response.json()
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    character_id: str,
    condition: str,
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem]:
    """Lift a d20 condition

     Lift a d20 condition (storyteller only; compared without regard to case). Answers
    the character; 404 when it does not have that condition.

    API keys need the `manage` scope.

    Args:
        character_id (str):
        condition (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        character_id=character_id,
        condition=condition,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    character_id: str,
    condition: str,
    *,
    client: AuthenticatedClient,
) -> Any | Problem | None:
    """Lift a d20 condition

     Lift a d20 condition (storyteller only; compared without regard to case). Answers
    the character; 404 when it does not have that condition.

    API keys need the `manage` scope.

    Args:
        character_id (str):
        condition (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        character_id=character_id,
        condition=condition,
        client=client,
    ).parsed


async def asyncio_detailed(
    character_id: str,
    condition: str,
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem]:
    """Lift a d20 condition

     Lift a d20 condition (storyteller only; compared without regard to case). Answers
    the character; 404 when it does not have that condition.

    API keys need the `manage` scope.

    Args:
        character_id (str):
        condition (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        character_id=character_id,
        condition=condition,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    character_id: str,
    condition: str,
    *,
    client: AuthenticatedClient,
) -> Any | Problem | None:
    """Lift a d20 condition

     Lift a d20 condition (storyteller only; compared without regard to case). Answers
    the character; 404 when it does not have that condition.

    API keys need the `manage` scope.

    Args:
        character_id (str):
        condition (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            character_id=character_id,
            condition=condition,
            client=client,
        )
    ).parsed
