"""Builders that set up a table over HTTP, the way a client would."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from httpx import AsyncClient, Response

from app.core.writer import Job

PASSWORD = "correct horse battery"


@dataclass
class Person:
    """A registered user and the headers that authenticate them."""

    id: str
    username: str
    token: str

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


def expect(response: Response, status: int) -> Any:
    assert response.status_code == status, f"{response.status_code}: {response.text}"
    return response.json() if response.content else None


async def pages(
    client: AsyncClient, person: Person, path: str, **params: Any
) -> list[dict[str, Any]]:
    """Every page of a list, first to last, following ``next_cursor``."""
    found: list[dict[str, Any]] = []
    cursor: str | None = None
    while True:
        query = {**params, **({"cursor": cursor} if cursor is not None else {})}
        page = expect(await client.get(path, params=query, headers=person.auth), 200)
        found.append(page)
        cursor = page["next_cursor"]
        if cursor is None:
            return found


async def register(client: AsyncClient, prefix: str = "user") -> Person:
    username = f"{prefix}_{secrets.token_hex(4)}"
    body = {"username": username, "password": PASSWORD, "display_name": prefix.title()}
    user = expect(await client.post("/users", json=body), 201)
    token = expect(
        await client.post("/auth/token", json={"username": username, "password": PASSWORD}), 200
    )
    return Person(user["id"], username, token["access_token"])


async def campaign(
    client: AsyncClient, storyteller: Person, ruleset: str, settings: dict[str, Any] | None = None
) -> dict[str, Any]:
    body: dict[str, Any] = {"name": f"{ruleset} table", "ruleset": ruleset}
    if settings is not None:
        body["settings"] = settings
    return expect(await client.post("/campaigns", json=body, headers=storyteller.auth), 201)


async def join(
    client: AsyncClient, storyteller: Person, cid: str, person: Person, role: str = "player"
) -> None:
    invite = expect(
        await client.post(
            f"/campaigns/{cid}/invites", json={"role": role}, headers=storyteller.auth
        ),
        201,
    )
    expect(await client.post(f"/invites/{invite['code']}/accept", headers=person.auth), 200)


async def character(
    client: AsyncClient, owner: Person, cid: str, sheet: dict[str, Any], **extra: Any
) -> dict[str, Any]:
    body = {"name": extra.pop("name", "Ficelle"), "sheet": sheet, **extra}
    return expect(
        await client.post(f"/campaigns/{cid}/characters", json=body, headers=owner.auth), 201
    )


async def roll(
    client: AsyncClient, person: Person, cid: str, status: int = 201, **body: Any
) -> Any:
    return expect(
        await client.post(f"/campaigns/{cid}/rolls", json=body, headers=person.auth), status
    )


SHEET_3D6 = {
    "qualities": {"strong": 3, "clever": 5},
    "items": ["ball of yarn"],
    "gifts": ["climber"],
}
# The reroll sources SHEET_3D6 carries, as a roll cites them.
ITEM = {"source": "item", "name": "ball of yarn"}
GIFT = {"source": "gift", "name": "climber"}


async def open_test(http: AsyncClient, who: Person, cid: str, pc: str) -> dict[str, Any]:
    """A 3d6 test of ``pc`` left pending with a reroll to spend and a die to spend it on
    (a test that settles at once, or waits with no reroll left, is rolled again)."""
    while True:
        answer = await roll(http, who, cid, kind="test", character_id=pc, trait="strong",
                            difficulty="difficult", rerolls=[ITEM, GIFT])  # fmt: skip
        if answer["status"] == "pending" and answer["result"]["rerolls_left"]:
            return dict(answer)
        if answer["status"] == "pending":
            expect(await http.post(f"/rolls/{answer['id']}/finalize", headers=who.auth), 200)


async def reroll_a_failure(http: AsyncClient, who: Person, test: dict[str, Any]) -> None:
    """Spend a reroll of an ``open_test`` on its first die that failed."""
    die = next(i for i, d in enumerate(test["dice"]) if not d["success"])
    path = f"/rolls/{test['id']}/reroll"
    expect(await http.post(path, json={"die": die}, headers=who.auth), 200)


SHEET_MATRIX = {
    "rows": {"body": 6, "mind": 5, "soul": 4},
    "columns": {"power": 9, "resistance": 7, "maneuver": 5, "precision": 6},
}
SHEET_D20 = {"abilities": {"str": 14, "dex": 12, "con": 10, "wis": 8, "cha": 16, "int": 18}}


async def db_run(app: Any, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """One statement in a write job of its own (the app's writer, so both databases), as
    an operator's or a migration's change, made behind the service's back: the campaign
    memos are dropped after it (SQLite's writer drops them itself on such a write)."""

    async def job(job: Job) -> list[tuple[Any, ...]]:
        db = job.db
        if sql.lstrip().upper().startswith("SELECT"):
            return await db.fetchall(sql, *params)
        await db.execute(sql, *params)
        return []

    result: list[tuple[Any, ...]] = await app.state.writer.run(job)
    memos = getattr(app.state.database, "memos", None)
    if memos is not None and not sql.lstrip().upper().startswith("SELECT"):
        memos.clear()  # as a restart would: PostgreSQL's memos trust the app's own writes
    return result
