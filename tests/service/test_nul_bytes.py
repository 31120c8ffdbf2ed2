"""A NUL character is bad input on every path, including the driver-level ones."""

from __future__ import annotations

from httpx import AsyncClient

from tests.service.table import SHEET_3D6, campaign, character, expect, register


async def test_a_nul_in_an_id_or_a_field_is_refused_not_a_server_error(
    client: AsyncClient,
) -> None:
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    kitten = (await character(client, st, cid, SHEET_3D6, npc=True))["id"]
    answers = [
        await client.get(f"/campaigns/{cid}%00/rolls", headers=st.auth),
        await client.post("/rolls/x%00y/finalize", headers=st.auth),
        await client.post(
            f"/campaigns/{cid}/rolls",
            json={"kind": "test", "character_id": "ab\x00", "trait": "strong"},
            headers=st.auth,
        ),
        await client.post(
            f"/campaigns/{cid}/rolls",
            json={"kind": "formula", "formula": "1d6", "note": "a\x00b"},
            headers=st.auth,
        ),
    ]
    # SQLite stores a NUL in a note (201); PostgreSQL refuses it (422). Neither is a 500.
    for answer in answers[:3]:
        assert 400 <= answer.status_code < 500, answer.text
        assert answer.headers["content-type"].startswith("application/problem+json")
    assert answers[3].status_code in (201, 422), answers[3].text
    log = expect(await client.get(f"/campaigns/{cid}/rolls", headers=st.auth), 200)
    assert len(log["items"]) == (1 if answers[3].status_code == 201 else 0)
    assert kitten
