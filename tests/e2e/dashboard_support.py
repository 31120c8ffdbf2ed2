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

CHROMIUM = "/usr/bin/chromium"
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

    async def player_answers(self, server: LiveServer, browser: Any, request_id: str) -> Any:
        """The player answers the request for their character (over HTTP, as the player's
        page does: POST /rolls with request_id and character_id)."""
        body = {"request_id": request_id, "character_id": self.character["id"]}
        return expect(
            await self.http.post(
                f"/campaigns/{self.cid}/rolls", json=body, headers=self.player.auth
            ),
            201,
        )

    async def player_cites_grant(self, server: LiveServer, browser: Any, name: str) -> Any:
        """A 3d6 test of the player's that cites the storyteller's grant by its name."""
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


async def dashboard(
    browser: Any,
    server: LiveServer,
    person: Person,
    cid: str,
    locale: str = "en-US",
    live: bool = True,
) -> Any:
    """A page of a fresh browser context, logged in as ``person``, on the dashboard (once
    its websocket is live, unless ``live`` is false)."""
    context = await browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
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
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    await page.goto(f"http://127.0.0.1:{server.port}/c/{cid}/dashboard")
    if live:
        await page.locator('ft-dashboard[data-live="connected"]').wait_for()
    assert not errors, errors
    return page


async def text_of(scope: Any, selector: str) -> list[str]:
    texts: list[str] = await scope.locator(selector).all_inner_texts()
    return [t.strip() for t in texts]
