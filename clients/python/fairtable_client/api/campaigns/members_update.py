from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.member_read import MemberRead
from ...models.member_update import MemberUpdate
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    cid: str,
    user_id: str,
    *,
    body: MemberUpdate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/campaigns/{cid}/members/{user_id}".format(
            cid=quote(str(cid), safe=""),
            user_id=quote(str(user_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MemberRead | Problem | None:
    if response.status_code == 200:
        response_200 = MemberRead.from_dict(response.json())

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
) -> Response[MemberRead | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    cid: str,
    user_id: str,
    *,
    client: AuthenticatedClient,
    body: MemberUpdate,
) -> Response[MemberRead | Problem]:
    """Change a member's role

     Give a member another role; the last storyteller cannot step down.

    API keys need the `manage` scope.

    Args:
        cid (str):
        user_id (str):
        body (MemberUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MemberRead | Problem]
    """

    kwargs = _get_kwargs(
        cid=cid,
        user_id=user_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    cid: str,
    user_id: str,
    *,
    client: AuthenticatedClient,
    body: MemberUpdate,
) -> MemberRead | Problem | None:
    """Change a member's role

     Give a member another role; the last storyteller cannot step down.

    API keys need the `manage` scope.

    Args:
        cid (str):
        user_id (str):
        body (MemberUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MemberRead | Problem
    """

    return sync_detailed(
        cid=cid,
        user_id=user_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    cid: str,
    user_id: str,
    *,
    client: AuthenticatedClient,
    body: MemberUpdate,
) -> Response[MemberRead | Problem]:
    """Change a member's role

     Give a member another role; the last storyteller cannot step down.

    API keys need the `manage` scope.

    Args:
        cid (str):
        user_id (str):
        body (MemberUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MemberRead | Problem]
    """

    kwargs = _get_kwargs(
        cid=cid,
        user_id=user_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    cid: str,
    user_id: str,
    *,
    client: AuthenticatedClient,
    body: MemberUpdate,
) -> MemberRead | Problem | None:
    """Change a member's role

     Give a member another role; the last storyteller cannot step down.

    API keys need the `manage` scope.

    Args:
        cid (str):
        user_id (str):
        body (MemberUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MemberRead | Problem
    """

    return (
        await asyncio_detailed(
            cid=cid,
            user_id=user_id,
            client=client,
            body=body,
        )
    ).parsed
