"""Every cell of docs/authorization.md, checked over HTTP.

The test reads the table from the document itself, so the document is the test's
parametrisation: a row without an action here, or an action without a row there, fails.
Each case builds its own campaign (with the same five people, registered once per module:
hashing passwords is the slow part) so no case sees another's changes."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from httpx import AsyncClient, Response

from tests.service import (
    authorization_actions,
    authorization_bots,
    authorization_chat,
    authorization_webhooks,
)
from tests.service.authorization_actions import flow_paths
from tests.service.table import (
    PASSWORD,
    SHEET_D20,
    SHEET_MATRIX,
    Person,
    campaign,
    character,
    expect,
    join,
    register,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "authorization.md"
ROLES = ("storyteller", "player", "spectator", "non-member", "no credentials")
RULESETS = ("3d6", "matrix", "d20")
SCOPES = ("read", "roll", "manage", "join")
IMPLIED = {"join": ("manage",)}  # a scope -> the scopes that include it

SHEETS: dict[str, dict[str, Any]] = {
    # weak 0: no die is ever a success, so a test citing rerolls is always pending.
    "3d6": {"qualities": {"strong": 3, "weak": 0}, "items": ["yarn"], "gifts": ["climber"]},
    "matrix": SHEET_MATRIX,
    "d20": SHEET_D20,
}
TRAITS = {"3d6": "strong", "matrix": "strength", "d20": "str"}
GUARDED = {
    "matrix": {"counters": {"fatigue": 3, "mortality": 1, "madness": 0}},
    "d20": {"conditions": ["poisoned"]},
}


def read_table() -> list[dict[str, str]]:
    lines = DOC.read_text().split("## The table", 1)[1].splitlines()
    rows = [line for line in lines if line.startswith("|")]
    header = [cell.strip() for cell in rows[0].strip("|").split("|")]
    return [
        dict(zip(header, (cell.strip() for cell in row.strip("|").split("|")), strict=True))
        for row in rows[2:]
    ]


TABLE = read_table()


@dataclass
class Seats:
    """One campaign: a storyteller, two players (``player`` acts, ``other`` is 'another'),
    a spectator, an outsider, and characters made on demand."""

    client: AsyncClient
    ruleset: str
    people: dict[str, Person]
    cid: str = ""
    chars: dict[str, str] = field(default_factory=dict)

    def __getitem__(self, role: str) -> Person:
        return self.people[role]

    async def char(self, name: str) -> str:
        if name not in self.chars:
            st, sheet = self["storyteller"], SHEETS[self.ruleset]
            owners = {"st_pc": st, "p_pc": self["player"], "other_pc": self["other"]}
            if name in owners:
                made = await character(self.client, owners[name], self.cid, sheet, name=name)
            elif name == "npc":
                made = await character(self.client, st, self.cid, sheet, name=name, npc=True)
            else:  # spec_pc: the storyteller gives a character to the spectator
                spectator = self["spectator"].id
                made = await character(self.client, st, self.cid, sheet, owner_id=spectator)
            self.chars[name] = made["id"]
        return self.chars[name]

    async def own_char(self, who: str) -> str:
        name = {"storyteller": "st_pc", "spectator": "spec_pc"}.get(who, "p_pc")
        return await self.char(name)

    async def roll(self, roller: str, visibility: str = "public", *, pending: bool = False) -> str:
        """A roll by ``roller`` (``other`` or the acting role); pending: a 3d6 test with
        two rerolls left."""
        person = self[roller]
        body: dict[str, Any] = {"kind": "formula", "formula": "2d6", "visibility": visibility}
        if pending:
            own = await self.own_char(roller) if roller != "other" else await self.char("other_pc")
            body = {
                "kind": "test",
                "character_id": own,
                "trait": "weak",
                "rerolls": [
                    {"source": "item", "name": "yarn"},
                    {"source": "gift", "name": "climber"},
                ],
                "visibility": visibility,
            }
        made = expect(
            await self.client.post(f"/campaigns/{self.cid}/rolls", json=body, headers=person.auth),
            201,
        )
        assert not pending or made["status"] == "pending", made
        return str(made["id"])


Action = Callable[[Seats, str, dict[str, str]], Awaitable[Response]]


async def _pc_patch(t: Seats, char_id: str, headers: dict[str, str], body: dict[str, Any]):  # type: ignore[no-untyped-def]
    current = expect(
        await t.client.get(f"/characters/{char_id}", headers=t["storyteller"].auth), 200
    )
    headers = {**headers, "If-Match": str(current["version"])}
    return await t.client.patch(f"/characters/{char_id}", json=body, headers=headers)


def _sheet_with_guarded(t: Seats) -> dict[str, Any]:
    return {**SHEETS[t.ruleset], **GUARDED[t.ruleset]}


async def _damage(t: Seats, char_id: str, headers: dict[str, str]) -> Response:
    """A hit of constant points (mortality 2, fatigue 2 + 3): no die to roll, no check."""
    body = {"type": "physical", "formula": "2+3"}
    answer = await t.client.post(f"/characters/{char_id}/damage", json=body, headers=headers)
    if answer.is_success:
        hit = answer.json()
        assert hit["character"]["id"] == char_id and hit["roll"]["kind"] == "damage", hit
        assert hit["character"]["sheet"]["counters"] == {"fatigue": 5, "mortality": 2, "madness": 0}
    return answer


async def _lift_condition(t: Seats, who: str, headers: dict[str, str]) -> Response:
    """The storyteller poisons one's own PC; the condition is then lifted."""
    char_id = await t.own_char(who)
    st = t["storyteller"].auth
    expect(await _pc_patch(t, char_id, st, {"sheet": _sheet_with_guarded(t)}), 200)
    answer = await t.client.delete(f"/characters/{char_id}/conditions/Poisoned", headers=headers)
    if answer.is_success:
        assert answer.json()["sheet"]["conditions"] == [], answer.text
    return answer


