from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.roll_request_create import RollRequestCreate
from ...models.roll_request_read import RollRequestRead
from ...types import UNSET, Response, Unset


def _get_kwargs(
    cid: str,
    *,
    body: RollRequestCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/campaigns/{cid}/roll-requests".format(
            cid=quote(str(cid), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RollRequestRead | None:
    if response.status_code == 201:
        response_201 = RollRequestRead.from_dict(response.json())

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
) -> Response[Problem | RollRequestRead]:
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
    body: RollRequestCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Problem | RollRequestRead]:
    """Request a roll

     A storyteller asks one or several characters of the campaign for the same roll: a
    ``test`` (every ruleset) or a d20 ``save`` with its ``condition``, of ``trait``, at
    ``difficulty``, seen as ``visibility`` says (``public``, ``storyteller`` or ``blind``).
    Each is checked as that roll would be, for every character's sheet (422 naming the
    field). ``advantage``/``disadvantage``, when given, are the storyteller's call and the
    answers cannot change them; ``expires_in`` (seconds, or an ISO 8601 duration such as
    ``PT5M``, up to ``P7D``) sets a deadline.

    The storytellers and every player owning an addressed character get a
    ``roll_request.created`` event. Each answers with an ordinary roll,
    ``POST /campaigns/{cid}/rolls`` with ``{"request_id", "character_id"}``.

    API keys need the `roll` scope.

    Args:
        cid (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (RollRequestCreate): What a storyteller asks for: the roll every addressed character
            makes. Its kind,
            trait, difficulty, condition and visibility are the request's, never the answer's;
            ``advantage``/``disadvantage``, when given, are fixed too (otherwise each player may
            claim them, as on any roll). ``expires_in``: seconds, or an ISO 8601 duration.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollRequestRead]
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
    body: RollRequestCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> Problem | RollRequestRead | None:
    """Request a roll

     A storyteller asks one or several characters of the campaign for the same roll: a
    ``test`` (every ruleset) or a d20 ``save`` with its ``condition``, of ``trait``, at
    ``difficulty``, seen as ``visibility`` says (``public``, ``storyteller`` or ``blind``).
    Each is checked as that roll would be, for every character's sheet (422 naming the
    field). ``advantage``/``disadvantage``, when given, are the storyteller's call and the
    answers cannot change them; ``expires_in`` (seconds, or an ISO 8601 duration such as
    ``PT5M``, up to ``P7D``) sets a deadline.

    The storytellers and every player owning an addressed character get a
    ``roll_request.created`` event. Each answers with an ordinary roll,
    ``POST /campaigns/{cid}/rolls`` with ``{"request_id", "character_id"}``.

    API keys need the `roll` scope.

    Args:
        cid (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (RollRequestCreate): What a storyteller asks for: the roll every addressed character
            makes. Its kind,
            trait, difficulty, condition and visibility are the request's, never the answer's;
            ``advantage``/``disadvantage``, when given, are fixed too (otherwise each player may
            claim them, as on any roll). ``expires_in``: seconds, or an ISO 8601 duration.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollRequestRead
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
    body: RollRequestCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Problem | RollRequestRead]:
    """Request a roll

     A storyteller asks one or several characters of the campaign for the same roll: a
    ``test`` (every ruleset) or a d20 ``save`` with its ``condition``, of ``trait``, at
    ``difficulty``, seen as ``visibility`` says (``public``, ``storyteller`` or ``blind``).
    Each is checked as that roll would be, for every character's sheet (422 naming the
    field). ``advantage``/``disadvantage``, when given, are the storyteller's call and the
    answers cannot change them; ``expires_in`` (seconds, or an ISO 8601 duration such as
    ``PT5M``, up to ``P7D``) sets a deadline.

    The storytellers and every player owning an addressed character get a
    ``roll_request.created`` event. Each answers with an ordinary roll,
    ``POST /campaigns/{cid}/rolls`` with ``{"request_id", "character_id"}``.

    API keys need the `roll` scope.

    Args:
        cid (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (RollRequestCreate): What a storyteller asks for: the roll every addressed character
            makes. Its kind,
            trait, difficulty, condition and visibility are the request's, never the answer's;
            ``advantage``/``disadvantage``, when given, are fixed too (otherwise each player may
            claim them, as on any roll). ``expires_in``: seconds, or an ISO 8601 duration.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollRequestRead]
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
    body: RollRequestCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> Problem | RollRequestRead | None:
    """Request a roll

     A storyteller asks one or several characters of the campaign for the same roll: a
    ``test`` (every ruleset) or a d20 ``save`` with its ``condition``, of ``trait``, at
    ``difficulty``, seen as ``visibility`` says (``public``, ``storyteller`` or ``blind``).
    Each is checked as that roll would be, for every character's sheet (422 naming the
    field). ``advantage``/``disadvantage``, when given, are the storyteller's call and the
    answers cannot change them; ``expires_in`` (seconds, or an ISO 8601 duration such as
    ``PT5M``, up to ``P7D``) sets a deadline.

    The storytellers and every player owning an addressed character get a
    ``roll_request.created`` event. Each answers with an ordinary roll,
    ``POST /campaigns/{cid}/rolls`` with ``{"request_id", "character_id"}``.

    API keys need the `roll` scope.

    Args:
        cid (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (RollRequestCreate): What a storyteller asks for: the roll every addressed character
            makes. Its kind,
            trait, difficulty, condition and visibility are the request's, never the answer's;
            ``advantage``/``disadvantage``, when given, are fixed too (otherwise each player may
            claim them, as on any roll). ``expires_in``: seconds, or an ISO 8601 duration.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollRequestRead
    """

    return (
        await asyncio_detailed(
            cid=cid,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
