"""The player's table in Chromium, a storyteller and a player each in their own browser
context (issue 15): joining by link, characters, rolls of each ruleset seen live, hidden
rolls kept off the player's page, pending steps, roll requests, and the keyboard."""

from __future__ import annotations

import time

import httpx
import pytest
from playwright.async_api import Browser, expect

from tests.e2e.conftest import base_url
from tests.e2e.table import (
    Seat,
    card,
    create_campaign,
    invite_link,
    join,
    make_character,
    roll_from_form,
    seat,
    shoot,
    shoot_both,
)
from tests.realtime.live import LiveServer

pytestmark = pytest.mark.e2e

TRAITS = {"3d6": "strong", "matrix": "agility", "d20": "dex"}


async def table(browser: Browser, server: LiveServer, ruleset: str) -> tuple[Seat, Seat, str]:
    """A storyteller opens a campaign, invites by link; the player joins and makes a character."""
    base = base_url(server)
    storyteller = await seat(browser, base, "sophie")
    player = await seat(browser, base, "leo")
    cid = await create_campaign(storyteller, ruleset)
    await join(player, await invite_link(storyteller))
    await make_character(player, ruleset, "Ficelle")
    await storyteller.page.locator("ft-character-sheet li.sheet", has_text="Ficelle").wait_for()
    return storyteller, player, cid


async def close(*seats: Seat) -> None:
    for s in seats:
        assert not s.errors, s.errors
        await s.context.close()


@pytest.mark.parametrize("ruleset", ["3d6", "matrix", "d20"])
async def test_a_players_roll_shows_on_the_storytellers_page_within_a_second(
    browser: Browser, server: LiveServer, ruleset: str
) -> None:
    storyteller, player, _ = await table(browser, server, ruleset)
    await expect(player.page.locator("#odds li").first).to_be_visible()  # odds before rolling
    roll = await roll_from_form(player, trait=TRAITS[ruleset], note="over the wardrobe")
    started = time.monotonic()
    seen = card(storyteller, roll["id"])
    await seen.wait_for(timeout=1000)
    assert time.monotonic() - started < 1.0
    await expect(seen).to_contain_text("over the wardrobe")
    await expect(seen.locator(".die")).to_have_count(len(roll["dice"]))
    await player.page.check("input[name=mode][value=formula]")
    await player.page.fill("input[name=formula]", "4d6kh3+2")
    await expect(player.page.locator("#odds")).to_contain_text("5–20")
    free = await roll_from_form(player)
    await card(storyteller, free["id"]).wait_for(timeout=1000)
    await expect(card(storyteller, free["id"])).to_contain_text(f"total {free['result']['total']}")
    await shoot_both(player.page, f"table-{ruleset}")
    await shoot(storyteller.page, f"table-{ruleset}-storyteller")
    await close(storyteller, player)


async def test_a_blind_roll_is_never_rendered_on_the_players_page(
    browser: Browser, server: LiveServer
) -> None:
    storyteller, player, _ = await table(browser, server, "3d6")
    secret = await roll_from_form(
        storyteller, trait="clever", visibility="blind", note="the dog is awake"
    )
    await card(storyteller, secret["id"]).wait_for()
    await expect(card(storyteller, secret["id"])).to_contain_text("the dog is awake")
    own = await roll_from_form(player, trait="strong", visibility="blind", note="sneaking")
    # the public roll after both arrives, so anything before it has arrived too
    after = await roll_from_form(storyteller, trait="strong", visibility="public")
    await card(player, after["id"]).wait_for()
    html = await player.page.content()
    assert secret["id"] not in html
    assert "the dog is awake" not in html
    mine = card(player, own["id"])
    await expect(mine).to_have_count(1)
    await expect(mine.locator(".die")).to_have_count(0)  # redacted: it happened, nothing more
    assert "sneaking" not in html
    await card(storyteller, own["id"]).locator(".die").first.wait_for()
    await expect(card(storyteller, own["id"])).to_contain_text("sneaking")
    await close(storyteller, player)


async def test_a_pending_3d6_roll_is_rerolled_and_settled_by_its_player_seen_step_by_step(
    browser: Browser, server: LiveServer
) -> None:
    storyteller, player, _ = await table(browser, server, "3d6")
    for _attempt in range(40):
        await player.page.check("input[name=reroll]")
        roll = await roll_from_form(player, trait="strong", difficulty="3")
        result = roll["result"]
        if roll["status"] != "pending" or result["rerolls_left"] != 1 or result["successes"] != 1:
            continue
        mine, theirs = card(player, roll["id"]), card(storyteller, roll["id"])
        failed = next(i for i, d in enumerate(roll["dice"]) if not d["success"])
        await theirs.wait_for()
        await mine.locator(f'button[data-step=reroll][data-die="{failed}"]').click()
        await expect(theirs.locator(".die .was")).to_have_count(1)  # the storyteller sees it
        state = await mine.get_attribute("data-status")
        if state == "pending":  # still a partial: the player chooses
            await mine.locator("button[data-step=complication]").click()
            await expect(theirs).to_have_attribute("data-status", "final")
            await expect(theirs).to_contain_text("success with a complication")
            await shoot(storyteller.page, "pending-steps-storyteller")
            await close(storyteller, player)
            return
    pytest.fail("no partial success after a reroll in 40 rolls (chance about 1e-5)")