async def _health(t: Seats, who: str, headers: dict[str, str]) -> Response:
    """Both probes, which live outside ``/api/v1``: they answer alike; the second is returned."""
    live = await t.client.get("http://test/healthz", headers=headers)
    ready = await t.client.get("http://test/readyz", headers=headers)
    assert live.status_code == ready.status_code, (live.text, ready.text)
    if ready.is_success:
        assert (live.json(), ready.json()) == ({"status": "ok"}, {"status": "ready"})
    return ready


async def _roll_for(t: Seats, char_id: str | None, headers: dict[str, str]) -> Response:
    body: dict[str, Any] = {"kind": "formula", "formula": "1d20"}
    if char_id is not None:
        body = {"kind": "test", "character_id": char_id, "trait": TRAITS[t.ruleset]}
    return await t.client.post(f"/campaigns/{t.cid}/rolls", json=body, headers=headers)


async def _read_roll(t: Seats, roll_id: str, who: str, headers: dict[str, str]) -> Response:
    """The single GET, checked against the log: a visible roll is in it, a hidden one not."""
    single = await t.client.get(f"/rolls/{roll_id}", headers=headers)
    log = await t.client.get(f"/campaigns/{t.cid}/rolls", headers=headers)
    if single.status_code == 200:
        assert roll_id in [r["id"] for r in expect(log, 200)["items"]]
        assert single.json()["redacted"] is False
    elif log.status_code == 200:
        assert roll_id not in [r["id"] for r in log.json()["items"]]
    return single


def _read_own(visibility: str) -> Action:
    async def act(t: Seats, who: str, headers: dict[str, str]) -> Response:
        return await _read_roll(t, await t.roll(who, visibility), who, headers)

    return act


def _read_others(visibility: str) -> Action:
    async def act(t: Seats, who: str, headers: dict[str, str]) -> Response:
        return await _read_roll(t, await t.roll("other", visibility), who, headers)

    return act


async def _steps(t: Seats, roller: str, headers: dict[str, str]) -> Response:
    """Reroll a die, then finalize; for another's roll, also try a choice. The last
    answer that is not a success is returned (or the last success)."""
    roll_id = await t.roll(roller, pending=True)
    answers = [await t.client.post(f"/rolls/{roll_id}/reroll", json={"die": 0}, headers=headers)]
    if roller == "other":
        answers.append(
            await t.client.post(
                f"/rolls/{roll_id}/choice", json={"choice": "fail"}, headers=headers
            )
        )
    answers.append(await t.client.post(f"/rolls/{roll_id}/finalize", headers=headers))
    statuses = {a.status_code for a in answers}
    assert len(statuses) == 1, [a.text for a in answers]
    return answers[-1]


