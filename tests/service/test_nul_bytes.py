"""A NUL character or a lone surrogate is bad input on every path: one 422 naming the
field, the same on SQLite (which would store a NUL) and PostgreSQL (which refuses it),
and nothing written. test_text_fields.py walks every field of the document; these are the
cases first found by hand."""

from __future__ import annotations

import json
from typing import Any

from httpx import AsyncClient

from app.core.text import NUL_MSG, SURROGATE_MSG
from tests.service.table import SHEET_3D6, campaign, character, expect, register


def refused(answer: Any, loc: list[Any], msg: str) -> None:
    assert answer.status_code == 422, answer.text
    assert answer.headers["content-type"] == "application/problem+json"
    body = answer.json()
    assert body["errors"] == [{"loc": loc, "msg": msg}], body
    assert body["detail"] == f"{'.'.join(str(p) for p in loc)}: {msg}"


async def test_a_nul_in_an_id_or_a_field_is_refused_not_a_server_error(
    client: AsyncClient,
) -> None:
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    refused(
        await client.get(f"/campaigns/{cid}%00/rolls", headers=st.auth), ["path", "cid"], NUL_MSG
    )
    refused(
        await client.post("/rolls/x%00y/finalize", headers=st.auth), ["path", "roll_id"], NUL_MSG
    )
    refused(
        await client.get(f"/campaigns/{cid}/rolls?character_id=a%00", headers=st.auth),
        ["query", "character_id"],
        NUL_MSG,
    )
    refused(
        await client.post(
            f"/campaigns/{cid}/rolls",
            json={"kind": "test", "character_id": "ab\x00", "trait": "strong"},
            headers=st.auth,
        ),
        ["body", "character_id"],
        NUL_MSG,
    )
    refused(
        await client.post(
            f"/campaigns/{cid}/rolls",
            json={"kind": "formula", "formula": "1d6", "note": "a\x00b"},
            headers=st.auth,
        ),
        ["body", "note"],
        NUL_MSG,
    )
    log = expect(await client.get(f"/campaigns/{cid}/rolls", headers=st.auth), 200)
    assert log["items"] == []


async def test_a_lone_surrogate_in_a_sheet_is_a_422_not_a_500(client: AsyncClient) -> None:
    """The issue's case: a surrogate in an item or a quality name answered 500 (the 422
    message could not be encoded)."""
    st = await register(client, "sheet")
    cid = (await campaign(client, st, "3d6"))["id"]
    headers = {**st.auth, "Content-Type": "application/json"}
    key = ["body", "sheet", "qualities", "a\ufffdb", "[key]"]
    sheets = [
        ({**SHEET_3D6, "items": ["a\ud800b"]}, ["body", "sheet", "items", 0]),
        ({**SHEET_3D6, "qualities": {"a\ud800b": 3}}, key),
        ({**SHEET_3D6, "gifts": ["\udfff"]}, ["body", "sheet", "gifts", 0]),
    ]
    for sheet, loc in sheets:
        body = json.dumps({"name": "Ficelle", "sheet": sheet}).encode()  # \ud800 escaped
        answer = await client.post(f"/campaigns/{cid}/characters", content=body, headers=headers)
        refused(answer, loc, SURROGATE_MSG)
    kitten = await character(client, st, cid, SHEET_3D6, npc=True)
    patch = json.dumps({"name": "Fi\ud800"}).encode()
    answer = await client.patch(
        f"/characters/{kitten['id']}",
        content=patch,
        headers={**headers, "If-Match": str(kitten["version"])},
    )
    refused(answer, ["body", "name"], SURROGATE_MSG)
    listed = expect(await client.get(f"/campaigns/{cid}/characters", headers=st.auth), 200)
    assert [c["name"] for c in listed["items"]] == ["Ficelle"]


async def test_a_json_body_labelled_as_lines_does_not_slip_a_nul_past_the_guard(
    client: AsyncClient,
) -> None:
    """The guard leaves line-format bodies to the import, which checks each line; any
    other route reads only JSON, so a body labelled so is refused there and stores nothing."""
    st = await register(client, "teller")
    body = json.dumps({"name": "Nul\u0000table", "ruleset": "3d6"})
    for kind in ("application/x-ndjson", "application/gzip"):
        headers = {**st.auth, "Content-Type": kind}
        answer = await client.post("/campaigns", content=body, headers=headers)
        assert answer.status_code == 422, answer.text
    listed = expect(await client.get("/campaigns", headers=st.auth), 200)
    assert listed["items"] == []
