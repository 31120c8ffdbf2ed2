"""What the browser tests do at the table, as a person would: helpers on Playwright pages."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
PASSWORD = "kittens-at-sea-42"
SHEETS = {
    "3d6": {"qualities": "strong 3\nclever 4", "items": "ball of yarn"},
    "matrix": {},
    "d20": {},
}


@dataclass
class Seat:
    """A person at the table: their page, its context, their account."""

    page: Page
    context: BrowserContext
    username: str
    errors: list[str]

    async def token(self) -> str:
        value: str = await self.page.evaluate("localStorage.getItem('fairtable.token')")
        return value

    async def user_id(self) -> str:
        value: str = await self.page.evaluate(
            "JSON.parse(localStorage.getItem('fairtable.user')).id"
        )
        return value


async def seat(
    browser: Browser, base: str, name: str, locale: str = "en-US", width: int = 1280
) -> Seat:
    """A new browser context (its own storage) with a page on the site, registered."""
    context = await browser.new_context(
        locale=locale, viewport={"width": width, "height": 900}, base_url=base
    )
    context.set_default_timeout(10_000)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    username = f"{name}_{secrets.token_hex(3)}"
    await page.goto("/register")
    await page.fill("input[name=username]", username)
    await page.fill("input[name=display_name]", name.title())
    await page.fill("input[name=password]", PASSWORD)
    await page.click("form button[type=submit]")
    await page.wait_for_selector("#campaigns-title")
    return Seat(page, context, username, errors)


async def create_campaign(who: Seat, ruleset: str, name: str = "The Boat") -> str:
    page = who.page
    await page.fill("input[name=name]", name)
    await page.select_option("select[name=ruleset]", ruleset)
    await page.click("form[aria-labelledby=new-campaign-title] button[type=submit]")
    await page.wait_for_selector("#live-status[data-state=connected]")
    return page.url.rsplit("/", 1)[-1]


async def invite_link(storyteller: Seat) -> str:
    page = storyteller.page
    await page.click("#invite-create")
    link = page.locator("#invite-link")
    await expect(link).not_to_have_value("")
    value: str = await link.input_value()
    return value


async def join(player: Seat, link: str) -> None:
    await player.page.goto(link)
    await player.page.wait_for_selector("#live-status[data-state=connected]")


async def make_character(who: Seat, ruleset: str, name: str) -> str:
    page = who.page
    await page.click("#new-character")
    form = page.locator("form.character-form")
    await form.locator("input[name=name]").fill(name)
    for field, value in SHEETS[ruleset].items():
        await form.locator(f"[name={field}]").fill(value)
    await form.locator("button[type=submit]").click()
    card = page.locator("ft-character-sheet li.sheet", has_text=name)
    await card.wait_for()
    character_id: str = await card.get_attribute("data-character-id") or ""
    return character_id


async def roll_from_form(who: Seat, **choices: str) -> dict[str, Any]:
    """Fill the roll form (selects and inputs by name) and roll; the roll as answered."""
    page = who.page
    form = page.locator("ft-roll-form form")
    for name, value in choices.items():
        control = form.locator(f"[name={name}]")
        if await control.evaluate("e => e.tagName") == "SELECT":
            await control.select_option(value)
        else:
            await control.fill(value)
    async with page.expect_response(
        lambda r: r.url.endswith("/rolls") and r.request.method == "POST"
    ) as answer:
        await page.click("#roll-submit")
    response = await answer.value
    assert response.status == 201, await response.text()
    roll: dict[str, Any] = await response.json()
    return roll


def card(who: Seat, roll_id: str) -> Any:
    return who.page.locator(f'ft-roll-card[data-roll-id="{roll_id}"]')


async def shoot(page: Page, name: str, full_page: bool = True) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


async def shoot_both(page: Page, name: str) -> None:
    """The page at 1280 px and at 375 px wide."""
    await page.set_viewport_size({"width": 1280, "height": 900})
    await shoot(page, f"{name}-1280")
    await page.set_viewport_size({"width": 375, "height": 800})
    await shoot(page, f"{name}-375")
    await page.set_viewport_size({"width": 1280, "height": 900})