async def _grant_on_final(t: Seats, who: str, headers: dict[str, str]) -> Response:
    """The other player's final botch ("weak" is 0: no die succeeds), reopened."""
    body = {"kind": "test", "character_id": await t.char("other_pc"), "trait": "weak"}
    made = expect(
        await t.client.post(f"/campaigns/{t.cid}/rolls", json=body, headers=t["other"].auth), 201
    )
    assert made["status"] == "final", made
    answer = await t.client.post(f"/rolls/{made['id']}/grant", json={}, headers=headers)
    if answer.is_success:
        assert answer.json()["status"] == "pending", answer.text
    return answer


async def _granted(t: Seats, character_id: str) -> str:
    path = f"/characters/{character_id}/grants"
    made = expect(await t.client.post(path, json={}, headers=t["storyteller"].auth), 201)
    return str(made["granted"]["id"])


async def _list_grants(t: Seats, who: str, headers: dict[str, str]) -> Response:
    character_id = await t.char("other_pc")
    grant_id = await _granted(t, character_id)
    answer = await t.client.get(f"/characters/{character_id}/grants", headers=headers)
    if answer.is_success:
        assert [g["id"] for g in answer.json()["items"]] == [grant_id], answer.text
    return answer


async def _cite_grant(t: Seats, who: str, headers: dict[str, str]) -> Response:
    """A test of one's own character citing the grant the storyteller made for it."""
    character_id = await t.own_char(who)
    grant_id = await _granted(t, character_id)
    body = {"kind": "test", "character_id": character_id, "trait": "strong",
            "rerolls": [{"source": "storyteller", "grant_id": grant_id}]}  # fmt: skip
    answer = await t.client.post(f"/campaigns/{t.cid}/rolls", json=body, headers=headers)
    if answer.is_success:
        st = t["storyteller"].auth
        held = await t.client.get(f"/characters/{character_id}/grants", headers=st)
        assert expect(held, 200)["items"] == [], held.text
    return answer


async def _new_key(t: Seats, who: str) -> str:
    made = expect(
        await t.client.post(
            "/api-keys", json={"name": "tool", "scopes": ["read"]}, headers=t[who].auth
        ),
        201,
    )
    return str(made["id"])


async def _invite_code(t: Seats) -> str:
    made = expect(
        await t.client.post(
            f"/campaigns/{t.cid}/invites", json={"role": "player"}, headers=t["storyteller"].auth
        ),
        201,
    )
    return str(made["code"])


async def _logged_out(t: Seats, who: str, headers: dict[str, str], path: str) -> Response:
    """Log out; when that succeeded, the token it presented is refused from then on. The
    people's own tokens serve the whole module, so a login token here is a fresh one."""
    if headers and headers == t[who].auth:
        body = {"username": t[who].username, "password": PASSWORD}
        fresh = expect(await t.client.post("/auth/token", json=body), 200)["access_token"]
        headers = {"Authorization": f"Bearer {fresh}"}
    answer = await t.client.post(path, headers=headers)
    if answer.status_code == 204:
        assert (await t.client.get("/users/me", headers=headers)).status_code == 401
    return answer


async def _logged_out_everywhere(t: Seats, who: str, headers: dict[str, str]) -> Response:
    """Log out everywhere, as a newcomer: the people's tokens serve the whole module. A key
    (any key: none may do it) is the newcomer's, with every scope."""
    if not headers:
        return await t.client.post("/auth/logout-all")
    leaver = await register(t.client, "leaver")
    if headers != t[who].auth:
        headers = await _key(t, leaver, list(SCOPES))
    else:
        headers = leaver.auth
    answer = await t.client.post("/auth/logout-all", headers=headers)
    if answer.status_code == 204:
        assert (await t.client.get("/users/me", headers=leaver.auth)).status_code == 401
    return answer


