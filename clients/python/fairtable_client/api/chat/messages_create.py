from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.message_create import MessageCreate
from ...models.message_read import MessageRead
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    cid: str,
    *,
    body: MessageCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/campaigns/{cid}/messages".format(
            cid=quote(str(cid), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MessageRead | Problem | None:
    if response.status_code == 201:
        response_201 = MessageRead.from_dict(response.json())

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
) -> Response[MessageRead | Problem]:
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
    body: MessageCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[MessageRead | Problem]:
    """Send a chat message or a whisper

     Any member (spectators too) says something to the table, or whispers it to ``to``
    (member user ids). A whisper is read by its sender, its recipients and, when the
    campaign's ``storyteller_reads_whispers`` is on as the message is sent (the default),
    every storyteller; by nobody else, in any answer, list, event or export. With
    ``in_character`` the message is spoken by ``character_id``, a character the sender
    may roll for. The text is plain text, kept verbatim: show it as text, never as HTML.

    Every member who may read it gets a ``message.created`` event (its data is this answer),
    with its seq among the rolls. A message counts against the caller's write rate limit;
    a retry with the same ``Idempotency-Key`` answers the first message again.

    API keys need the `roll` scope.

    Args:
        cid (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (MessageCreate): A message: ``to`` absent or null for the whole table, else a whisper
            to those
            members (the sender reads it too, named or not). ``in_character`` speaks as
            ``character_id``, a character the sender may roll for.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageRead | Problem]
    """

    kwargs = _get_kwargs(
        cid=cid,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    cid: str,
    *,
    client: AuthenticatedClient,
    body: MessageCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> MessageRead | Problem | None:
    """Send a chat message or a whisper

     Any member (spectators too) says something to the table, or whispers it to ``to``
    (member user ids). A whisper is read by its sender, its recipients and, when the
    campaign's ``storyteller_reads_whispers`` is on as the message is sent (the default),
    every storyteller; by nobody else, in any answer, list, event or export. With
    ``in_character`` the message is spoken by ``character_id``, a character the sender
    may roll for. The text is plain text, kept verbatim: show it as text, never as HTML.

    Every member who may read it gets a ``message.created`` event (its data is this answer),
    with its seq among the rolls. A message counts against the caller's write rate limit;
    a retry with the same ``Idempotency-Key`` answers the first message again.

    API keys need the `roll` scope.

    Args:
        cid (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (MessageCreate): A message: ``to`` absent or null for the whole table, else a whisper
            to those
            members (the sender reads it too, named or not). ``in_character`` speaks as
            ``character_id``, a character the sender may roll for.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageRead | Problem
    """

    return sync_detailed(
        cid=cid,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    cid: str,
    *,
    client: AuthenticatedClient,
    body: MessageCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[MessageRead | Problem]:
    """Send a chat message or a whisper

     Any member (spectators too) says something to the table, or whispers it to ``to``
    (member user ids). A whisper is read by its sender, its recipients and, when the
    campaign's ``storyteller_reads_whispers`` is on as the message is sent (the default),
    every storyteller; by nobody else, in any answer, list, event or export. With
    ``in_character`` the message is spoken by ``character_id``, a character the sender
    may roll for. The text is plain text, kept verbatim: show it as text, never as HTML.

    Every member who may read it gets a ``message.created`` event (its data is this answer),
    with its seq among the rolls. A message counts against the caller's write rate limit;
    a retry with the same ``Idempotency-Key`` answers the first message again.

    API keys need the `roll` scope.

    Args:
        cid (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (MessageCreate): A message: ``to`` absent or null for the whole table, else a whisper
            to those
            members (the sender reads it too, named or not). ``in_character`` speaks as
            ``character_id``, a character the sender may roll for.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageRead | Problem]
    """

    kwargs = _get_kwargs(
        cid=cid,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    cid: str,
    *,
    client: AuthenticatedClient,
    body: MessageCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> MessageRead | Problem | None:
    """Send a chat message or a whisper

     Any member (spectators too) says something to the table, or whispers it to ``to``
    (member user ids). A whisper is read by its sender, its recipients and, when the
    campaign's ``storyteller_reads_whispers`` is on as the message is sent (the default),
    every storyteller; by nobody else, in any answer, list, event or export. With
    ``in_character`` the message is spoken by ``character_id``, a character the sender
    may roll for. The text is plain text, kept verbatim: show it as text, never as HTML.

    Every member who may read it gets a ``message.created`` event (its data is this answer),
    with its seq among the rolls. A message counts against the caller's write rate limit;
    a retry with the same ``Idempotency-Key`` answers the first message again.

    API keys need the `roll` scope.

    Args:
        cid (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (MessageCreate): A message: ``to`` absent or null for the whole table, else a whisper
            to those
            members (the sender reads it too, named or not). ``in_character`` speaks as
            ``character_id``, a character the sender may roll for.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageRead | Problem
    """

    return (
        await asyncio_detailed(
            cid=cid,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
