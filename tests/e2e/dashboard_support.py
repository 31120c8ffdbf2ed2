"""What the dashboard's browser tests share: a seated table set up over HTTP, a logged-in
browser page on the dashboard, and the player's side of a few actions."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from tests.realtime.live import LiveServer
from tests.service.table import Person, campaign, character, expect, join, register, roll

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
TRAITS = {"3d6": "clever", "matrix": "agility", "d20": "dex"}


@dataclass
class Seat:
    """A campaign with its storyteller and one player holding one character."""

    cid: str
    ruleset: str
    storyteller: Person
    player: Person
    character: dict[str, Any]
    http: httpx.AsyncClient

    async def player_answers(self, browser: Any, server: LiveServer, request_id: str) -> Any:
        """The player answers the request from their own page (the table's ft-requests):
        one button, the server rolls what the request asks. The roll as answered."""
        page = await open_page(browser, server, self.player, f"/c/{self.cid}")
        button = page.locator(
            f'ft-requests li[data-request-id="{request_id}"] button[data-action=answer]'
        )
        async with page.expect_response(
            lambda r: r.url.endswith("/rolls") and r.request.method == "POST"
        ) as answered:
            await button.click()
        response = await answered.value
        assert response.status == 201, await response.text()
        roll = await response.json()
        await page.context.close()
        return roll

    async def player_cites_grant(self, name: str) -> Any:
        """A 3d6 test of the player's that cites the storyteller's grant by its name. Over
        HTTP: the player's roll form offers items and gifts, not yet the open grants."""
        return await roll(
            self.http,
            self.player,
            self.cid,
            kind="test",
            character_id=self.character["id"],
            trait="clever",
            difficulty=2,
            rerolls=[{"source": "storyteller", "name": name}],
        )

    async def play_a_little(self, http: httpx.AsyncClient) -> None:
        """A few rolls of each visibility, a request and (matrix) a hit, for screenshots."""
        cid, who = self.cid, self.character["id"]
        trait = TRAITS[self.ruleset]
        extra = {"difficulty": 2, "on_partial": "fail"} if self.ruleset == "3d6" else {}
        await roll(
            http,
            self.player,
            cid,
            kind="test",
            character_id=who,
            trait=trait,
            note="climbing the bell tower",
            **extra,
        )
        await roll(
            http,
            self.player,
            cid,
            kind="test",
            character_id=who,
            trait=trait,
            visibility="blind",
            **extra,
        )
        await roll(http, self.storyteller, cid, kind="formula", formula="2d6+1")
        if self.ruleset == "3d6":
            await roll(
                http,
                self.player,
                cid,
                kind="test",
                character_id=who,
                trait="strong",
                difficulty=4,
                rerolls=[{"source": "item", "name": "ball of yarn"}],
            )
            expect(
                await http.post(
                    f"/characters/{who}/grants",
                    json={"name": "the rope trick"},
                    headers=self.storyteller.auth,
                ),
                201,
            )
        if self.ruleset == "matrix":
            expect(
                await http.post(
                    f"/characters/{who}/damage",
                    json={"type": "physical", "formula": "4+3"},
                    headers=self.storyteller.auth,
                ),
                200,
            )
        if self.ruleset == "d20":
            await roll(
                http,
                self.player,
                cid,
                kind="save",
                character_id=who,
                trait="wis",
                difficulty=30,
                condition="frightened",
            )
        body: dict[str, Any] = {
            "character_ids": [who],
            "kind": "test",
            "trait": trait,
            "expires_in": 600,
        }
        expect(
            await http.post(
                f"/campaigns/{cid}/roll-requests", json=body, headers=self.storyteller.auth
            ),
            201,
        )


async def seat(http: httpx.AsyncClient, ruleset: str, sheet: dict[str, Any]) -> Seat:
    storyteller = await register(http, "sara")
    player = await register(http, "pete")
    cid = (await campaign(http, storyteller, ruleset))["id"]
    await join(http, storyteller, cid, player)
    mine = await character(http, player, cid, sheet, name="Pelote")
    return Seat(cid, ruleset, storyteller, player, mine, http)


async def open_page(browser: Any, server: LiveServer, person: Person, path: str) -> Any:
    """A page of a fresh browser context, logged in as ``person`` (the token a login
    stores), at ``path``; ``page.errors`` collects the page's uncaught errors."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    return await _open(context, server, person, path)


async def _open(context: Any, server: LiveServer, person: Person, path: str) -> Any:
    user = {
        "id": person.id,
        "username": person.username,
        "display_name": person.username.split("_")[0].title(),
    }
    await context.add_init_script(
        f"if (!localStorage.getItem('fairtable.token')) {{"
        f" localStorage.setItem('fairtable.token', {json.dumps(person.token)});"
        f" localStorage.setItem('fairtable.user', {json.dumps(json.dumps(user))}); }}"
    )
    page = await context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    await page.goto(f"http://127.0.0.1:{server.port}{path}")
    return page


async def dashboard(
    browser: Any,
    server: LiveServer,
    person: Person,
    cid: str,
    locale: str = "en-US",
    live: bool = True,
) -> Any:
    """A logged-in page on the dashboard (once its websocket is live, unless ``live`` is
    false), with no uncaught error."""
    context = await browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    page = await _open(context, server, person, f"/c/{cid}/dashboard")
    if live:
        await page.locator('ft-dashboard[data-live="connected"]').wait_for()
    assert not page.errors, page.errors
    return page


async def text_of(scope: Any, selector: str) -> list[str]:
    texts: list[str] = await scope.locator(selector).all_inner_texts()
    return [t.strip() for t in texts]