def _username() -> str:
    return f"newcomer_{secrets.token_hex(4)}"


ACTIONS: dict[str, Action] = {
    "register `POST /users`": lambda t, who, h: t.client.post(
        "/users", json={"username": _username(), "password": PASSWORD}, headers=h
    ),
    "log in `POST /auth/token`": lambda t, who, h: t.client.post(
        "/auth/token", json={"username": t[who].username, "password": PASSWORD}, headers=h
    ),
    "read oneself `GET /users/me`": lambda t, who, h: t.client.get("/users/me", headers=h),
    "log out `POST /auth/logout`": lambda t, who, h: _logged_out(t, who, h, "/auth/logout"),
    "log out everywhere `POST /auth/logout-all`": lambda t, who, h: _logged_out_everywhere(
        t, who, h
    ),
    "create an API key `POST /api-keys`": lambda t, who, h: t.client.post(
        "/api-keys", json={"name": "tool", "scopes": ["read"]}, headers=h
    ),
    "list one's API keys `GET /api-keys`": lambda t, who, h: t.client.get("/api-keys", headers=h),
    "revoke one's API key `DELETE /api-keys/{id}`": lambda t, who, h: _then(
        _new_key(t, who), lambda key: t.client.delete(f"/api-keys/{key}", headers=h)
    ),
    "create a campaign `POST /campaigns`": lambda t, who, h: t.client.post(
        "/campaigns", json={"name": "another table", "ruleset": t.ruleset}, headers=h
    ),
    "list one's campaigns `GET /campaigns`": lambda t, who, h: t.client.get(
        "/campaigns", headers=h
    ),
    "read a campaign `GET /campaigns/{cid}`": lambda t, who, h: t.client.get(
        f"/campaigns/{t.cid}", headers=h
    ),
    "edit a campaign `PATCH /campaigns/{cid}`": lambda t, who, h: t.client.patch(
        f"/campaigns/{t.cid}", json={"name": "renamed"}, headers=h
    ),
    "delete a campaign `DELETE /campaigns/{cid}`": lambda t, who, h: t.client.delete(
        f"/campaigns/{t.cid}", headers=h
    ),
    "invite `POST /campaigns/{cid}/invites`": lambda t, who, h: t.client.post(
        f"/campaigns/{t.cid}/invites", json={"role": "player"}, headers=h
    ),
    "accept an invite `POST /invites/{code}/accept`": lambda t, who, h: _then(
        _invite_code(t), lambda code: t.client.post(f"/invites/{code}/accept", headers=h)
    ),
    "list members `GET /campaigns/{cid}/members`": lambda t, who, h: t.client.get(
        f"/campaigns/{t.cid}/members", headers=h
    ),
    "read the overview `GET /campaigns/{cid}/overview`": lambda t, who, h: t.client.get(
        f"/campaigns/{t.cid}/overview", headers=h
    ),
    "read the luck statistics `GET /campaigns/{cid}/stats`": lambda t, who, h: t.client.get(
        f"/campaigns/{t.cid}/stats", headers=h
    ),
    "change another's role `PATCH /campaigns/{cid}/members/{uid}`": lambda t, who, h: (
        t.client.patch(
            f"/campaigns/{t.cid}/members/{t['other'].id}", json={"role": "spectator"}, headers=h
        )
    ),
    "remove another member `DELETE /campaigns/{cid}/members/{uid}`": lambda t, who, h: (
        t.client.delete(f"/campaigns/{t.cid}/members/{t['other'].id}", headers=h)
    ),
    "leave `DELETE /campaigns/{cid}/members/{own id}`": lambda t, who, h: t.client.delete(
        f"/campaigns/{t.cid}/members/{t[who].id}", headers=h
    ),
    "create one's own PC `POST /campaigns/{cid}/characters`": lambda t, who, h: t.client.post(
        f"/campaigns/{t.cid}/characters",
        json={"name": "Mine", "sheet": SHEETS[t.ruleset]},
        headers=h,
    ),
    "create a PC with counters, states or conditions set": lambda t, who, h: t.client.post(
        f"/campaigns/{t.cid}/characters",
        json={"name": "Scarred", "sheet": _sheet_with_guarded(t)},
        headers=h,
    ),
    "create an NPC (`npc: true`)": lambda t, who, h: t.client.post(
        f"/campaigns/{t.cid}/characters",
        json={"name": "Rat", "npc": True, "sheet": SHEETS[t.ruleset]},
        headers=h,
    ),
    "create a character for another member (`owner_id`)": lambda t, who, h: t.client.post(
        f"/campaigns/{t.cid}/characters",
        json={"name": "Gift", "owner_id": t["other"].id, "sheet": SHEETS[t.ruleset]},
        headers=h,
    ),
    "list characters `GET /campaigns/{cid}/characters`": lambda t, who, h: t.client.get(
        f"/campaigns/{t.cid}/characters", headers=h
    ),
    "read a character `GET /characters/{id}`": lambda t, who, h: _then(
        t.char("other_pc"), lambda c: t.client.get(f"/characters/{c}", headers=h)
    ),
    "edit one's own PC `PATCH /characters/{id}`": lambda t, who, h: _then(
        t.own_char(who), lambda c: _pc_patch(t, c, h, {"name": "Renamed"})
    ),
    "edit another's PC": lambda t, who, h: _then(
        t.char("other_pc"), lambda c: _pc_patch(t, c, h, {"name": "Renamed"})
    ),
    "edit an NPC": lambda t, who, h: _then(
        t.char("npc"), lambda c: _pc_patch(t, c, h, {"name": "Renamed"})
    ),
    "give one's PC to another member (`owner_id`)": lambda t, who, h: _then(
        t.own_char(who), lambda c: _pc_patch(t, c, h, {"owner_id": t["other"].id})
    ),
    "change counters, states (matrix) or conditions (d20) of one's own PC": lambda t, who, h: _then(
        t.own_char(who), lambda c: _pc_patch(t, c, h, {"sheet": _sheet_with_guarded(t)})
    ),
    "deal matrix damage to one's own PC `POST /characters/{id}/damage`": lambda t, who, h: _then(
        t.own_char(who), lambda c: _damage(t, c, h)
    ),
    "deal matrix damage to another's PC": lambda t, who, h: _then(
        t.char("other_pc"), lambda c: _damage(t, c, h)
    ),
    "lift a condition (d20) of one's own PC `DELETE /characters/{id}/conditions/{name}`": (
        _lift_condition
    ),
    "delete one's own PC `DELETE /characters/{id}`": lambda t, who, h: _then(
        t.own_char(who), lambda c: t.client.delete(f"/characters/{c}", headers=h)
    ),
    "delete another's PC": lambda t, who, h: _then(
        t.char("other_pc"), lambda c: t.client.delete(f"/characters/{c}", headers=h)
    ),
    "delete an NPC": lambda t, who, h: _then(
        t.char("npc"), lambda c: t.client.delete(f"/characters/{c}", headers=h)
    ),
    "roll for one's own character `POST /campaigns/{cid}/rolls`": lambda t, who, h: _then(
        t.own_char(who), lambda c: _roll_for(t, c, h)
    ),
    "roll for another's character": lambda t, who, h: _then(
        t.char("other_pc"), lambda c: _roll_for(t, c, h)
    ),
    "roll for an NPC": lambda t, who, h: _then(t.char("npc"), lambda c: _roll_for(t, c, h)),
    "roll a formula without a character": lambda t, who, h: _roll_for(t, None, h),
    "read one's own public roll": _read_own("public"),
    "read one's own storyteller roll": _read_own("storyteller"),
    "read one's own blind roll": _read_own("blind"),
    "read one's own private roll": _read_own("private"),
    "read another's public roll": _read_others("public"),
    "read another's storyteller roll": _read_others("storyteller"),
    "read another's blind roll": _read_others("blind"),
    "read another's private roll": _read_others("private"),
    "reroll, choose or finalize one's own roll `POST /rolls/{id}/…`": lambda t, who, h: _steps(
        t, who, h
    ),
    "reroll, choose or finalize another's roll": lambda t, who, h: _steps(t, "other", h),
    "grant a reroll `POST /rolls/{id}/grant`": lambda t, who, h: _then(
        t.roll("other", pending=True),
        lambda r: t.client.post(f"/rolls/{r}/grant", json={"name": "clever"}, headers=h),
    ),
    "grant a reroll on a final roll, its character's latest": _grant_on_final,
    "grant a reroll before the roll `POST /characters/{id}/grants`": lambda t, who, h: _then(
        t.char("other_pc"),
        lambda c: t.client.post(f"/characters/{c}/grants", json={"name": "clever"}, headers=h),
    ),
    "list a character's open reroll grants `GET /characters/{id}/grants`": _list_grants,
    "cite a reroll grant on one's own character's test": _cite_grant,
    # contests, group actions, long tasks, fairness, events, export and import
    **authorization_actions.ACTIONS,
    # the table chat
    **authorization_chat.ACTIONS,
    # delegations, and the bots acting through them
    **authorization_bots.ACTIONS,
    # webhooks
    **authorization_webhooks.ACTIONS,
    "odds `GET /odds/{ruleset}`": lambda t, who, h: t.client.get(
        {"3d6": "/odds/3d6?score=3", "matrix": "/odds/matrix?stat=12", "d20": "/odds/d20"}[
            t.ruleset
        ],
        headers=h,
    ),
    "health probes `GET /healthz`, `GET /readyz`": _health,
}


