from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.task_roll_answer import TaskRollAnswer
from ...models.task_roll_body import TaskRollBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    task_id: str,
    *,
    body: TaskRollBody,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/tasks/{task_id}/rolls".format(
            task_id=quote(str(task_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TaskRollAnswer | None:
    if response.status_code == 201:
        response_201 = TaskRollAnswer.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | TaskRollAnswer]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    task_id: str,
    *,
    client: AuthenticatedClient,
    body: TaskRollBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Problem | TaskRollAnswer]:
    """Roll for a long task

     A participant's roll, by its owner or a storyteller: an open test of the task's
    quality (an ordinary public roll) whose successes all count — no partial choice in a
    long task. In ``together`` mode a participant rolls once per period (a second roll
    answers 409); a completed or failed task answers 409. Nothing is rolled on a refusal.

    API keys need the `roll` scope.

    Args:
        task_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (TaskRollBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TaskRollAnswer]
    """

    kwargs = _get_kwargs(
        task_id=task_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    task_id: str,
    *,
    client: AuthenticatedClient,
    body: TaskRollBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Problem | TaskRollAnswer | None:
    """Roll for a long task

     A participant's roll, by its owner or a storyteller: an open test of the task's
    quality (an ordinary public roll) whose successes all count — no partial choice in a
    long task. In ``together`` mode a participant rolls once per period (a second roll
    answers 409); a completed or failed task answers 409. Nothing is rolled on a refusal.

    API keys need the `roll` scope.

    Args:
        task_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (TaskRollBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TaskRollAnswer
    """

    return sync_detailed(
        task_id=task_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    task_id: str,
    *,
    client: AuthenticatedClient,
    body: TaskRollBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Problem | TaskRollAnswer]:
    """Roll for a long task

     A participant's roll, by its owner or a storyteller: an open test of the task's
    quality (an ordinary public roll) whose successes all count — no partial choice in a
    long task. In ``together`` mode a participant rolls once per period (a second roll
    answers 409); a completed or failed task answers 409. Nothing is rolled on a refusal.

    API keys need the `roll` scope.

    Args:
        task_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (TaskRollBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TaskRollAnswer]
    """

    kwargs = _get_kwargs(
        task_id=task_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    task_id: str,
    *,
    client: AuthenticatedClient,
    body: TaskRollBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Problem | TaskRollAnswer | None:
    """Roll for a long task

     A participant's roll, by its owner or a storyteller: an open test of the task's
    quality (an ordinary public roll) whose successes all count — no partial choice in a
    long task. In ``together`` mode a participant rolls once per period (a second roll
    answers 409); a completed or failed task answers 409. Nothing is rolled on a refusal.

    API keys need the `roll` scope.

    Args:
        task_id (str):
        idempotency_key (None | str | Unset): Retrying with the same key returns the first answer
            and never rolls again.
        body (TaskRollBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TaskRollAnswer
    """

    return (
        await asyncio_detailed(
            task_id=task_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