async def test_a_roll_request_is_answered_from_the_players_page(
    browser: Browser, server: LiveServer
) -> None:
    storyteller, player, cid = await table(browser, server, "d20")
    character = await player.page.locator("ft-character-sheet li.sheet").get_attribute(
        "data-character-id"
    )
    body = {"character_ids": [character], "kind": "test", "trait": "dex", "difficulty": 15}
    async with httpx.AsyncClient(base_url=server.http) as http:
        answer = await http.post(
            f"/campaigns/{cid}/roll-requests",
            json=body,
            headers={"Authorization": f"Bearer {await storyteller.token()}"},
        )
        assert answer.status_code == 201, answer.text
    button = player.page.locator("ft-requests button[data-action=answer]")
    await button.wait_for(timeout=2000)
    await shoot(player.page, "roll-request-player")
    async with player.page.expect_response(lambda r: r.url.endswith("/rolls")) as response:
        await button.click()
    roll = await (await response.value).json()
    assert roll["result"]["request_id"] == answer.json()["id"]
    await card(storyteller, roll["id"]).wait_for(timeout=1000)
    await expect(player.page.locator("ft-requests")).to_be_hidden()
    await close(storyteller, player)


async def test_a_roll_can_be_made_with_the_keyboard_alone(
    browser: Browser, server: LiveServer
) -> None:
    storyteller, player, _ = await table(browser, server, "3d6")
    page = player.page
    await page.locator("body").focus()
    for _ in range(80):  # Tab through the page to the roll button
        await page.keyboard.press("Tab")
        if await page.evaluate("document.activeElement?.id") == "roll-submit":
            break
    else:
        pytest.fail("the roll button is not reachable with Tab")
    count = await page.locator("ft-roll-card").count()
    await page.keyboard.press("Enter")
    await expect(page.locator("ft-roll-card")).to_have_count(count + 1)
    await expect(page.locator("#announcer")).not_to_be_empty()  # announced to screen readers
    await close(storyteller, player)


async def test_a_stale_sheet_edit_shows_the_new_sheet(browser: Browser, server: LiveServer) -> None:
    storyteller, player, _ = await table(browser, server, "d20")
    theirs = storyteller.page.locator("ft-character-sheet li.sheet", has_text="Ficelle")
    await theirs.locator("button[data-action=edit]").click()  # the storyteller opens it first
    mine = player.page.locator("ft-character-sheet li.sheet", has_text="Ficelle")
    await mine.locator("button[data-action=edit]").click()
    await mine.locator("input[name='ability.str']").fill("18")
    await mine.locator("button[type=submit]").click()
    await expect(mine).to_contain_text("18 (+4)")
    await theirs.locator("input[name='ability.dex']").fill("3")
    await theirs.locator("button[type=submit]").click()
    notice = theirs.locator(".notice")
    await expect(notice).to_contain_text("changed meanwhile")
    await expect(theirs.locator("input[name='ability.str']")).to_have_value("18")
    await shoot(storyteller.page, "sheet-changed-meanwhile")
    await theirs.locator("input[name='ability.dex']").fill("3")
    await theirs.locator("button[type=submit]").click()
    await expect(theirs).to_contain_text("3 (-4)")
    await close(storyteller, player)


async def test_the_main_views_are_kept_as_screenshots(browser: Browser, server: LiveServer) -> None:
    base = base_url(server)
    context = await browser.new_context(base_url=base, locale="en-US")
    page = await context.new_page()
    await page.goto("/login")
    await page.wait_for_selector("#login-title")
    await shoot_both(page, "login")
    await page.goto("/register")
    await page.wait_for_selector("#register-title")
    await shoot_both(page, "register")
    await context.close()
    storyteller, player, cid = await table(browser, server, "3d6")
    await storyteller.page.goto("/")
    await storyteller.page.wait_for_selector("#campaign-list")
    await shoot_both(storyteller.page, "campaigns")
    await storyteller.page.goto(f"/c/{cid}/verify")
    await storyteller.page.wait_for_selector("#verify-result")
    await shoot_both(storyteller.page, "verify")
    await close(storyteller, player)
