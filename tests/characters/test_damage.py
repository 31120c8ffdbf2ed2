"""Matrix damage over HTTP: the hit, the checks it triggers (ordinary rolls of the log),
the sheet it leaves, and every step that is refused."""

from __future__ import annotations

from typing import Any

from httpx import AsyncClient

from tests.conftest import Scripted
from tests.exchange import ndjson
from tests.service.table import (
    SHEET_3D6,
    SHEET_MATRIX,
    Person,
    campaign,
    character,
    expect,
    join,
    register,
)


def _sheet(**counters: int) -> dict[str, Any]:
    return {**SHEET_MATRIX, "counters": counters}


async def _hit(
    http: AsyncClient, who: Person, character_id: str, status: int = 200, **body: Any
) -> Any:
    body.setdefault("type", "physical")
    response = await http.post(f"/characters/{character_id}/damage", json=body, headers=who.auth)
    return expect(response, status)


async def _log(http: AsyncClient, who: Person, cid: str) -> list[dict[str, Any]]:
    page = expect(await http.get(f"/campaigns/{cid}/rolls", headers=who.auth), 200)
    return list(reversed(page["items"]))


async def _table(http: AsyncClient, **settings: Any) -> tuple[Person, Person, str]:
    st = await register(http, "teller")
    player = await register(http, "player")
    cid = (await campaign(http, st, "matrix", settings or None))["id"]
    await join(http, st, cid, player)
    return st, player, cid


async def test_a_hit_crossing_two_multiples_of_ten_rolls_one_check_for_each(
    scripted: Scripted,
) -> None:
    http = scripted.http
    st, player, cid = await _table(http)
    pc = await character(http, st, cid, _sheet(mortality=8, fatigue=8), owner_id=player.id)
    # 1d20 of mortality shows 14: mortality 22 and fatigue 22, each past 10 and 20.
    scripted.faces(14, 1, 1, 1, 1)
    hit = await _hit(http, st, pc["id"], formula="1d20+0")
    assert hit["dice"] == [{"sides": 20, "value": 14, "history": []}]
    assert (hit["mortality"], hit["fatigue"], hit["madness"]) == (14, 14, 0)
    steps = [(c["result"]["counter"], c["result"]["threshold"]) for c in hit["checks"]]
    assert steps == [("mortality", 10), ("mortality", 20), ("fatigue", 10), ("fatigue", 20)]
    assert [c["result"]["trait"] for c in hit["checks"]] == ["endurance"] * 2 + ["morale"] * 2
    # Stats from the new effective rows: body 6 - 4 = 2, soul 4 - 4 = 0.
    assert [c["result"]["stat"] for c in hit["checks"]] == [9, 9, 7, 7]
    assert all(c["result"]["state_set"] is None for c in hit["checks"])
    assert hit["character"]["sheet"]["counters"] == {"fatigue": 22, "mortality": 22, "madness": 0}
    assert hit["character"]["version"] == pc["version"] + 1
    assert scripted.faces_left == 0

    log = await _log(http, player, cid)
    assert [r["kind"] for r in log] == ["damage", "test", "test", "test", "test"]
    assert log[0]["id"] == hit["roll"]["id"]
    assert all(r["user_id"] == st.id and r["character_id"] == pc["id"] for r in log)
    assert [r["id"] for r in log[1:]] == [c["id"] for c in hit["checks"]]
    # Each check drew from a nonce of its own, right after the damage draw.
    nonces = [draw["nonce"] for r in log for draw in r["proof"]]
    assert nonces == list(range(nonces[0], nonces[0] + 5))


async def test_a_death_stops_every_later_check(scripted: Scripted) -> None:
    http = scripted.http
    st, player, cid = await _table(http)
    pc = await character(http, st, cid, _sheet(mortality=8, fatigue=8), owner_id=player.id)
    # docs/rules.md's example: 3 and 2 → mortality 11, fatigue 13; endurance 4 + 7 = 11,
    # face 17 fails: dead, and the morale check is never rolled.
    scripted.faces(3, 2, 17, 1)
    hit = await _hit(http, st, pc["id"], formula="1d6+1d6")
    assert [d["value"] for d in hit["dice"]] == [3, 2]
    assert (hit["mortality"], hit["fatigue"]) == (3, 5)
    [check] = hit["checks"]
    assert check["result"] | {} == {
        "stat": 11, "face": 17, "success": False, "margin": 6, "below_difficulty": False,
        "shortfall": None, "difficulty": 0, "trait": "endurance", "counter": "mortality",
        "threshold": 10, "state_set": "dead",
    }  # fmt: skip
    assert hit["character"]["sheet"]["states"] == {
        "unconscious": False, "dead": True, "panicked": False,
    }  # fmt: skip
    assert scripted.faces_left == 1  # the 1 meant for a morale check stayed unrolled

    # A dead character's counters still rise, but no check is rolled any more.
    scripted.faces()
    again = await _hit(http, st, pc["id"], formula="10+0")
    assert again["checks"] == []
    assert again["character"]["sheet"]["counters"]["mortality"] == 21


