"""The storyteller's dashboard in Chromium (Debian's package, driven by Playwright), on a
real server over the run's database (SQLite, or PostgreSQL with VTT_TEST_DATABASE_URL).

People and campaigns are set up over HTTP (tests/service/table.py); what the dashboard
does is done in the page, and what a player does is done from the player's page where the
shell's table offers it, otherwise over HTTP as that player's browser would."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
import pytest_asyncio

from tests.e2e.dashboard_support import (
    SCREENSHOTS,
    Seat,
    dashboard,
    open_page,
    seat,
    text_of,
)
from tests.realtime.live import LiveServer, http_client
from tests.service.table import SHEET_3D6, SHEET_D20, SHEET_MATRIX, expect, roll


@pytest_asyncio.fixture
async def http(server: LiveServer) -> AsyncIterator[httpx.AsyncClient]:
    """An API client of the browser tests' server (tests/e2e/conftest.py)."""
    async with http_client(server) as client:
        yield client


async def test_the_dashboard_shows_a_players_roll_within_a_second(
    server: LiveServer, http: httpx.AsyncClient, browser: Any
) -> None:
    table = await seat(http, "3d6", {"qualities": {"clever": 3, "nimble": 2}})
    page = await dashboard(browser, server, table.storyteller, table.cid)
    answer = await roll(
        http,
        table.player,
        table.cid,
        kind="test",
        character_id=table.character["id"],
        trait="clever",
        difficulty=2,
        on_partial="fail",
        note="over the wall",
    )
    sent = time.monotonic()
    row = page.locator(f'ft-recent li[data-roll="{answer["id"]}"]')
    await row.wait_for(timeout=1000)
    assert time.monotonic() - sent < 1.0
    assert "over the wall" in await row.inner_text()
    assert table.character["name"] in await page.locator("#announcer").inner_text()
    await page.context.close()


async def test_a_roll_request_sent_from_the_dashboard_is_answered_by_the_player(
    server: LiveServer, http: httpx.AsyncClient, browser: Any
) -> None:
    table = await seat(http, "d20", SHEET_D20)
    page = await dashboard(browser, server, table.storyteller, table.cid)
    form = page.locator("ft-roll-requests form")
    await form.get_by_label(table.character["name"]).check()
    await form.get_by_label("Trait").select_option("wis")
    await form.get_by_label("Roll", exact=True).select_option("save")
    await form.get_by_label("Condition on a failure").fill("frightened")
    await form.get_by_label("Difficulty").select_option("15")
    await form.get_by_role("button", name="Send the request").click()
    item = page.locator("ft-roll-requests li[data-request]")
    await item.wait_for()
    request_id = await item.get_attribute("data-request")
    assert "waiting" in await item.inner_text()
    created = expect(await http.get(f"/roll-requests/{request_id}", headers=table.player.auth), 200)
    assert (created["kind"], created["trait"], created["difficulty"]) == ("save", "wis", 15)
    assert created["condition"] == "frightened"

    answer = await table.player_answers(browser, server, request_id)
    assert answer["result"]["request_id"] == request_id
    await page.locator("ft-roll-requests").get_by_text("No open request.").wait_for()
    await page.locator(f'ft-recent li[data-roll="{answer["id"]}"]').wait_for()
    await page.context.close()


async def test_matrix_damage_from_the_dashboard_updates_the_party_view(
    server: LiveServer, http: httpx.AsyncClient, browser: Any
) -> None:
    table = await seat(http, "matrix", SHEET_MATRIX)
    page = await dashboard(browser, server, table.storyteller, table.cid)
    card = page.locator(f'ft-party li[data-character="{table.character["id"]}"]')
    await card.get_by_text("Deal damage").click()
    await card.get_by_label("Damage", exact=True).select_option("physical")
    await card.get_by_label("Dice").fill("3+4")  # constants: mortality 3, fatigue 3+4
    await card.get_by_role("button", name="Roll the damage").click()
    card = page.locator(f'ft-party li[data-character="{table.character["id"]}"]')
    await card.get_by_text("Mortality +3, fatigue +7, madness +0.").wait_for()
    sheet = expect(
        await http.get(f"/characters/{table.character['id']}", headers=table.storyteller.auth), 200
    )
    assert sheet["sheet"]["counters"] == {"fatigue": 7, "mortality": 3, "madness": 0}
    counters = await text_of(card, ".ftd-counters dd")
    assert counters == ["7", "3", "0"]  # fatigue, mortality, madness, as the sheet has them

    # Mental damage, then the player's page would show it too: the party view follows the
    # character.updated event even when another storyteller tab dealt it.
    expect(
        await http.post(
            f"/characters/{table.character['id']}/damage",
            json={"type": "mental", "formula": "6"},
            headers=table.storyteller.auth,
        ),
        200,
    )
    await page.wait_for_function(
        """id => [...document.querySelectorAll(
               `ft-party li[data-character="${id}"] .ftd-counters dd`)]
             .map(n => n.textContent).join() === "7,3,6" """,
        arg=table.character["id"],
    )
    await page.context.close()


