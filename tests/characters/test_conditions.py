"""d20 conditions: a failed save applies one, only a storyteller lifts it."""

from __future__ import annotations

from tests.conftest import Scripted
from tests.exchange import ndjson
from tests.service.table import SHEET_D20, SHEET_MATRIX, campaign, character, expect, join, register


async def test_a_failed_save_applies_a_condition_and_the_storyteller_lifts_it(
    scripted: Scripted,
) -> None:
    http = scripted.http
    st = await register(http, "teller")
    player = await register(http, "player")
    cid = (await campaign(http, st, "d20"))["id"]
    await join(http, st, cid, player)
    pc = await character(http, player, cid, SHEET_D20)
    save = {
        "kind": "save", "character_id": pc["id"], "trait": "con", "condition": "Poisoned",
    }  # fmt: skip
    scripted.faces(2)
    rolled = expect(await http.post(f"/campaigns/{cid}/rolls", json=save, headers=st.auth), 201)
    assert rolled["result"]["condition_applied"] is True
    poisoned = expect(await http.get(f"/characters/{pc['id']}", headers=player.auth), 200)
    assert poisoned["sheet"]["conditions"] == ["Poisoned"]
    assert poisoned["version"] == pc["version"] + 1

    path = f"/characters/{pc['id']}/conditions/poisoned"  # compared without regard to case
    refused = await http.delete(path, headers=player.auth)
    assert refused.status_code == 403
    lifted = expect(await http.delete(path, headers=st.auth), 200)
    assert lifted["sheet"]["conditions"] == []
    assert lifted["version"] == poisoned["version"] + 1

    gone = await http.delete(path, headers=st.auth)
    assert gone.status_code == 404
    assert "poisoned" in gone.json()["detail"]
    exported = ndjson.view((await http.get(f"/campaigns/{cid}/export", headers=st.auth)).content)
    events = [e for e in exported["events"] if e["type"] != "fairness.rotated"]  # the export's
    types = [e["type"] for e in events]
    assert types[-3:] == ["roll.created", "character.updated", "character.updated"]
    assert events[-1]["data"]["sheet"]["conditions"] == []


async def test_conditions_are_lifted_only_in_d20_campaigns(scripted: Scripted) -> None:
    http = scripted.http
    st = await register(http, "teller")
    stranger = await register(http, "stranger")
    cid = (await campaign(http, st, "matrix"))["id"]
    npc = await character(http, st, cid, SHEET_MATRIX, npc=True)
    path = f"/characters/{npc['id']}/conditions/poisoned"
    assert (await http.delete(path, headers=st.auth)).status_code == 422
    assert (await http.delete(path, headers=stranger.auth)).status_code == 404