async def test_madness_past_ten_panics_and_a_successful_faith_roll_ends_it(
    scripted: Scripted,
) -> None:
    http = scripted.http
    st, player, cid = await _table(http)
    pc = await character(http, st, cid, _sheet(madness=9), owner_id=player.id)
    scripted.faces(2, 20)  # 1d4 shows 2 → madness 11; concentration check fails on 20
    hit = await _hit(http, st, pc["id"], type="mental", formula="1d4")
    assert hit["madness"] == 2
    assert hit["checks"][0]["result"]["state_set"] == "panicked"
    assert hit["character"]["sheet"]["states"]["panicked"] is True

    roll = {"kind": "test", "character_id": pc["id"], "trait": "faith"}
    scripted.faces(18)  # faith 4 + 9 = 13: a failure leaves the panic
    expect(await http.post(f"/campaigns/{cid}/rolls", json=roll, headers=player.auth), 201)
    sheet = expect(await http.get(f"/characters/{pc['id']}", headers=player.auth), 200)
    assert sheet["sheet"]["states"]["panicked"] is True

    scripted.faces(5)
    expect(await http.post(f"/campaigns/{cid}/rolls", json=roll, headers=player.auth), 201)
    calm = expect(await http.get(f"/characters/{pc['id']}", headers=player.auth), 200)
    assert calm["sheet"]["states"]["panicked"] is False
    assert calm["version"] == sheet["version"] + 1
    exported = ndjson.view((await http.get(f"/campaigns/{cid}/export", headers=st.auth)).content)
    last = [e for e in exported["events"] if e["type"] != "fairness.rotated"][-1]  # the export's
    assert last["type"] == "character.updated"
    assert last["data"]["sheet"]["states"]["panicked"] is False


async def test_npcs_take_physical_damage_as_fatigue_only_when_the_campaign_says_so(
    scripted: Scripted,
) -> None:
    http = scripted.http
    st, player, cid = await _table(http, npc_fatigue_only=True)
    npc = await character(http, st, cid, SHEET_MATRIX, npc=True, name="Rat")
    pc = await character(http, player, cid, SHEET_MATRIX)
    scripted.faces()
    to_npc = await _hit(http, st, npc["id"], formula="3+2")
    assert (to_npc["mortality"], to_npc["fatigue"]) == (0, 5)
    assert to_npc["character"]["sheet"]["counters"] == {"fatigue": 5, "mortality": 0, "madness": 0}
    to_pc = await _hit(http, st, pc["id"], formula="3+2")
    assert (to_pc["mortality"], to_pc["fatigue"]) == (3, 5)
    mental = await _hit(http, st, npc["id"], type="mental", formula="4")
    assert mental["character"]["sheet"]["counters"]["madness"] == 4


async def test_a_retried_hit_with_the_same_key_answers_the_same_and_rolls_nothing(
    scripted: Scripted,
) -> None:
    http = scripted.http
    st, _, cid = await _table(http)
    npc = await character(http, st, cid, SHEET_MATRIX, npc=True)
    headers = {**st.auth, "Idempotency-Key": "hit-1"}
    body = {"type": "physical", "formula": "1d6+0"}
    scripted.faces(4)
    first = await http.post(f"/characters/{npc['id']}/damage", json=body, headers=headers)
    second = await http.post(f"/characters/{npc['id']}/damage", json=body, headers=headers)
    assert first.status_code == second.status_code == 200
    assert first.content == second.content
    assert len(await _log(http, st, cid)) == 1


async def test_illegal_hits_are_refused_and_change_nothing(scripted: Scripted) -> None:
    http = scripted.http
    st, player, cid = await _table(http)
    stranger = await register(http, "stranger")
    pc = await character(http, player, cid, SHEET_MATRIX)
    scripted.faces(1, 1, 1)
    await _hit(http, player, pc["id"], 403, formula="1d6+1")
    await _hit(http, stranger, pc["id"], 404, formula="1d6+1")
    await _hit(http, st, "01jd0000000000000000000000", 404, formula="1d6+1")
    bad = await _hit(http, st, pc["id"], 422, formula="1d6+x")
    assert "position 4" in bad["detail"]
    mental = await _hit(http, st, pc["id"], 422, type="mental", formula="1d6+1")
    assert "position 3" in mental["detail"]
    await _hit(http, st, pc["id"], 422, type="fire", formula="1d6")
    await _hit(http, st, pc["id"], 422, formula="1d6+1", extra=True)

    other = (await campaign(http, st, "3d6"))["id"]
    kitten = await character(http, st, other, SHEET_3D6)
    wrong = await _hit(http, st, kitten["id"], 422, formula="1d6+1")
    assert "matrix" in wrong["detail"]

    assert await _log(http, st, cid) == []
    unchanged = expect(await http.get(f"/characters/{pc['id']}", headers=st.auth), 200)
    assert unchanged["version"] == pc["version"]
    assert scripted.faces_left == 3
