from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.group_create import GroupCreate
from ...models.group_read import GroupRead
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    cid: str,
    *,
    body: GroupCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/campaigns/{cid}/group-rolls".format(
            cid=quote(str(cid), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GroupRead | Problem | None:
    if response.status_code == 201:
        response_201 = GroupRead.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GroupRead | Problem]:
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
    body: GroupCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[GroupRead | Problem]:
    """Roll a group action

     A storyteller has a group act: every named character rolls the quality (ordinary
    public rolls, open tests); a member succeeds with successes ≥ ``difficulty``, and the
    group succeeds when strictly more than half of its members do (2 of 4 fails).

    API keys need the `roll` scope.

    Args:
        cid (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (GroupCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GroupRead | Problem]
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
    body: GroupCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> GroupRead | Problem | None:
    """Roll a group action

     A storyteller has a group act: every named character rolls the quality (ordinary
    public rolls, open tests); a member succeeds with successes ≥ ``difficulty``, and the
    group succeeds when strictly more than half of its members do (2 of 4 fails).

    API keys need the `roll` scope.

    Args:
        cid (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (GroupCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GroupRead | Problem
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
    body: GroupCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[GroupRead | Problem]:
    """Roll a group action

     A storyteller has a group act: every named character rolls the quality (ordinary
    public rolls, open tests); a member succeeds with successes ≥ ``difficulty``, and the
    group succeeds when strictly more than half of its members do (2 of 4 fails).

    API keys need the `roll` scope.

    Args:
        cid (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (GroupCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GroupRead | Problem]
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
    body: GroupCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> GroupRead | Problem | None:
    """Roll a group action

     A storyteller has a group act: every named character rolls the quality (ordinary
    public rolls, open tests); a member succeeds with successes ≥ ``difficulty``, and the
    group succeeds when strictly more than half of its members do (2 of 4 fails).

    API keys need the `roll` scope.

    Args:
        cid (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (GroupCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GroupRead | Problem
    """

    return (
        await asyncio_detailed(
            cid=cid,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
