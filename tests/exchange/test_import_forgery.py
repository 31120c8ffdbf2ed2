"""An import cannot rewrite history: it recomputes every link, salt and die of the document
with the verifier, so an edited die is refused even when every hash after it was recomputed
(the seeds are revealed in an export, so anyone can recompute the salts), and so is a chain
head that is not the chain's. It seats only the importer."""

from __future__ import annotations

import copy
from typing import Any

from httpx import AsyncClient

from app.rules.chain import GENESIS, chain_record, link_hash, link_salt
from app.rules.verify import verify
from tests.service.table import (
    SHEET_MATRIX,
    Person,
    campaign,
    character,
    expect,
    join,
    register,
    roll,
)


async def _exported(client: AsyncClient) -> tuple[Person, Person, str, dict[str, Any]]:
    st = await register(client, "teller")
    player = await register(client, "player")
    cid = (await campaign(client, st, "matrix"))["id"]
    await join(client, st, cid, player)
    pc = await character(client, player, cid, SHEET_MATRIX, name="Ficelle")
    for trait in ("agility", "faith", "memory"):
        await roll(client, player, cid, kind="test", character_id=pc["id"], trait=trait)
    await roll(client, st, cid, kind="formula", formula="1d20")
    exported = expect(await client.get(f"/campaigns/{cid}/export", headers=st.auth), 200)
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    return st, player, cid, exported


def _relinked(doc: dict[str, Any]) -> dict[str, Any]:
    """What a forger does after an edit: every link recomputed, with the salts of the
    revealed seeds, and the rolls, the audit and the chain head made to agree."""
    cid = doc["campaign"]["id"]
    seeds = {s["number"]: s for s in doc["fairness"]["seeds"]}
    salt_seed = {link["seq"]: link["salt_seed"] for link in doc["audit"]}
    prev, latest = GENESIS, {}
    for event in doc["events"]:
        if not event["type"].startswith("roll.") or event["hash"] is None:
            continue
        seq, secret = event["seq"], bytes.fromhex(seeds[salt_seed[event["seq"]]]["server_seed"])
        record = chain_record(event["data"], seq)
        event["prev_hash"], event["hash"] = (
            prev,
            link_hash(prev, record, link_salt(secret, cid, seq)),
        )
        latest[event["data"]["id"]] = (event["prev_hash"], event["hash"])
        for link in doc["audit"]:
            if link["seq"] == seq:
                link.update(prev_hash=event["prev_hash"], hash=event["hash"], record=record)
        prev = event["hash"]
    for found in doc["rolls"]:
        found["prev_hash"], found["hash"] = latest[found["id"]]
    doc["fairness"]["chain_head"] = prev
    return doc


def _with_die(doc: dict[str, Any], roll_id: str, face: int) -> dict[str, Any]:
    forged = copy.deepcopy(doc)
    shown = [r for r in forged["rolls"] if r["id"] == roll_id]
    shown += [e["data"] for e in forged["events"] if e["data"].get("id") == roll_id]
    for values in shown:
        old = values["dice"][0]["value"]
        values["dice"][0]["value"] = face
        values["proof"][0]["rolls"][0]["faces"][0] = face
        for key, value in values["result"].items():
            if value == old:
                values["result"][key] = face
    return _relinked(forged)


async def test_an_edited_die_is_refused_on_import(client: AsyncClient) -> None:
    st, _, cid, exported = await _exported(client)
    target = exported["rolls"][1]
    face = target["dice"][0]["value"]
    forged = _with_die(exported, target["id"], 20 if face != 20 else 18)
    assert verify(_relinked(copy.deepcopy(exported))).ok  # relinking alone changes nothing
    report = verify(forged)
    assert not report.ok and report.failure is not None
    assert report.failure.roll_id == target["id"]  # the chain holds; the die does not
    refused = await client.post("/campaigns/import", json=forged, headers=st.auth)
    assert refused.status_code == 422, refused.text
    detail = refused.json()["detail"]
    assert target["id"] in detail and f"seq {target['seq']}" in detail
    assert (await client.get(f"/campaigns/{cid}", headers=st.auth)).status_code == 404
    # The untouched document still imports.
    expect(await client.post("/campaigns/import", json=exported, headers=st.auth), 201)


async def test_a_forged_chain_head_is_refused(client: AsyncClient) -> None:
    st, _, cid, exported = await _exported(client)
    forged = copy.deepcopy(exported)
    last = next(e for e in reversed(forged["events"]) if e["hash"] is not None)
    last["hash"] = forged["fairness"]["chain_head"] = "ab" * 32
    next(r for r in forged["rolls"] if r["id"] == last["data"]["id"])["hash"] = "ab" * 32
    refused = await client.post("/campaigns/import", json=forged, headers=st.auth)
    assert refused.status_code == 422, refused.text
    assert "does not hash to its link" in refused.json()["detail"]
    head_only = copy.deepcopy(exported)
    head_only["fairness"]["chain_head"] = exported["audit"][0]["hash"]
    refused = await client.post("/campaigns/import", json=head_only, headers=st.auth)
    assert refused.status_code == 422, refused.text
    assert (await client.get(f"/campaigns/{cid}", headers=st.auth)).status_code == 404


async def test_a_link_under_a_seed_the_document_keeps_secret_is_refused(
    client: AsyncClient,
) -> None:
    st, _, _, exported = await _exported(client)
    hidden = copy.deepcopy(exported)
    salted_by = hidden["audit"][0]["salt_seed"]
    seed = next(s for s in hidden["fairness"]["seeds"] if s["number"] == salted_by)
    seed["server_seed"] = None
    refused = await client.post("/campaigns/import", json=hidden, headers=st.auth)
    assert refused.status_code == 422, refused.text
    assert f"seed {salted_by}, which the document does not reveal" in refused.json()["detail"]


async def test_an_import_seats_only_the_importer(client: AsyncClient) -> None:
    st, player, cid, exported = await _exported(client)
    importer = await register(client, "importer")
    created = expect(
        await client.post("/campaigns/import", json=exported, headers=importer.auth), 201
    )
    assert created["members"] == 1 and created["mapped_to_you"] == []
    assert {(p["username"], p["role"]) for p in created["placeholders"]} == {
        (st.username, "storyteller"), (player.username, "player"),
    }  # fmt: skip
    members = expect(await client.get(f"/campaigns/{cid}/members", headers=importer.auth), 200)
    assert [(m["user_id"], m["role"]) for m in members] == [(importer.id, "storyteller")]
    for placeholder in (st, player):  # known here, but seated nowhere until invited again
        assert (await client.get(f"/campaigns/{cid}", headers=placeholder.auth)).status_code == 404
    again = expect(await client.get(f"/campaigns/{cid}/export", headers=importer.auth), 200)
    assert [c["owner_id"] for c in again["characters"]] == [player.id]  # kept for its owner
    report = verify(again)
    assert report.ok, report.failure


async def test_only_a_private_roll_may_travel_without_its_content(client: AsyncClient) -> None:
    st, _, _, exported = await _exported(client)
    hidden = copy.deepcopy(exported)
    event = next(e for e in hidden["events"] if e["type"] == "roll.created")
    event["data"] = {"id": event["data"]["id"], "redacted": True}  # a public roll, emptied
    hidden["rolls"] = [r for r in hidden["rolls"] if r["id"] != event["data"]["id"]]
    refused = await client.post("/campaigns/import", json=hidden, headers=st.auth)
    assert refused.status_code == 422, refused.text
    assert "only a private roll travels as a stub" in refused.json()["detail"]
