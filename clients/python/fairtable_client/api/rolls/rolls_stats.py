import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.rolls_stats_by import RollsStatsBy
from ...models.stats_read import StatsRead
from ...types import UNSET, Response, Unset


def _get_kwargs(
    cid: str,
    *,
    by: RollsStatsBy | Unset = "user",
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_by: str | Unset = UNSET
    if not isinstance(by, Unset):
        json_by = by

    params["by"] = json_by

    json_since: None | str | Unset
    if isinstance(since, Unset):
        json_since = UNSET
    elif isinstance(since, datetime.datetime):
        json_since = since.isoformat()
    else:
        json_since = since
    params["since"] = json_since

    json_until: None | str | Unset
    if isinstance(until, Unset):
        json_until = UNSET
    elif isinstance(until, datetime.datetime):
        json_until = until.isoformat()
    else:
        json_until = until
    params["until"] = json_until

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/campaigns/{cid}/stats".format(
            cid=quote(str(cid), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | StatsRead | None:
    if response.status_code == 200:
        response_200 = StatsRead.from_dict(response.json())

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

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | StatsRead]:
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
    by: RollsStatsBy | Unset = "user",
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
) -> Response[Problem | StatsRead]:
    """Luck statistics

     How lucky each roller was, over the final rolls the caller may see (a roll hidden
    from them counts nowhere) made in [``since``, ``until``): the successes of tests and
    saves against those their stored exact odds expected, with a z-score and its
    percentile; formula totals the same way, apart (``totals``); and every face the server
    drew, per die size, with a chi-square test against fair dice. ``by=character`` gives
    one item per roller and character (rolls without a character are left out). A pending
    roll counts once it is final; the odds are those of its final state.

    API keys need the `read` scope.

    Args:
        cid (str):
        by (RollsStatsBy | Unset): One item per roller, or per roller and character. Default:
            'user'.
        since (datetime.datetime | None | Unset): Only rolls made at or after this time (RFC 3339
            with its offset, e.g. `2026-11-30T20:00:00Z`).
        until (datetime.datetime | None | Unset): Only rolls made before this time (RFC 3339,
            exclusive).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StatsRead]
    """

    kwargs = _get_kwargs(
        cid=cid,
        by=by,
        since=since,
        until=until,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    cid: str,
    *,
    client: AuthenticatedClient,
    by: RollsStatsBy | Unset = "user",
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
) -> Problem | StatsRead | None:
    """Luck statistics

     How lucky each roller was, over the final rolls the caller may see (a roll hidden
    from them counts nowhere) made in [``since``, ``until``): the successes of tests and
    saves against those their stored exact odds expected, with a z-score and its
    percentile; formula totals the same way, apart (``totals``); and every face the server
    drew, per die size, with a chi-square test against fair dice. ``by=character`` gives
    one item per roller and character (rolls without a character are left out). A pending
    roll counts once it is final; the odds are those of its final state.

    API keys need the `read` scope.

    Args:
        cid (str):
        by (RollsStatsBy | Unset): One item per roller, or per roller and character. Default:
            'user'.
        since (datetime.datetime | None | Unset): Only rolls made at or after this time (RFC 3339
            with its offset, e.g. `2026-11-30T20:00:00Z`).
        until (datetime.datetime | None | Unset): Only rolls made before this time (RFC 3339,
            exclusive).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StatsRead
    """

    return sync_detailed(
        cid=cid,
        client=client,
        by=by,
        since=since,
        until=until,
    ).parsed


async def asyncio_detailed(
    cid: str,
    *,
    client: AuthenticatedClient,
    by: RollsStatsBy | Unset = "user",
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
) -> Response[Problem | StatsRead]:
    """Luck statistics

     How lucky each roller was, over the final rolls the caller may see (a roll hidden
    from them counts nowhere) made in [``since``, ``until``): the successes of tests and
    saves against those their stored exact odds expected, with a z-score and its
    percentile; formula totals the same way, apart (``totals``); and every face the server
    drew, per die size, with a chi-square test against fair dice. ``by=character`` gives
    one item per roller and character (rolls without a character are left out). A pending
    roll counts once it is final; the odds are those of its final state.

    API keys need the `read` scope.

    Args:
        cid (str):
        by (RollsStatsBy | Unset): One item per roller, or per roller and character. Default:
            'user'.
        since (datetime.datetime | None | Unset): Only rolls made at or after this time (RFC 3339
            with its offset, e.g. `2026-11-30T20:00:00Z`).
        until (datetime.datetime | None | Unset): Only rolls made before this time (RFC 3339,
            exclusive).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StatsRead]
    """

    kwargs = _get_kwargs(
        cid=cid,
        by=by,
        since=since,
        until=until,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    cid: str,
    *,
    client: AuthenticatedClient,
    by: RollsStatsBy | Unset = "user",
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
) -> Problem | StatsRead | None:
    """Luck statistics

     How lucky each roller was, over the final rolls the caller may see (a roll hidden
    from them counts nowhere) made in [``since``, ``until``): the successes of tests and
    saves against those their stored exact odds expected, with a z-score and its
    percentile; formula totals the same way, apart (``totals``); and every face the server
    drew, per die size, with a chi-square test against fair dice. ``by=character`` gives
    one item per roller and character (rolls without a character are left out). A pending
    roll counts once it is final; the odds are those of its final state.

    API keys need the `read` scope.

    Args:
        cid (str):
        by (RollsStatsBy | Unset): One item per roller, or per roller and character. Default:
            'user'.
        since (datetime.datetime | None | Unset): Only rolls made at or after this time (RFC 3339
            with its offset, e.g. `2026-11-30T20:00:00Z`).
        until (datetime.datetime | None | Unset): Only rolls made before this time (RFC 3339,
            exclusive).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StatsRead
    """

    return (
        await asyncio_detailed(
            cid=cid,
            client=client,
            by=by,
            since=since,
            until=until,
        )
    ).parsed
