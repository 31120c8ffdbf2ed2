from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.formula_body import FormulaBody
from ...models.problem import Problem
from ...models.request_answer import RequestAnswer
from ...models.roll_read import RollRead
from ...models.save_body import SaveBody
from ...models.test_body import TestBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    cid: str,
    *,
    body: FormulaBody | RequestAnswer | SaveBody | TestBody,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/campaigns/{cid}/rolls".format(
            cid=quote(str(cid), safe=""),
        ),
    }

    if isinstance(body, TestBody):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SaveBody):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, FormulaBody):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RollRead | None:
    if response.status_code == 201:
        response_201 = RollRead.from_dict(response.json())

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
    cid: str,
    *,
    client: AuthenticatedClient,
    body: FormulaBody | RequestAnswer | SaveBody | TestBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Problem | RollRead]:
    """Roll dice

     Roll dice on the server. ``kind`` picks the roll: ``test`` (every ruleset), ``save``
    (d20) or ``formula`` (any). Scores and modifiers are read from the stored sheet, never
    from the request. Storytellers and players roll; a player only for their own characters.

    Send an ``Idempotency-Key``: a retry with the same key answers the first roll again,
    byte for byte, and never rolls twice. A 3d6 test with rerolls left, or a partial success
    awaiting its choice, is ``pending``: see the ``/rolls/{roll_id}/…`` steps.

    API keys need the `roll` scope.

    Args:
        cid (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (FormulaBody | RequestAnswer | SaveBody | TestBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollRead]
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
    body: FormulaBody | RequestAnswer | SaveBody | TestBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Problem | RollRead | None:
    """Roll dice

     Roll dice on the server. ``kind`` picks the roll: ``test`` (every ruleset), ``save``
    (d20) or ``formula`` (any). Scores and modifiers are read from the stored sheet, never
    from the request. Storytellers and players roll; a player only for their own characters.

    Send an ``Idempotency-Key``: a retry with the same key answers the first roll again,
    byte for byte, and never rolls twice. A 3d6 test with rerolls left, or a partial success
    awaiting its choice, is ``pending``: see the ``/rolls/{roll_id}/…`` steps.

    API keys need the `roll` scope.

    Args:
        cid (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (FormulaBody | RequestAnswer | SaveBody | TestBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollRead
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
    body: FormulaBody | RequestAnswer | SaveBody | TestBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Problem | RollRead]:
    """Roll dice

     Roll dice on the server. ``kind`` picks the roll: ``test`` (every ruleset), ``save``
    (d20) or ``formula`` (any). Scores and modifiers are read from the stored sheet, never
    from the request. Storytellers and players roll; a player only for their own characters.

    Send an ``Idempotency-Key``: a retry with the same key answers the first roll again,
    byte for byte, and never rolls twice. A 3d6 test with rerolls left, or a partial success
    awaiting its choice, is ``pending``: see the ``/rolls/{roll_id}/…`` steps.

    API keys need the `roll` scope.

    Args:
        cid (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (FormulaBody | RequestAnswer | SaveBody | TestBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollRead]
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
    body: FormulaBody | RequestAnswer | SaveBody | TestBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Problem | RollRead | None:
    """Roll dice

     Roll dice on the server. ``kind`` picks the roll: ``test`` (every ruleset), ``save``
    (d20) or ``formula`` (any). Scores and modifiers are read from the stored sheet, never
    from the request. Storytellers and players roll; a player only for their own characters.

    Send an ``Idempotency-Key``: a retry with the same key answers the first roll again,
    byte for byte, and never rolls twice. A 3d6 test with rerolls left, or a partial success
    awaiting its choice, is ``pending``: see the ``/rolls/{roll_id}/…`` steps.

    API keys need the `roll` scope.

    Args:
        cid (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (FormulaBody | RequestAnswer | SaveBody | TestBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollRead
    """

    return (
        await asyncio_detailed(
            cid=cid,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
