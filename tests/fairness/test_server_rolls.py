"""Rolls the server makes on its own (matrix damage and its checks) and the campaign
export verify like any other roll once the seed is revealed."""

from __future__ import annotations

from httpx import AsyncClient

from app.rules.verify_lines import verify_lines
from tests.fairness.table import check, rotate, table_3d6
from tests.service.table import SHEET_MATRIX, campaign, character, expect, register, roll


async def test_damage_and_its_checks_verify_after_rotation(client: AsyncClient) -> None:
    st = await register(client, "teller")
    cid = (await campaign(client, st, "matrix"))["id"]
    hero = (await character(client, st, cid, SHEET_MATRIX, name="Hero"))["id"]
    await roll(client, st, cid, kind="test", character_id=hero, trait="strength")
    hit = await client.post(
        f"/characters/{hero}/damage", json={"type": "physical", "formula": "10+1d6"},
        headers=st.auth,
    )  # fmt: skip
    answer = expect(hit, 200)
    # Mortality crossed 10 (an endurance check), fatigue too (a morale check, unless dead).
    assert len(answer["checks"]) in (1, 2)
    await rotate(client, st, cid)
    report = await check(client, st, cid)
    assert report.ok, report.summary()
    assert report.draws == report.rolls == 2 + len(answer["checks"])


async def test_a_campaign_export_verifies_as_it_is_every_draw_included(
    client: AsyncClient,
) -> None:
    """The export reveals the seed of the 1d4 first; the player's private roll is a
    redacted link in the storyteller's export (docs/authorization.md)."""
    t = await table_3d6(client)
    await roll(client, t.player, t.cid, kind="formula", formula="3d6+2", visibility="private")
    await roll(client, t.storyteller, t.cid, kind="formula", formula="1d20", visibility="blind")
    await rotate(client, t.storyteller, t.cid)
    await roll(client, t.storyteller, t.cid, kind="formula", formula="1d4")
    export = await client.get(f"/campaigns/{t.cid}/export", headers=t.storyteller.auth)
    assert export.status_code == 200, export.text
    report = verify_lines(export.content.splitlines())
    assert report.ok, report.summary()
    assert report.draws == 2 and report.pending_draws == 0 and report.redacted == 1
    assert report.salts_checked == report.links == 3