async def _then(first: Awaitable[Any], then: Callable[[Any], Awaitable[Response]]) -> Response:
    return await then(await first)


ONLY_IN: list[tuple[str, tuple[str, ...]]] = [
    # (words of the action, the rulesets it exists in): the first that matches counts.
    ("reroll", ("3d6",)),
    ("contest", ("3d6",)),
    ("group action", ("3d6",)),
    ("long task", ("3d6",)),
    ("matrix damage", ("matrix",)),
    ("lift a condition (d20)", ("d20",)),
    ("counters", ("matrix", "d20")),
]


def _rulesets(label: str) -> tuple[str, ...]:
    """Rows about one ruleset's feature run in it; rows about characters, rolls and odds
    run in every ruleset; the rest in one."""
    for words, rulesets in ONLY_IN:
        if words in label:
            return rulesets
    if any(word in label for word in ("character", "PC", "roll", "odds")):
        return RULESETS
    return ("3d6",)


def _needs_campaign(label: str) -> bool:
    return not any(word in label for word in ("`POST /users`", "odds", "health"))


CASES = [
    pytest.param(row["action"], role, row[role], ruleset, id=f"{row['action']}|{role}|{ruleset}")
    for row in TABLE
    for role in ROLES
    for ruleset in _rulesets(row["action"])
    if row[role] != "—"
]
KEY_CASES = [
    pytest.param(row["action"], row["API key"], ruleset, id=f"{row['action']}|{ruleset}")
    for row in TABLE
    for ruleset in _rulesets(row["action"])
    if row["API key"] != "none"
]


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def people(app: object) -> dict[str, Person]:
    from httpx import ASGITransport

    transport = ASGITransport(app=app)  # type: ignore[arg-type]
    async with AsyncClient(transport=transport, base_url="http://test/api/v1") as http:
        roles = ("storyteller", "player", "other", "spectator", "non-member")
        return {role: await register(http, role.replace("-", "")) for role in roles}


