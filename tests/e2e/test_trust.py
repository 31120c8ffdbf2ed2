"""Trust you can see, in Chromium: after the server restarts both pages resume without a
missing or duplicated roll; after a rotation every roll shows its check mark computed in
the browser, and a tampered audit page shows a failure."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.async_api import Browser, Page, Route, expect

from tests.e2e.table import card, roll_from_form, shoot, shoot_both
from tests.e2e.test_table import close, table
from tests.realtime.live import LiveServer

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def server(database_url: str) -> Iterator[LiveServer]:
    """This module's own server: one of its tests restarts it."""
    live = LiveServer(database_url)
    live.start()
    yield live
    live.stop()


async def roll_ids(page: Page) -> list[str]:
    ids: list[str] = await page.locator("ft-roll-card").evaluate_all(
        "cards => cards.map(c => c.dataset.rollId)"
    )
    return ids


async def formula(http: httpx.AsyncClient, token: str, cid: str) -> dict[str, Any]:
    answer = await http.post(
        f"/campaigns/{cid}/rolls",
        json={"kind": "formula", "formula": "1d6"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


async def test_both_pages_resume_after_a_restart_without_a_missing_or_duplicated_roll(
    browser: Browser, server: LiveServer
) -> None:
    storyteller, player, cid = await table(browser, server, "3d6")
    made = [(await roll_from_form(player, trait="strong"))["id"]]
    made.append((await roll_from_form(storyteller, trait="clever"))["id"])
    for s in (storyteller, player):
        await card(s, made[-1]).wait_for()
    server.stop()
    for s in (storyteller, player):
        await expect(s.page.locator("#live-status")).to_have_attribute("data-state", "reconnecting")
    server.start()
    token = await player.token()
    async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
        # rolled at once, while the pages are still waiting to reconnect: they come by after=
        for _ in range(3):
            made.append((await formula(http, token, cid))["id"])
        for s in (storyteller, player):
            await expect(s.page.locator("#live-status")).to_have_attribute(
                "data-state", "connected", timeout=20_000
            )
        for _ in range(2):  # and live again
            made.append((await formula(http, token, cid))["id"])
    for s in (storyteller, player):
        await card(s, made[-1]).wait_for(timeout=2000)
        await asyncio.sleep(0.3)
        shown = await roll_ids(s.page)
        assert sorted(shown) == sorted(made), (s.username, shown, made)
        assert len(shown) == len(set(shown))
    await close(storyteller, player)


async def test_after_a_rotation_every_roll_shows_its_check_and_tampering_shows_a_failure(
    browser: Browser, server: LiveServer
) -> None:
    storyteller, player, _ = await table(browser, server, "3d6")
    await player.page.check("input[name=reroll]")
    first = await roll_from_form(player, trait="strong", difficulty="4")
    failed = next((i for i, d in enumerate(first["dice"]) if not d["success"]), None)
    if first["result"]["rerolls_left"] and failed is not None:
        await (
            card(player, first["id"])
            .locator(f'button[data-step=reroll][data-die="{failed}"]')
            .click()
        )
        await expect(card(player, first["id"]).locator(".die .was")).to_have_count(1)
    await roll_from_form(player, trait="clever", visibility="blind", note="hush")
    await roll_from_form(storyteller, trait="strong", visibility="storyteller")
    await player.page.check("input[name=mode][value=formula]")
    await player.page.fill("input[name=formula]", "3d6e6+1d20")
    last = await roll_from_form(player, visibility="public")
    for s in (storyteller, player):
        await card(s, last["id"]).wait_for()
    await storyteller.page.click("#rotate")
    for s in (storyteller, player):
        await expect(s.page.locator("#checks-summary")).to_have_class("chain-ok", timeout=10_000)
        visible = await s.page.locator("ft-roll-card:has(.die)").count()  # all but redacted
        assert visible >= 2, s.username
        await expect(s.page.locator(".check-mark[data-ok=true]")).to_have_count(visible)
    await shoot_both(player.page, "table-checked")

    async def tamper(route: Route) -> None:
        response = await route.fetch()
        page = await response.json()
        for link in page["audit"]:
            if link["record"] is not None and link["roll_id"] == last["id"]:
                link["record"]["note"] = "rewritten"
        await route.fulfill(response=response, body=json.dumps(page))

    await player.page.route("**/api/v1/campaigns/*/audit*", tamper)
    await player.page.click("#check-rolls")
    await expect(player.page.locator("#checks-summary")).to_have_class("chain-bad")
    await expect(card(player, last["id"]).locator(".check-mark")).to_have_attribute(
        "data-ok", "false"
    )
    await shoot(player.page, "table-tampered")
    await player.page.click("#verify-link")
    await expect(player.page.locator("#verify-result")).to_have_class("chain-bad")
    await shoot(player.page, "verify-tampered")
    await player.page.unroute("**/api/v1/campaigns/*/audit*")
    await player.page.click("#verify-run")
    await expect(player.page.locator("#verify-result")).to_have_class("chain-ok")
    await close(storyteller, player)