async def test_a_grant_from_the_dashboard_is_cited_by_the_player(
    server: LiveServer, http: httpx.AsyncClient, browser: Any
) -> None:
    table = await seat(http, "3d6", SHEET_3D6)
    page = await dashboard(browser, server, table.storyteller, table.cid)
    card = page.locator(f'ft-party li[data-character="{table.character["id"]}"]')
    await card.get_by_label("What for (optional)").fill("the rope trick")
    await card.get_by_role("button", name="Grant a reroll").click()
    await card.get_by_text("1 open grant").wait_for()
    grants = expect(
        await http.get(f"/characters/{table.character['id']}/grants", headers=table.player.auth),
        200,
    )
    assert [g["name"] for g in grants["items"]] == ["the rope trick"]

    answer = await table.player_cites_grant("the rope trick")
    await card.get_by_text("0 open grants").wait_for()
    used = expect(
        await http.get(f"/characters/{table.character['id']}/grants", headers=table.player.auth),
        200,
    )
    assert used["items"] == []
    if answer["status"] == "pending":  # the cited reroll is still to spend: a pending roll
        await page.locator(f'ft-pending li[data-roll="{answer["id"]}"]').wait_for()
    await page.context.close()


async def test_a_blind_roll_waits_among_the_hidden_rolls_until_revealed(
    server: LiveServer, http: httpx.AsyncClient, browser: Any
) -> None:
    table = await seat(http, "d20", SHEET_D20)
    page = await dashboard(browser, server, table.storyteller, table.cid)
    blind = await roll(
        http,
        table.player,
        table.cid,
        kind="test",
        character_id=table.character["id"],
        trait="dex",
        visibility="blind",
    )
    hidden = page.locator(f'ft-pending li[data-roll="{blind["id"]}"]')
    await hidden.get_by_role("button", name="Reveal").click()
    await hidden.wait_for(state="detached")
    seen = expect(await http.get(f"/rolls/{blind['id']}", headers=table.player.auth), 200)
    assert seen["visibility"] == "public"
    await page.context.close()


async def test_the_stats_table_shows_the_numbers_of_the_api(
    server: LiveServer, http: httpx.AsyncClient, browser: Any
) -> None:
    table = await seat(http, "matrix", SHEET_MATRIX)
    probe = await http.get(f"/campaigns/{table.cid}/stats?by=user", headers=table.storyteller.auth)
    if probe.status_code == 404:
        pytest.skip("GET /campaigns/{cid}/stats answers 404: the dash branch is not merged yet")
    for trait in ("strength", "agility", "perception", "faith", "empathy"):
        await roll(
            http,
            table.player,
            table.cid,
            kind="test",
            character_id=table.character["id"],
            trait=trait,
        )
    await roll(http, table.storyteller, table.cid, kind="formula", formula="3d6")
    page = await dashboard(browser, server, table.storyteller, table.cid)
    for by in ("user", "character"):
        await page.locator("ft-stats").get_by_label("Per").select_option(by)
        stats = expect(
            await http.get(f"/campaigns/{table.cid}/stats?by={by}", headers=table.storyteller.auth),
            200,
        )
        rows = page.locator("ft-stats tbody tr")
        await page.wait_for_function(
            "n => document.querySelectorAll('ft-stats tbody tr').length === n",
            arg=len(stats["items"]),
        )
        shown = await rows.evaluate_all(
            """rows => rows.map(r => ({
                 user_id: r.dataset.user,
                 character_id: r.dataset.character || null,
                 ...Object.fromEntries([...r.querySelectorAll('td[data-field]')]
                   .map(c => [c.dataset.field, c.dataset.value])),
                 faces: [...r.querySelectorAll('figure')]
                   .map(f => [Number(f.dataset.sides), f.dataset.counts])}))"""
        )
        assert sorted(map(_shown, shown), key=json.dumps) == sorted(
            map(_api, stats["items"]), key=json.dumps
        )
    await page.context.close()


