"""Grants and the table flows that wait travel too: export, import and export again keep
open and used grants (one used by a player's private roll, a redacted link in the file),
a pending group action and a task waiting on its pending roll, which play on after the
import; a deleted character's grants stay behind; a version 2 document may carry them."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from httpx import AsyncClient

from app import cli
from tests.exchange import ndjson
from tests.exchange.granted import STORYTELLER, granted
from tests.exchange.test_export_import import _comparable, _export, _import, verify
from tests.service.table import campaign, character, expect, join, register, roll


async def test_grants_a_pending_group_and_a_pending_task_roll_round_trip(
    client: AsyncClient, tmp_path: Path
) -> None:
    t = await granted(client)
    before = {c: await t.open_grants(c) for c in (t.pelote, t.rex)}
    first = await _export(client, t.st, t.cid)
    found = first["records"]
    kinds = [r["t"] for r in found]
    # The grants come after the table flows, before the trailer, which counts them.
    assert kinds[-5:] == ["grant"] * 4 + ["trailer"] and kinds[-6] == "task"
    assert first["trailer"]["counts"]["grants"] == 4
    by_name = {g["name"]: g for g in first["grants"]}
    assert {n: (g["status"], g["roll_id"]) for n, g in by_name.items()} == {
        "the rope trick": ("used", t.used["the rope trick"]),
        "the lever": ("used", t.used["the lever"]),
        "for later": ("open", None),
        None: ("open", None),
    }
    # The lever went to the player's private roll: a redacted link here, no roll record.
    stub = next(e for e in first["events"] if e["data"].get("id") == t.used["the lever"])
    assert stub["data"]["redacted"] is True
    assert t.used["the lever"] not in {r["id"] for r in first["rolls"]}
    (group,) = first["group_rolls"]
    assert (group["status"], group["data"]["success"]) == ("pending", None)
    (task,) = first["tasks"]  # as stored: the API's ``pending_roll`` is ``data.pending``
    assert task["data"]["pending"]["roll_id"] == t.task_roll
    report = verify(first)
    assert report.ok, report.failure
    path = tmp_path / "campaign.ndjson"
    path.write_bytes(ndjson.dump(found))
    assert cli.main(["verify", str(path)]) == 0

    expect(await client.delete(f"/campaigns/{t.cid}", headers=t.st.auth), 204)
    expect(await _import(client, t.st, first), 201)
    assert {c: await t.open_grants(c) for c in (t.pelote, t.rex)} == before
    second = await _export(client, t.st, t.cid)
    assert second["grants"] == first["grants"]
    assert json.dumps(_comparable(second), sort_keys=True) == json.dumps(
        _comparable(first), sort_keys=True
    )
    assert verify(second).ok

    # It plays on: the player, invited again, decides the rolls the group and the task
    # wait on, and cites the grant still open.
    await join(client, t.st, t.cid, t.player)
    await t.post(t.player, f"/rolls/{t.group_roll}/finalize", status=200)
    judged = await t.get(t.player, f"/group-rolls/{t.group_id}")
    assert judged["status"] in ("succeeded", "failed") and judged["success"] is not None
    await t.post(t.player, f"/rolls/{t.task_roll}/finalize", status=200)
    counted = await t.get(t.player, f"/tasks/{t.task_id}")
    assert counted["pending_roll"] is None and counted["progress"]["rolls"] == 1
    later = await roll(client, t.player, t.cid, kind="test", character_id=t.pelote,
                       trait="strong", rerolls=[{**STORYTELLER, "name": "for later"}])  # fmt: skip
    assert await t.open_grants(t.pelote) == []
    third = await _export(client, t.st, t.cid)
    used = next(g for g in third["grants"] if g["name"] == "for later")
    assert (used["status"], used["roll_id"]) == ("used", later["id"])
    assert third["group_rolls"][0]["status"] == judged["status"]
    assert verify(third).ok


async def test_a_deleted_characters_grants_stay_behind_and_the_rest_imports(
    client: AsyncClient,
) -> None:
    """A deleted character's grants are read by no one (their history stays in their
    events); an import refuses a grant of a character not in the file, so they do not
    travel and the export imports."""
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    dog = {"qualities": {"strong": 5, "clever": 1}}
    rex = (await character(client, st, cid, dog, name="Rex", npc=True))["id"]
    mimi = (await character(client, st, cid, dog, name="Mimi", npc=True))["id"]
    ids = []
    for character_id in (mimi, mimi, rex):
        path = f"/characters/{character_id}/grants"
        ids.append(expect(await client.post(path, json={}, headers=st.auth), 201)["granted"]["id"])
    await roll(client, st, cid, kind="test", character_id=mimi, trait="strong",
               rerolls=[{**STORYTELLER, "grant_id": ids[0]}])  # fmt: skip
    expect(await client.delete(f"/characters/{mimi}", headers=st.auth), 204)
    first = await _export(client, st, cid)
    assert [g["id"] for g in first["grants"]] == [ids[2]]
    assert first["trailer"]["counts"]["grants"] == 1
    told = [e["data"]["id"] for e in first["events"] if e["type"].startswith("grant.")]
    assert told == [*ids, ids[0]]  # created three times, used once: the log keeps it all
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    expect(await _import(client, st, first), 201)
    assert (await _export(client, st, cid))["grants"] == first["grants"]


async def test_a_version_2_document_carries_grants_and_a_pending_group(
    client: AsyncClient,
) -> None:
    t = await granted(client)
    exported = await _export(client, t.st, t.cid)
    expect(await client.delete(f"/campaigns/{t.cid}", headers=t.st.auth), 204)
    document = {
        "format": "fairtable-campaign", "version": 2, "audit": [],
        **{k: exported[k] for k in ("exported_at", "campaign", "fairness", "members",
                                   "characters", "rolls", "events", "contests",
                                   "group_rolls", "tasks", "grants")},
    }  # fmt: skip
    forged = copy.deepcopy(document)
    forged["grants"][2]["roll_id"] = t.used["the rope trick"]  # "for later", open
    refused = await client.post("/campaigns/import", json=forged, headers=t.st.auth)
    assert refused.status_code == 422, refused.text
    assert refused.json()["detail"].startswith("grants.2: grant ")
    assert "is open, yet names the roll" in refused.json()["detail"]
    created = await client.post("/campaigns/import", json=document, headers=t.st.auth)
    assert created.status_code == 201, created.text
    again = await _export(client, t.st, t.cid)
    assert again["grants"] == exported["grants"] and verify(again).ok
    assert again["group_rolls"] == exported["group_rolls"]