@pytest_asyncio.fixture(loop_scope="session")
async def seats(client: AsyncClient, people: dict[str, Person]) -> Callable[..., Awaitable[Seats]]:
    async def build(ruleset: str, with_campaign: bool = True) -> Seats:
        t = Seats(client, ruleset, people)
        if with_campaign:
            t.cid = (await campaign(client, people["storyteller"], ruleset))["id"]
            st = people["storyteller"]
            await join(client, st, t.cid, people["player"])
            await join(client, st, t.cid, people["other"])
            await join(client, st, t.cid, people["spectator"], "spectator")
        return t

    return build


def test_every_row_of_the_document_has_an_action() -> None:
    assert [row["action"] for row in TABLE] == list(ACTIONS)
    for row in TABLE:
        assert set(row) == {"action", *ROLES, "API key"}


def _check(response: Response, expected: int) -> None:
    assert response.status_code == expected, f"{response.status_code}: {response.text}"
    if expected >= 400:
        assert response.headers["content-type"].startswith("application/problem+json")
        assert response.json()["status"] == expected


@pytest.mark.parametrize(("action", "role", "expected", "ruleset"), CASES)
async def test_each_role_gets_what_the_table_says(
    seats: Callable[..., Awaitable[Seats]], action: str, role: str, expected: str, ruleset: str
) -> None:
    t = await seats(ruleset, _needs_campaign(action))
    if role == "no credentials":
        headers: dict[str, str] = {}
        who = "storyteller"
    else:
        who, headers = role, t[role].auth
    _check(await ACTIONS[action](t, who, headers), int(expected))


