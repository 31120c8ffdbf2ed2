from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.round_body import RoundBody
from ...models.round_read import RoundRead
from ...types import UNSET, Response, Unset


def _get_kwargs(
    contest_id: str,
    *,
    body: None | RoundBody | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/contests/{contest_id}/rounds".format(
            contest_id=quote(str(contest_id), safe=""),
        ),
    }

    if isinstance(body, RoundBody):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RoundRead | None:
    if response.status_code == 201:
        response_201 = RoundRead.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | RoundRead]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    contest_id: str,
    *,
    client: AuthenticatedClient,
    body: None | RoundBody | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Problem | RoundRead]:
    """Play a contest round

     The storyteller plays the next round: the server rolls both sides at once (ordinary
    public rolls of the log, open tests) and the side with more successes wins it. Equal
    successes make a ``tie`` that the storyteller resolves before the next round. A contest
    that is tied, won or drawn answers 409 and rolls nothing.

    A side may cite rerolls for the round (``{"a": {"rerolls": [...]}}``: items or gifts on
    its character's sheet, or storyteller grants). Its roll then stays ``pending``, the
    answer's ``round`` is null and the contest shows ``pending_round``; the storyteller
    spends each reroll on a die (``POST /rolls/{id}/reroll``) or declines the rest
    (``/finalize``), and the round counts when both rolls are final (a ``contest.updated``
    event). Until then the next round answers 409.

    API keys need the `roll` scope.

    Args:
        contest_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (None | RoundBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RoundRead]
    """

    kwargs = _get_kwargs(
        contest_id=contest_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    contest_id: str,
    *,
    client: AuthenticatedClient,
    body: None | RoundBody | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,
) -> Problem | RoundRead | None:
    """Play a contest round

     The storyteller plays the next round: the server rolls both sides at once (ordinary
    public rolls of the log, open tests) and the side with more successes wins it. Equal
    successes make a ``tie`` that the storyteller resolves before the next round. A contest
    that is tied, won or drawn answers 409 and rolls nothing.

    A side may cite rerolls for the round (``{"a": {"rerolls": [...]}}``: items or gifts on
    its character's sheet, or storyteller grants). Its roll then stays ``pending``, the
    answer's ``round`` is null and the contest shows ``pending_round``; the storyteller
    spends each reroll on a die (``POST /rolls/{id}/reroll``) or declines the rest
    (``/finalize``), and the round counts when both rolls are final (a ``contest.updated``
    event). Until then the next round answers 409.

    API keys need the `roll` scope.

    Args:
        contest_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (None | RoundBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RoundRead
    """

    return sync_detailed(
        contest_id=contest_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    contest_id: str,
    *,
    client: AuthenticatedClient,
    body: None | RoundBody | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Problem | RoundRead]:
    """Play a contest round

     The storyteller plays the next round: the server rolls both sides at once (ordinary
    public rolls of the log, open tests) and the side with more successes wins it. Equal
    successes make a ``tie`` that the storyteller resolves before the next round. A contest
    that is tied, won or drawn answers 409 and rolls nothing.

    A side may cite rerolls for the round (``{"a": {"rerolls": [...]}}``: items or gifts on
    its character's sheet, or storyteller grants). Its roll then stays ``pending``, the
    answer's ``round`` is null and the contest shows ``pending_round``; the storyteller
    spends each reroll on a die (``POST /rolls/{id}/reroll``) or declines the rest
    (``/finalize``), and the round counts when both rolls are final (a ``contest.updated``
    event). Until then the next round answers 409.

    API keys need the `roll` scope.

    Args:
        contest_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (None | RoundBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RoundRead]
    """

    kwargs = _get_kwargs(
        contest_id=contest_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    contest_id: str,
    *,
    client: AuthenticatedClient,
    body: None | RoundBody | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,
) -> Problem | RoundRead | None:
    """Play a contest round

     The storyteller plays the next round: the server rolls both sides at once (ordinary
    public rolls of the log, open tests) and the side with more successes wins it. Equal
    successes make a ``tie`` that the storyteller resolves before the next round. A contest
    that is tied, won or drawn answers 409 and rolls nothing.

    A side may cite rerolls for the round (``{"a": {"rerolls": [...]}}``: items or gifts on
    its character's sheet, or storyteller grants). Its roll then stays ``pending``, the
    answer's ``round`` is null and the contest shows ``pending_round``; the storyteller
    spends each reroll on a die (``POST /rolls/{id}/reroll``) or declines the rest
    (``/finalize``), and the round counts when both rolls are final (a ``contest.updated``
    event). Until then the next round answers 409.

    API keys need the `roll` scope.

    Args:
        contest_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (None | RoundBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RoundRead
    """

    return (
        await asyncio_detailed(
            contest_id=contest_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
