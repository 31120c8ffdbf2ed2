"""The events endpoint: a forward-reading page of the record, followed by ``next_after``
or by ``next_cursor`` alike; bad positions are a 422, never a 500."""

from __future__ import annotations

import base64
from typing import Any

import pytest
from httpx import AsyncClient

from tests.service.table import Person, campaign, expect, join, register, roll


def _cursor_of(raw: str) -> str:
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


async def _table(client: AsyncClient) -> tuple[Person, Person, str]:
    st = await register(client, "teller")
    player = await register(client, "player")
    cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, cid, player)
    return st, player, cid


async def _page(client: AsyncClient, person: Person, cid: str, **params: Any) -> Any:
    answer = await client.get(f"/campaigns/{cid}/events", params=params, headers=person.auth)
    return expect(answer, 200)


async def _follow(client: AsyncClient, person: Person, cid: str, by: str) -> list[Any]:
    """Every page, following ``next_after`` (as ``after``) or ``next_cursor`` (as ``cursor``)."""
    pages = [await _page(client, person, cid, limit=2)]
    while pages[-1]["next_after"] is not None:
        field = {"after": "next_after", "cursor": "next_cursor"}[by]
        pages.append(await _page(client, person, cid, limit=2, **{by: pages[-1][field]}))
    return pages


async def test_events_page_oldest_first_by_next_after_or_next_cursor_alike(
    client: AsyncClient,
) -> None:
    st, player, cid = await _table(client)
    rolled = [
        (await roll(client, player, cid, kind="formula", formula="1d6"))["seq"] for _ in range(4)
    ]
    by_after = await _follow(client, st, cid, "after")
    by_cursor = await _follow(client, st, cid, "cursor")
    assert by_cursor == by_after
    seqs = [e["seq"] for page in by_after for e in page["items"]]
    assert seqs == sorted(seqs) and len(seqs) == len(set(seqs))
    assert seqs[-len(rolled) :] == rolled
    for page in by_after:
        assert set(page) == {"items", "next_after", "next_cursor"}
        assert (page["next_cursor"] is None) == (page["next_after"] is None)
        assert page["next_cursor"] is None or isinstance(page["next_cursor"], str)
    # The whole record in one page, as before: no position, or after=0.
    whole = await _page(client, st, cid)
    assert [e["seq"] for e in whole["items"]] == seqs
    assert whole["next_after"] is None and whole["next_cursor"] is None
    assert await _page(client, st, cid, after=0) == whole
    # The last position a seq can hold is a valid one, with nothing after it.
    end = await _page(client, st, cid, cursor=_cursor_of(str(2**31 - 1)))
    assert end == {"items": [], "next_after": None, "next_cursor": None}


async def test_events_cursor_moves_past_events_the_caller_may_not_see(
    client: AsyncClient,
) -> None:
    st, player, cid = await _table(client)
    public = await roll(client, player, cid, kind="formula", formula="1d6")
    blind = await roll(client, player, cid, kind="formula", formula="1d6", visibility="blind")
    page = await _page(client, player, cid, after=public["seq"], limit=1)
    assert page["items"] == [] and page["next_after"] == blind["seq"]
    assert page["next_cursor"] is not None
    follow = await _page(client, player, cid, cursor=page["next_cursor"])
    assert follow == {"items": [], "next_after": None, "next_cursor": None}
    theirs = await _page(client, st, cid, after=public["seq"], limit=1)
    assert [e["seq"] for e in theirs["items"]] == [blind["seq"]]
    assert theirs["next_cursor"] == page["next_cursor"]


@pytest.mark.parametrize(
    "params",
    [
        {"after": 0, "cursor": _cursor_of("1")},
        {"cursor": "!!"},
        {"cursor": ""},
        {"cursor": "=="},
        {"cursor": "x" * 201},
        {"cursor": _cursor_of("-1")},
        {"cursor": _cursor_of("abc")},
        {"cursor": _cursor_of("²")},
        {"cursor": _cursor_of(str(2**31))},
        {"cursor": _cursor_of("9" * 19)},
        {"cursor": base64.urlsafe_b64encode(b"\xff\xfe").decode()},
    ],
)
async def test_events_refuse_a_bad_cursor_or_both_positions_with_422(
    client: AsyncClient, params: dict[str, Any]
) -> None:
    st, _, cid = await _table(client)
    answer = await client.get(f"/campaigns/{cid}/events", params=params, headers=st.auth)
    assert answer.status_code == 422, answer.text
    assert answer.headers["content-type"] == "application/problem+json"
    body = answer.json()
    assert body["status"] == 422 and body["detail"]
