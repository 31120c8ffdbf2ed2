"""The table in French and in English (issue 19), following the browser's locale: the
labels, the ruleset's own terms (the seed texts' French names), dates, and a 3d6 partial
success offering « échec » or « réussite accompagnée d'une complication »; switched from
the header of every page and remembered."""

from __future__ import annotations

import pytest
from playwright.async_api import Browser, expect

from tests.e2e.conftest import base_url
from tests.e2e.table import (
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
from tests.e2e.test_table import close
from tests.realtime.live import LiveServer

pytestmark = pytest.mark.e2e

WORDS = {
    "fr-FR": {
        "title": "Lancer les dés", "roll": "Lancer", "fail": "échec",
        "complication": "réussite accompagnée d'une complication", "hard": "difficile",
        "odds": "Chances exactes avant de lancer", "month": "déc", "campaigns": "Mes campagnes",
        "partial": "réussite partielle", "stat": "agilité", "row": "esprit", "ability": "SAG",
        "d20_hard": "extrêmement difficile",
    },
    "en-US": {
        "title": "Roll the dice", "roll": "Roll", "fail": "failure",
        "complication": "success with a complication", "hard": "hard",
        "odds": "Exact odds before rolling", "month": "Dec", "campaigns": "My campaigns",
        "partial": "partial success", "stat": "agility", "row": "mind", "ability": "WIS",
        "d20_hard": "extremely hard",
    },
}  # fmt: skip


@pytest.mark.parametrize("locale", ["fr-FR", "en-US"])
async def test_the_table_speaks_the_browsers_language(
    browser: Browser, server: LiveServer, locale: str
) -> None:
    words = WORDS[locale]
    base = base_url(server)
    storyteller = await seat(browser, base, "sophie", locale=locale)
    player = await seat(browser, base, "leo", locale=locale)
    page = player.page
    await expect(page.locator("#campaigns-title")).to_have_text(words["campaigns"])
    await expect(page.locator("html")).to_have_attribute("lang", locale[:2])
    cid = await create_campaign(storyteller, "3d6")
    await join(player, await invite_link(storyteller))
    await make_character(player, "3d6", "Ficelle")
    await expect(page.locator("#roll-title")).to_have_text(words["title"])
    await expect(page.locator("#roll-submit")).to_have_text(words["roll"])
    await expect(page.locator("select[name=difficulty] option[value='3']")).to_contain_text(
        words["hard"]
    )
    await expect(page.locator("ft-roll-form h3")).to_have_text(words["odds"])
    for _attempt in range(30):  # quality 3, difficulty 3 on 3d6: a partial 3 times in 4
        roll = await roll_from_form(player, trait="strong", difficulty="3")
        if roll["result"]["outcome"] == "partial":
            break
    else:
        pytest.fail("no partial success in 30 rolls")
    mine = card(player, roll["id"])
    await expect(mine.locator(".outcome")).to_contain_text(words["partial"])
    await expect(mine.locator("button[data-step=fail]")).to_have_text(words["fail"])
    await expect(mine.locator("button[data-step=complication]")).to_have_text(words["complication"])
    title = await mine.locator("time").get_attribute("title") or ""
    assert words["month"] in title, title  # the date in the locale's words
    await shoot_both(page, f"table-{locale}")
    await mine.locator("button[data-step=fail]").click()
    await expect(card(storyteller, roll["id"]).locator(".outcome")).to_contain_text(words["fail"])
    await shoot(storyteller.page, f"table-{locale}-storyteller")
    assert cid
    await close(storyteller, player)


@pytest.mark.parametrize("locale", ["fr-FR", "en-US"])
async def test_the_matrix_and_d20_terms_are_the_seed_texts(
    browser: Browser, server: LiveServer, locale: str
) -> None:
    words = WORDS[locale]
    who = await seat(browser, base_url(server), "sophie", locale=locale)
    await create_campaign(who, "matrix")
    await make_character(who, "matrix", "Anselm")
    form = who.page.locator("ft-roll-form")
    await expect(form.locator("select[name=trait] option[value=agility]")).to_contain_text(
        words["stat"]
    )
    sheet = who.page.locator("ft-character-sheet")
    await expect(sheet).to_contain_text(words["stat"])
    await who.page.goto("/")
    await create_campaign(who, "d20", "Donjon")
    await make_character(who, "d20", "Brune")
    await expect(form.locator("select[name=difficulty] option[value='18']")).to_contain_text(
        words["d20_hard"]
    )
    await expect(form.locator("select[name=trait] option[value=wis]")).to_contain_text(
        words["ability"]
    )
    await close(who)


async def test_the_language_is_switched_from_the_header_and_remembered(
    browser: Browser, server: LiveServer
) -> None:
    context = await browser.new_context(base_url=base_url(server), locale="en-US")
    page = await context.new_page()
    await page.goto("/login")
    await expect(page.locator("#login-title")).to_have_text("Log in")
    await page.select_option("#language", "fr")
    await expect(page.locator("#login-title")).to_have_text("Se connecter")
    await page.reload()
    await expect(page.locator("#login-title")).to_have_text("Se connecter")
    await page.fill("input[name=username]", "nobody_here")
    await page.fill("input[name=password]", "wrong password 1")
    await page.click("form button[type=submit]")
    error = page.locator("form .error")
    # the server's own detail, in the language the page asked for (Accept-Language: fr)
    await expect(error).to_contain_text("mot de passe incorrect")
    sent = await page.evaluate("navigator.language")
    assert sent == "en-US"
    await shoot(page, "login-fr-error")
    await context.close()
