"""Nothing a viewer may read tells a hidden roll's outcome: leak probes over every read path.

Each probe builds two tables that differ in one thing only — a hidden roll's scripted die,
once an outcome with a sheet effect (a failed save, a faith roll ending panic), once one
without — and reads everything a viewer the roll is hidden from can read: the character
(single and list, with its ETag), the roll, the log and its character filter, the events,
the audit chain, the export, and the answers of follow-up actions on the roll and the
character. Ids, hashes, times and names differ between any two tables, so they are
replaced by placeholders in order of appearance; after that the two readings must be
identical. Then the storyteller reveals the roll, and everyone reads its effects.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import pytest
from httpx import AsyncClient

from tests.conftest import Scripted
from tests.exchange import ndjson
from tests.service.table import (
    SHEET_3D6,
    SHEET_D20,
    SHEET_MATRIX,
    Person,
    campaign,
    character,
    expect,
    join,
    register,
    roll,
)

PANICKED = {**SHEET_MATRIX, "states": {"panicked": True}}


@dataclass
class Table:
    st: Person
    player: Person
    other: Person
    spectator: Person
    cid: str
    pc: str  # the player's character

    def who(self, name: str) -> Person:
        person: Person = getattr(self, name)
        return person

    def names(self) -> dict[str, str]:
        return {p.username: name for name in ROLES if (p := self.who(name))}


ROLES = ("st", "player", "other", "spectator")


async def table(http: AsyncClient, ruleset: str) -> Table:
    st, player, other, spectator = [await register(http, r) for r in ROLES]
    cid = (await campaign(http, st, ruleset))["id"]
    await join(http, st, cid, player)
    await join(http, st, cid, other)
    await join(http, st, cid, spectator, role="spectator")
    if ruleset in ("d20", "3d6"):
        sheet = SHEET_D20 if ruleset == "d20" else SHEET_3D6
        pc = (await character(http, player, cid, sheet))["id"]
    else:  # a panicked PC: only a storyteller sets states
        pc = (await character(http, st, cid, PANICKED, owner_id=player.id))["id"]
    return Table(st, player, other, spectator, cid, pc)


@dataclass(frozen=True)
class Case:
    """A hidden roll, who rolls it, the faces of an outcome with effects (or a pending
    status) and of one without."""

    name: str
    ruleset: str
    roller: str
    visibility: str
    body: dict[str, Any]
    with_effect: tuple[int, ...]
    without: tuple[int, ...]
    blind_to: tuple[str, ...]  # the viewers it is hidden from


SAVE: dict[str, Any] = {"kind": "save", "trait": "con", "difficulty": 12, "condition": "poisoned"}
FAITH: dict[str, Any] = {"kind": "test", "trait": "faith"}
TEST_3D6: dict[str, Any] = {"kind": "test", "trait": "strong", "difficulty": 2}
EVERYONE = ("player", "other", "spectator")
CASES = [
    Case("blind save", "d20", "player", "blind", SAVE, (1,), (19,), EVERYONE),
    Case("storyteller's secret save", "d20", "st", "storyteller", SAVE, (1,), (19,), EVERYONE),
    Case("player's save for the storyteller", "d20", "player", "storyteller", SAVE, (1,), (19,),
         ("other", "spectator")),
    Case("private save", "d20", "player", "private", SAVE, (1,), (19,),
         ("other", "spectator", "st")),
    Case("blind faith roll", "matrix", "player", "blind", FAITH, (1,), (20,), EVERYONE),
    # A partial success is pending (its choice); a success is final.
    Case("blind 3d6 test", "3d6", "player", "blind", TEST_3D6, (2, 5, 6), (1, 2, 6), EVERYONE),
]  # fmt: skip

_ULID = re.compile(r"\b[0-9a-hjkmnp-tv-z]{26}\b")
_HEX = re.compile(r"\b[0-9a-f]{64}\b")
_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)")


def normalised(reading: dict[str, Any], t: Table) -> dict[str, Any]:
    """The reading with ids numbered in order of appearance, hashes, times and usernames
    replaced: what stays is what a viewer could compare between two tables."""
    text = json.dumps(reading, sort_keys=True)
    for username, name in t.names().items():
        text = text.replace(username, f"<{name}>")
    ids: dict[str, str] = {}
    text = _ULID.sub(lambda m: ids.setdefault(m.group(), f"<id{len(ids)}>"), text)
    text = _HEX.sub("<hash>", _TIME.sub("<time>", text))
    result: dict[str, Any] = json.loads(text)
    return result


async def _get(http: AsyncClient, who: Person, path: str, **params: Any) -> Any:
    answer = await http.get(path, params=params, headers=who.auth)
    if answer.headers.get("content-type", "").startswith("application/x-ndjson"):
        body = ndjson.view(answer.content)
        body.pop("exported_at"), body.pop("records"), body["trailer"].pop("counts")
    else:
        body = answer.json() if answer.content else None
    return {"status": answer.status_code, "etag": answer.headers.get("etag"), "body": body}


async def _post(http: AsyncClient, who: Person, path: str) -> Any:
    answer = await http.post(path, headers=who.auth)
    return {"status": answer.status_code, "body": answer.json() if answer.content else None}


async def reading(http: AsyncClient, t: Table, viewer: str, rid: str) -> dict[str, Any]:
    """Everything ``viewer`` can read of the table, and the answers of their follow-ups."""
    v, cid = t.who(viewer), t.cid
    seen: dict[str, Any] = {
        "character": await _get(http, v, f"/characters/{t.pc}"),
        "characters": await _get(http, v, f"/campaigns/{cid}/characters"),
        "roll": await _get(http, v, f"/rolls/{rid}"),
        "log": await _get(http, v, f"/campaigns/{cid}/rolls"),
        "log of the character": await _get(http, v, f"/campaigns/{cid}/rolls", character_id=t.pc),
        "events": await _get(http, v, f"/campaigns/{cid}/events"),
        "audit": await _get(http, v, f"/campaigns/{cid}/audit"),
        "fairness": await _get(http, v, f"/campaigns/{cid}/fairness"),
        "export": await _get(http, v, f"/campaigns/{cid}/export"),
    }
    # Follow-ups: acting on the roll, and (its owner) editing the character.
    seen["reveal"] = await _post(http, v, f"/rolls/{rid}/reveal")
    seen["choice"] = await _post(http, v, f"/rolls/{rid}/finalize")
    if viewer == "player":
        etag = seen["character"]["etag"]
        edit = await http.patch(
            f"/characters/{t.pc}", json={"name": "Renamed"}, headers={**v.auth, "If-Match": etag}
        )
        seen["edit"] = {"status": edit.status_code, "body": edit.json()}
        seen["events after the edit"] = await _get(http, v, f"/campaigns/{cid}/events")
    return seen


async def played(
    scripted: Scripted, case: Case, faces: tuple[int, ...]
) -> tuple[Table, dict[str, Any]]:
    """A table where ``case``'s hidden roll shows ``faces``, between two public rolls."""
    http = scripted.http
    t = await table(http, case.ruleset)
    scripted.faces(3, *faces, 4)
    await roll(http, t.st, t.cid, kind="formula", formula="1d6")
    body = {**case.body, "character_id": t.pc, "visibility": case.visibility}
    posted = await roll(http, t.who(case.roller), t.cid, **body)
    await roll(http, t.st, t.cid, kind="formula", formula="1d6")
    return t, posted


