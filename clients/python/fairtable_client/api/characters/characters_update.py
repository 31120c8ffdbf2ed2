from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.character_read import CharacterRead
from ...models.character_update import CharacterUpdate
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    character_id: str,
    *,
    body: CharacterUpdate,
    if_match: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["if-match"] = if_match

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/characters/{character_id}".format(
            character_id=quote(str(character_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CharacterRead | Problem | None:
    if response.status_code == 200:
        response_200 = CharacterRead.from_dict(response.json())

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

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())

        return response_412

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 428:
        response_428 = Problem.from_dict(response.json())

        return response_428

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CharacterRead | Problem]:
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
    body: CharacterUpdate,
    if_match: None | str | Unset = UNSET,
) -> Response[CharacterRead | Problem]:
    """Edit a character

     Edit a character. Send ``If-Match`` with the version you read: a stale version
    answers 412 and changes nothing.

    API keys need the `manage` scope.

    Args:
        character_id (str):
        if_match (None | str | Unset): The version you last read; a stale one answers 412.
        body (CharacterUpdate): Only the fields sent change; ``sheet`` replaces the whole sheet.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CharacterRead | Problem]
    """

    kwargs = _get_kwargs(
        character_id=character_id,
        body=body,
        if_match=if_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    character_id: str,
    *,
    client: AuthenticatedClient,
    body: CharacterUpdate,
    if_match: None | str | Unset = UNSET,
) -> CharacterRead | Problem | None:
    """Edit a character

     Edit a character. Send ``If-Match`` with the version you read: a stale version
    answers 412 and changes nothing.

    API keys need the `manage` scope.

    Args:
        character_id (str):
        if_match (None | str | Unset): The version you last read; a stale one answers 412.
        body (CharacterUpdate): Only the fields sent change; ``sheet`` replaces the whole sheet.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CharacterRead | Problem
    """

    return sync_detailed(
        character_id=character_id,
        client=client,
        body=body,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    character_id: str,
    *,
    client: AuthenticatedClient,
    body: CharacterUpdate,
    if_match: None | str | Unset = UNSET,
) -> Response[CharacterRead | Problem]:
    """Edit a character

     Edit a character. Send ``If-Match`` with the version you read: a stale version
    answers 412 and changes nothing.

    API keys need the `manage` scope.

    Args:
        character_id (str):
        if_match (None | str | Unset): The version you last read; a stale one answers 412.
        body (CharacterUpdate): Only the fields sent change; ``sheet`` replaces the whole sheet.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CharacterRead | Problem]
    """

    kwargs = _get_kwargs(
        character_id=character_id,
        body=body,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    character_id: str,
    *,
    client: AuthenticatedClient,
    body: CharacterUpdate,
    if_match: None | str | Unset = UNSET,
) -> CharacterRead | Problem | None:
    """Edit a character

     Edit a character. Send ``If-Match`` with the version you read: a stale version
    answers 412 and changes nothing.

    API keys need the `manage` scope.

    Args:
        character_id (str):
        if_match (None | str | Unset): The version you last read; a stale one answers 412.
        body (CharacterUpdate): Only the fields sent change; ``sheet`` replaces the whole sheet.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CharacterRead | Problem
    """

    return (
        await asyncio_detailed(
            character_id=character_id,
            client=client,
            body=body,
            if_match=if_match,
        )
    ).parsed
