"""A 3d6 table holding what travels besides the log: grants open and used (one by the
player's private roll, which the storyteller's export holds as a redacted link), a group
action pending on a member's reroll, and a long task waiting on its pending roll. The
campaign's ``reroll_any_die`` keeps a roll that cites a reroll pending whatever its dice
(a die that succeeded may be rerolled too), so every run builds the same states."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from httpx import AsyncClient

from tests.service.table import (
    ITEM,
    SHEET_3D6,
    Person,
    campaign,
    character,
    expect,
    join,
    register,
    roll,
)

STORYTELLER = {"source": "storyteller"}


@dataclass
class Granted:
    http: AsyncClient
    st: Person
    player: Person
    cid: str
    pelote: str  # the player's
    rex: str  # the storyteller's NPC
    group_id: str
    group_roll: str  # the member's roll the group waits on
    task_id: str
    task_roll: str  # the task's pending roll
    used: dict[str, str]  # grant name -> the roll that used it

    async def post(self, who: Person, path: str, body: Any = None, status: int = 201) -> Any:
        return expect(await self.http.post(path, json=body, headers=who.auth), status)

    async def get(self, who: Person, path: str, status: int = 200) -> Any:
        return expect(await self.http.get(path, headers=who.auth), status)

    async def open_grants(self, character_id: str) -> list[dict[str, Any]]:
        page = await self.get(self.st, f"/characters/{character_id}/grants")
        items: list[dict[str, Any]] = page["items"]
        return items


async def granted(http: AsyncClient) -> Granted:
    st, player = await register(http, "teller"), await register(http, "player")
    cid = (await campaign(http, st, "3d6", {"reroll_any_die": True}))["id"]
    await join(http, st, cid, player)
    pelote = (await character(http, player, cid, SHEET_3D6, name="Pelote"))["id"]
    dog = {"qualities": {"strong": 5, "clever": 1}}
    rex = (await character(http, st, cid, dog, name="Rex", npc=True))["id"]

    async def grant(character_id: str, name: str | None) -> None:
        body = {} if name is None else {"name": name}
        expect(await http.post(f"/characters/{character_id}/grants", json=body, headers=st.auth),
               201)  # fmt: skip

    used: dict[str, str] = {}
    for name, visibility, step in (("the rope trick", "public", "reroll"),
                                   ("the lever", "private", "finalize")):  # fmt: skip
        await grant(pelote, name)
        cited = await roll(http, player, cid, kind="test", character_id=pelote, trait="strong",
                           visibility=visibility, rerolls=[STORYTELLER])  # fmt: skip
        assert cited["status"] == "pending"
        body = {"die": 0} if step == "reroll" else None
        path = f"/rolls/{cited['id']}/{step}"
        assert expect(await http.post(path, json=body, headers=player.auth), 200)["status"] == (
            "final"
        )
        used[name] = cited["id"]
    await grant(pelote, "for later")
    await grant(rex, None)

    members = [{"character_id": pelote, "rerolls": [ITEM]}, {"character_id": rex}]
    action = {"quality": "strong", "difficulty": 2, "members": members}
    group = expect(await http.post(f"/campaigns/{cid}/group-rolls", json=action,
                                   headers=st.auth), 201)  # fmt: skip
    assert group["status"] == "pending" and group["success"] is None
    task = {"name": "Open the pantry", "quality": "strong", "target": 12, "period": "PT1H",
            "participants": [pelote], "limit": "PT12H"}  # fmt: skip
    task_id = expect(await http.post(f"/campaigns/{cid}/tasks", json=task, headers=st.auth),
                     201)["id"]  # fmt: skip
    cite = {"character_id": pelote, "rerolls": [ITEM]}
    rolled = expect(await http.post(f"/tasks/{task_id}/rolls", json=cite, headers=player.auth),
                    201)  # fmt: skip
    assert rolled["task"]["pending_roll"]["roll_id"] == rolled["roll"]["id"]
    return Granted(http, st, player, cid, pelote, rex, group["id"], group["rolls"][0]["id"],
                   task_id, rolled["roll"]["id"], used)  # fmt: skip