async def _key(t: Seats, who: str | Person, scopes: list[str]) -> dict[str, str]:
    person = t[who] if isinstance(who, str) else who
    made = expect(
        await t.client.post(
            "/api-keys", json={"name": "tool", "scopes": scopes}, headers=person.auth
        ),
        201,
    )
    header = f"Bearer {made['key']}"
    authorization_bots.KEY_SCOPES[header] = scopes  # a bot row's request takes the same
    return {"Authorization": header}


@pytest.mark.parametrize(("action", "needed", "ruleset"), KEY_CASES)
async def test_an_api_key_needs_the_scope_the_table_names(
    seats: Callable[..., Awaitable[Seats]], action: str, needed: str, ruleset: str
) -> None:
    row = next(r for r in TABLE if r["action"] == action)
    # The first role the row allows (or the storyteller when none is): the key acts as them.
    allowed = [r for r in ROLES[:4] if row[r].startswith("2")]
    who = allowed[0] if allowed else "storyteller"
    as_login = int(row[who])

    if needed == "login token":
        t = await seats(ruleset, _needs_campaign(action))
        _check(await ACTIONS[action](t, who, await _key(t, who, list(SCOPES))), 403)
        return
    if needed == "any":
        for scope in SCOPES:
            t = await seats(ruleset, _needs_campaign(action))
            _check(await ACTIONS[action](t, who, await _key(t, who, [scope])), as_login)
        return
    t = await seats(ruleset, _needs_campaign(action))
    _check(await ACTIONS[action](t, who, await _key(t, who, [needed])), as_login)
    t = await seats(ruleset, _needs_campaign(action))
    lacking = [s for s in SCOPES if s != needed and s not in IMPLIED.get(needed, ())]
    _check(await ACTIONS[action](t, who, await _key(t, who, lacking)), 403)


async def test_a_non_member_cannot_tell_a_campaign_from_a_missing_one(
    seats: Callable[..., Awaitable[Seats]],
) -> None:
    t = await seats("matrix")
    outsider = t["non-member"].auth
    pc = await t.char("p_pc")
    roll_id = await t.roll("player")
    missing = "0" * 26
    for real, fake in [
        (f"/campaigns/{t.cid}", f"/campaigns/{missing}"),
        (f"/campaigns/{t.cid}/members", f"/campaigns/{missing}/members"),
        (f"/campaigns/{t.cid}/rolls", f"/campaigns/{missing}/rolls"),
        (f"/characters/{pc}", f"/characters/{missing}"),
        (f"/rolls/{roll_id}", f"/rolls/{missing}"),
    ]:
        seen = await t.client.get(real, headers=outsider)
        unseen = await t.client.get(fake, headers=outsider)
        assert seen.status_code == unseen.status_code == 404
        assert seen.json() == unseen.json()