def _number(value: str) -> float | None:
    return None if value in ("null", "undefined", "") else float(value)


def _shown(row: dict[str, Any]) -> dict[str, Any]:
    """A stats row as the page holds it (numbers in data-value attributes)."""
    totals = [_number(v) for v in row["totals"].split(",")]
    fields = ("rolls", "tests", "observed", "expected", "z", "percentile")
    return {
        "user_id": row["user_id"],
        "character_id": row["character_id"],
        **{k: _number(row[k]) for k in fields},
        "totals": totals,
        "faces": row["faces"],
    }


def _api(item: dict[str, Any]) -> dict[str, Any]:
    """The same row from the API's answer."""
    fields = ("rolls", "tests", "observed", "expected", "z", "percentile")
    totals = [float(item["totals"][k]) for k in ("rolls", "observed", "expected", "z")]
    faces = [[f["sides"], ",".join(map(str, f["counts"]))] for f in item["faces"]]
    return {
        "user_id": item["user_id"],
        "character_id": item["character_id"],
        **{k: float(item[k]) for k in fields},
        "totals": totals,
        "faces": faces,
    }


async def test_one_dashboard_action_works_from_the_keyboard(
    server: LiveServer, http: httpx.AsyncClient, browser: Any
) -> None:
    """A grant made with Tab, typing and Enter only: no pointer event at all."""
    table = await seat(http, "3d6", SHEET_3D6)
    page = await dashboard(browser, server, table.storyteller, table.cid)
    await page.evaluate(
        """() => ['mousedown', 'click'].forEach(t => addEventListener(t, e => {
             if (e.detail) window.pointerUsed = true }, true))"""
    )
    for _ in range(80):
        await page.keyboard.press("Tab")
        if await page.evaluate(
            """() => document.activeElement?.name === 'name'
                 && !!document.activeElement.closest('ft-grants')"""
        ):
            break
    else:
        pytest.fail("Tab never reached the grant's name field")
    await page.keyboard.type("a clever idea")
    await page.keyboard.press("Enter")
    await page.locator("ft-grants").get_by_text("1 open grant").wait_for()
    assert await page.evaluate("() => document.activeElement?.closest('ft-grants') !== null")
    assert not await page.evaluate("() => window.pointerUsed === true")
    grants = expect(
        await http.get(f"/characters/{table.character['id']}/grants", headers=table.player.auth),
        200,
    )
    assert [g["name"] for g in grants["items"]] == ["a clever idea"]
    await page.context.close()


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
@pytest.mark.parametrize("ruleset", ["3d6", "matrix", "d20"])
async def test_screenshots_of_the_dashboard_in_each_language(
    server: LiveServer, http: httpx.AsyncClient, browser: Any, ruleset: str, locale: str
) -> None:
    sheets = {"3d6": SHEET_3D6, "matrix": SHEET_MATRIX, "d20": SHEET_D20}
    table: Seat = await seat(http, ruleset, sheets[ruleset])
    await table.play_a_little(http)
    page = await dashboard(browser, server, table.storyteller, table.cid, locale=locale)
    await page.locator("ft-recent li").first.wait_for()
    words = {
        "en-US": ["The party", "Latest rolls", "Roll requests", "Luck"],
        "fr-FR": ["Le groupe", "Derniers jets", "Demandes de jet", "Chance"],
    }[locale]
    body = await page.locator("ft-dashboard").inner_text()
    for word in words:
        assert word in body
    if locale == "fr-FR":
        french = {
            "3d6": ["moyenne"],
            "matrix": ["corps", "esprit", "âme", "fatigue", "mortalité", "folie"],
            "d20": ["SAG", "CHAR"],
        }[ruleset]
        for word in french:
            assert word in body, word
        assert "il y a" in body or "maintenant" in body  # relative times in French
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    lang = locale[:2]
    await page.screenshot(path=SCREENSHOTS / f"dashboard-{ruleset}-{lang}-1280.png", full_page=True)
    await page.set_viewport_size({"width": 375, "height": 800})
    assert await page.evaluate("() => document.documentElement.scrollWidth") <= 375
    await page.screenshot(path=SCREENSHOTS / f"dashboard-{ruleset}-{lang}-375.png", full_page=True)
    await page.context.close()