def differences(a: Any, b: Any, path: str = "") -> list[str]:
    """Where two normalised readings differ, as paths."""
    if isinstance(a, dict) and isinstance(b, dict):
        found = []
        for key in sorted(a.keys() | b.keys()):
            found += differences(a.get(key), b.get(key), f"{path}/{key}")
        return found
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [
            d
            for i, (x, y) in enumerate(zip(a, b, strict=True))
            for d in differences(x, y, f"{path}[{i}]")
        ]
    return [] if a == b else [path]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
async def test_a_hidden_outcome_with_sheet_effects_reads_like_one_without(
    scripted: Scripted, case: Case
) -> None:
    """The rule for every hidden roll: for a viewer it is hidden from, every read path and
    every follow-up answers the same whether the outcome changed the sheet or not."""
    marked, marked_post = await played(scripted, case, case.with_effect)
    plain, plain_post = await played(scripted, case, case.without)
    # Who may read the roll reads its effect at once, at the same version.
    reader = "player" if case.visibility == "private" else "st"
    if case.ruleset != "3d6":
        sheets = []
        for t in (marked, plain):
            read = await scripted.http.get(f"/characters/{t.pc}", headers=t.who(reader).auth)
            assert expect(read, 200)["version"] == 1
            sheets.append(read.json()["sheet"])
        assert sheets[0] != sheets[1]
    leaks: list[str] = []
    for viewer in case.blind_to:
        a = await reading(scripted.http, marked, viewer, marked_post["id"])
        b = await reading(scripted.http, plain, viewer, plain_post["id"])
        if viewer == case.roller:
            a["answer"], b["answer"] = marked_post, plain_post
        found = differences(normalised(a, marked), normalised(b, plain))
        leaks += [f"{viewer}: {d}" for d in found]
    assert leaks == [], f"{len(leaks)} leaks: {leaks}"