async def test_nor_its_contests_tasks_seeds_events_or_export_from_missing_ones(
    seats: Callable[..., Awaitable[Seats]],
) -> None:
    t = await seats("3d6")
    outsider = t["non-member"].auth
    missing = "0" * 26
    parts = ("contests", "group-rolls", "tasks", "fairness", "audit", "events", "export")
    reads = [(f"/campaigns/{t.cid}/{part}", f"/campaigns/{missing}/{part}") for part in parts]
    contest, group, task = await flow_paths(t)
    reads += [(contest, f"/contests/{missing}"), (group, f"/group-rolls/{missing}")]
    reads += [(task, f"/tasks/{missing}")]
    writes = [
        (f"/campaigns/{t.cid}/ws-ticket", f"/campaigns/{missing}/ws-ticket"),
        (f"/campaigns/{t.cid}/fairness/rotate", f"/campaigns/{missing}/fairness/rotate"),
        (f"{contest}/rounds", f"/contests/{missing}/rounds"),
    ]
    for method, pairs in (("GET", reads), ("POST", writes)):
        for real, fake in pairs:
            seen = await t.client.request(method, real, headers=outsider)
            unseen = await t.client.request(method, fake, headers=outsider)
            assert seen.status_code == unseen.status_code == 404, (real, seen.text)
            assert seen.json() == unseen.json()


async def test_the_list_of_campaigns_holds_only_ones_own(
    seats: Callable[..., Awaitable[Seats]],
) -> None:
    t = await seats("d20")
    for role in ("storyteller", "player", "spectator"):
        mine = expect(await t.client.get("/campaigns", headers=t[role].auth), 200)
        assert t.cid in [c["id"] for c in mine["items"]]
    theirs = expect(await t.client.get("/campaigns", headers=t["non-member"].auth), 200)
    assert t.cid not in [c["id"] for c in theirs["items"]]


async def test_a_read_key_cannot_roll_or_manage_but_a_roll_key_rolls_and_a_manage_key_edits(
    seats: Callable[..., Awaitable[Seats]],
) -> None:
    t = await seats("matrix")
    pc = await t.char("p_pc")
    read = await _key(t, "player", ["read"])
    roll = await _key(t, "player", ["roll"])
    manage = await _key(t, "player", ["manage"])
    test = {"kind": "test", "character_id": pc, "trait": "strength"}
    rolls = f"/campaigns/{t.cid}/rolls"

    expect(await t.client.get(f"/campaigns/{t.cid}", headers=read), 200)
    expect(await t.client.post(rolls, json=test, headers=read), 403)
    expect(await t.client.patch(f"/characters/{pc}", json={"name": "x"}, headers=read), 403)
    expect(await t.client.post(rolls, json=test, headers=roll), 201)
    expect(await t.client.patch(f"/characters/{pc}", json={"name": "x"}, headers=roll), 403)
    renamed = await t.client.patch(
        f"/characters/{pc}", json={"name": "Keyed"}, headers={**manage, "If-Match": "1"}
    )
    assert expect(renamed, 200)["name"] == "Keyed"
    expect(await t.client.post(rolls, json=test, headers=manage), 403)


async def test_keys_cannot_create_keys_and_a_revoked_key_is_refused(
    seats: Callable[..., Awaitable[Seats]],
) -> None:
    t = await seats("3d6")
    made = expect(
        await t.client.post(
            "/api-keys", json={"name": "all", "scopes": list(SCOPES)}, headers=t["player"].auth
        ),
        201,
    )
    everything = {"Authorization": f"Bearer {made['key']}"}
    refused = await t.client.post(
        "/api-keys", json={"name": "child", "scopes": ["read"]}, headers=everything
    )
    expect(refused, 403)
    keys = expect(await t.client.get("/api-keys", headers=t["player"].auth), 200)["items"]
    assert "child" not in [k["name"] for k in keys]

    expect(await t.client.get("/users/me", headers=everything), 200)
    expect(await t.client.delete(f"/api-keys/{made['id']}", headers=t["player"].auth), 204)
    gone = await t.client.get("/users/me", headers=everything)
    expect(gone, 401)
    assert gone.headers["www-authenticate"] == "Bearer"
    expect(await t.client.get(f"/campaigns/{t.cid}", headers=everything), 401)


@pytest.mark.parametrize(
    "authorization",
    ["", "Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "Bearer ftt_nope", "Bearer ftk_nope", "x y"],
)
async def test_bad_credentials_are_refused_with_401(
    client: AsyncClient, authorization: str
) -> None:
    answer = await client.get("/users/me", headers={"Authorization": authorization})
    expect(answer, 401)
    assert answer.headers["content-type"].startswith("application/problem+json")