async def test_a_player_on_the_dashboard_address_is_told_it_is_the_storytellers(
    server: LiveServer, http: httpx.AsyncClient, browser: Any
) -> None:
    table = await seat(http, "3d6", SHEET_3D6)
    blind = await roll(
        http,
        table.storyteller,
        table.cid,
        kind="formula",
        formula="1d6",
        visibility="blind",
        note="the trap is armed",
    )
    page = await dashboard(browser, server, table.player, table.cid, live=False)
    await page.get_by_role("alert").get_by_text("Only a storyteller").wait_for()
    html = await page.content()
    assert blind["id"] not in html
    assert "the trap is armed" not in html
    assert await page.locator("ft-party, ft-roll-requests, ft-stats").count() == 0
    await page.context.close()


async def test_the_storyteller_goes_from_the_table_to_the_dashboard_and_back(
    server: LiveServer, http: httpx.AsyncClient, browser: Any
) -> None:
    """Both pages' custom elements live in one document (no name is defined twice)."""
    table = await seat(http, "3d6", SHEET_3D6)
    page = await open_page(browser, server, table.storyteller, f"/c/{table.cid}")
    await page.locator("#live-status[data-state=connected]").wait_for()
    await page.get_by_role("link", name="Dashboard").click()
    await page.locator('ft-dashboard[data-live="connected"]').wait_for()
    await page.locator("ft-party").get_by_text("Pelote").wait_for()
    await page.get_by_role("link", name="Back to the table").click()
    await page.locator("#live-status[data-state=connected]").wait_for()
    await page.go_back()
    await page.locator('ft-dashboard[data-live="connected"]').wait_for()
    assert page.errors == []  # type: ignore[attr-defined]
    await page.context.close()


async def test_the_dashboard_switches_language_in_place(
    server: LiveServer, http: httpx.AsyncClient, browser: Any
) -> None:
    table = await seat(http, "matrix", SHEET_MATRIX)
    page = await dashboard(browser, server, table.storyteller, table.cid)
    await page.locator("ft-party").get_by_text("The party").wait_for()
    await page.locator("ft-language-switch select").select_option("fr")
    await page.locator("ft-party").get_by_text("Le groupe").wait_for()
    card = await page.locator("ft-party li.ftd-card").inner_text()
    for word in ("corps", "esprit", "âme", "puissance", "fatigue", "mortalité", "folie"):
        assert word in card, word
    assert "Demander un jet" in await page.locator("ft-roll-requests").inner_text()
    await page.context.close()


async def test_names_notes_and_grants_show_as_text_and_run_nothing(
    server: LiveServer, http: httpx.AsyncClient, browser: Any
) -> None:
    payload = "<img src=x onerror=alert(1)>"
    table = await seat(http, "3d6", {**SHEET_3D6, "qualities": {"clever": 3}})
    renamed = await http.patch(
        f"/characters/{table.character['id']}",
        json={"name": payload},
        headers={**table.player.auth, "If-Match": str(table.character["version"])},
    )
    assert renamed.status_code == 200, renamed.text
    await roll(http, table.player, table.cid, kind="formula", formula="1d6", note=payload)
    expect(
        await http.post(
            f"/characters/{table.character['id']}/grants",
            json={"name": "<b>x</b>"},
            headers=table.storyteller.auth,
        ),
        201,
    )
    dialogs: list[str] = []
    page = await dashboard(browser, server, table.storyteller, table.cid)
    page.on("dialog", lambda dialog: dialogs.append(dialog.message))
    await page.locator("ft-recent").get_by_text(payload).first.wait_for()
    assert await page.locator("ft-dashboard img").count() == 0
    assert await page.locator("ft-dashboard b").count() == 0
    assert payload in await page.locator("ft-party").inner_text()
    await page.wait_for_timeout(300)
    assert dialogs == []
    await page.context.close()
