"""An import cannot rewrite history: it recomputes every link, salt and die of the document
with the verifier, so an edited die is refused even when every hash after it was recomputed
(the seeds are revealed in an export, so anyone can recompute the salts), and so is a chain
head that is not the chain's. It seats only the importer."""

from __future__ import annotations

import copy
from typing import Any

from httpx import AsyncClient

from app.rules.chain import GENESIS, chain_record, link_hash, link_salt
from tests.exchange import ndjson
from tests.exchange.granted import granted
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


async def _exported(client: AsyncClient) -> tuple[Person, Person, str, list[dict[str, Any]]]:
    st = await register(client, "teller")
    player = await register(client, "player")
    cid = (await campaign(client, st, "matrix"))["id"]
    await join(client, st, cid, player)
    pc = await character(client, player, cid, SHEET_MATRIX, name="Ficelle")
    for trait in ("agility", "faith", "memory"):
        await roll(client, player, cid, kind="test", character_id=pc["id"], trait=trait)
    await roll(client, st, cid, kind="formula", formula="1d20")
    exported = ndjson.records(
        expect_ok(await client.get(f"/campaigns/{cid}/export", headers=st.auth))
    )
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    return st, player, cid, exported


def expect_ok(response: Any) -> bytes:
    assert response.status_code == 200, response.text
    content: bytes = response.content
    return content


async def _post(client: AsyncClient, person: Person, found: list[dict[str, Any]]) -> Any:
    headers = {**person.auth, "Content-Type": "application/x-ndjson"}
    return await client.post("/campaigns/import", content=ndjson.dump(found), headers=headers)


def _salter(fairness: dict[str, Any], seq: int) -> dict[str, Any]:
    seeds = [s for s in fairness["seeds"] if s["links_from"] is not None]
    return max((s for s in seeds if s["links_from"] <= seq), key=lambda s: s["links_from"])


def _relinked(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What a forger does after an edit: every link recomputed, with the salts of the
    revealed seeds, and the rolls and the chain head made to agree."""
    fairness = found[0]["fairness"]
    cid = found[0]["campaign"]["id"]
    prev, latest = GENESIS, {}
    for event in found:
        if event["t"] != "event" or not event["type"].startswith("roll.") or not event["hash"]:
            continue
        seq = event["seq"]
        secret = bytes.fromhex(_salter(fairness, seq)["server_seed"])
        record = chain_record(event["data"], seq)
        event["prev_hash"] = prev
        event["hash"] = link_hash(prev, record, link_salt(secret, cid, seq))
        latest[event["data"]["id"]] = (event["prev_hash"], event["hash"])
        prev = event["hash"]
    for record in found:
        if record["t"] == "roll":
            record["prev_hash"], record["hash"] = latest[record["id"]]
    fairness["chain_head"] = found[-1]["chain_head"] = prev
    return found


def _with_die(found: list[dict[str, Any]], roll_id: str, face: int) -> list[dict[str, Any]]:
    forged = copy.deepcopy(found)
    shown = [r for r in forged if r["t"] == "roll" and r["id"] == roll_id]
    shown += [e["data"] for e in forged if e["t"] == "event" and e["data"].get("id") == roll_id]
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
    target = ndjson.of(exported, "roll")[1]
    face = target["dice"][0]["value"]
    forged = _with_die(exported, target["id"], 20 if face != 20 else 18)
    assert ndjson.check(_relinked(copy.deepcopy(exported))).ok  # relinking changes nothing
    report = ndjson.check(forged)
    assert not report.ok and report.failure is not None
    assert report.failure.roll_id == target["id"]  # the chain holds; the die does not
    refused = await _post(client, st, forged)
    assert refused.status_code == 422, refused.text
    detail = refused.json()["detail"]
    assert target["id"] in detail and f"seq {target['seq']}" in detail
    assert (await client.get(f"/campaigns/{cid}", headers=st.auth)).status_code == 404
    # The untouched document still imports.
    expect(await _post(client, st, exported), 201)


async def test_a_time_spelled_otherwise_is_refused_for_its_link_would_not_verify_once_stored(
    client: AsyncClient,
) -> None:
    """A roll's times are chained as spelled, and stored as times: spelled otherwise than
    the server spells them, the relinked file verifies, but once stored, its export would
    not. So the import refuses it, naming the line and the field; and a roll request's."""
    st, _, cid, exported = await _exported(client)
    target = ndjson.of(exported, "roll")[0]
    forged = copy.deepcopy(exported)
    for record in forged:
        shown = record if record["t"] == "roll" else record.get("data") or {}
        if shown.get("id") == target["id"]:
            shown["created_at"] = shown["created_at"].replace("Z", "+00:00")
    forged = _relinked(forged)
    assert ndjson.check(forged).ok
    refused = await _post(client, st, forged)
    assert refused.status_code == 422, refused.text
    line = next(n for n, r in enumerate(forged, 1) if r["t"] == "roll")
    assert refused.json()["detail"].startswith(f"line {line}: roll {target['id']}: created_at ")
    assert "is not spelled as this server spells it" in refused.json()["detail"]
    assert (await client.get(f"/campaigns/{cid}", headers=st.auth)).status_code == 404

    st2 = await register(client, "asker")
    cid2 = (await campaign(client, st2, "matrix"))["id"]
    pc = await character(client, st2, cid2, SHEET_MATRIX, name="Pelote", npc=True)
    asked = {"kind": "test", "trait": "faith", "character_ids": [pc["id"]],
             "expires_in": 600}  # fmt: skip
    path = f"/campaigns/{cid2}/roll-requests"
    expect(await client.post(path, json=asked, headers=st2.auth), 201)
    found = ndjson.records(
        expect_ok(await client.get(f"/campaigns/{cid2}/export", headers=st2.auth))
    )
    expect(await client.delete(f"/campaigns/{cid2}", headers=st2.auth), 204)
    [request] = [r for r in found if r["t"] == "roll_request"]
    request["expires_at"] = request["expires_at"].replace("Z", "+00:00")
    refused = await _post(client, st2, found)
    assert refused.status_code == 422, refused.text
    assert "expires_at" in refused.json()["detail"], refused.text


async def test_a_forged_chain_head_is_refused(client: AsyncClient) -> None:
    st, _, cid, exported = await _exported(client)
    forged = copy.deepcopy(exported)
    last = next(e for e in reversed(forged) if e["t"] == "event" and e["hash"] is not None)
    last["hash"] = forged[0]["fairness"]["chain_head"] = forged[-1]["chain_head"] = "ab" * 32
    next(r for r in forged if r["t"] == "roll" and r["id"] == last["data"]["id"])["hash"] = (
        "ab" * 32
    )
    refused = await _post(client, st, forged)
    assert refused.status_code == 422, refused.text
    assert "does not hash to its link" in refused.json()["detail"]
    head_only = copy.deepcopy(exported)
    first_link = next(e for e in exported if e["t"] == "event" and e["hash"])["hash"]
    head_only[0]["fairness"]["chain_head"] = head_only[-1]["chain_head"] = first_link
    refused = await _post(client, st, head_only)
    assert refused.status_code == 422, refused.text
    assert (await client.get(f"/campaigns/{cid}", headers=st.auth)).status_code == 404


async def test_a_link_under_a_seed_the_document_keeps_secret_is_refused(
    client: AsyncClient,
) -> None:
    st, _, _, exported = await _exported(client)
    hidden = copy.deepcopy(exported)
    first_seq = next(e for e in hidden if e["t"] == "event" and e["hash"])["seq"]
    seed = _salter(hidden[0]["fairness"], first_seq)
    seed["server_seed"] = None
    refused = await _post(client, st, hidden)
    assert refused.status_code == 422, refused.text
    assert f"seed {seed['number']}, which the file does not reveal" in refused.json()["detail"]


async def test_an_import_seats_only_the_importer(client: AsyncClient) -> None:
    st, player, cid, exported = await _exported(client)
    importer = await register(client, "importer")
    created = expect(await _post(client, importer, exported), 201)
    assert created["members"] == 1 and created["mapped_to_you"] == []
    assert {(p["username"], p["role"]) for p in created["placeholders"]} == {
        (st.username, "storyteller"), (player.username, "player"),
    }  # fmt: skip
    members = expect(await client.get(f"/campaigns/{cid}/members", headers=importer.auth), 200)
    assert [(m["user_id"], m["role"]) for m in members] == [(importer.id, "storyteller")]
    for placeholder in (st, player):  # known here, but seated nowhere until invited again
        assert (await client.get(f"/campaigns/{cid}", headers=placeholder.auth)).status_code == 404
    again = ndjson.records(
        expect_ok(await client.get(f"/campaigns/{cid}/export", headers=importer.auth))
    )
    assert [c["owner_id"] for c in ndjson.of(again, "character")] == [player.id]  # its owner's
    report = ndjson.check(again)
    assert report.ok, report.failure


async def test_only_a_private_roll_may_travel_without_its_content(client: AsyncClient) -> None:
    st, _, _, exported = await _exported(client)
    hidden = copy.deepcopy(exported)
    event = next(e for e in hidden if e["t"] == "event" and e["type"] == "roll.created")
    event["data"] = {"id": event["data"]["id"], "redacted": True}  # a public roll, emptied
    hidden = [r for r in hidden if r["t"] != "roll" or r["id"] != event["data"]["id"]]
    refused = await _post(client, st, hidden)
    assert refused.status_code == 422, refused.text
    assert "only a private roll travels as a stub" in refused.json()["detail"]


async def test_forged_grant_lines_are_refused_naming_their_line(client: AsyncClient) -> None:
    t = await granted(client)
    exported = ndjson.records(
        expect_ok(await client.get(f"/campaigns/{t.cid}/export", headers=t.st.auth))
    )
    expect(await client.delete(f"/campaigns/{t.cid}", headers=t.st.auth), 204)
    where = {r["name"]: i for i, r in enumerate(exported) if r["t"] == "grant"}
    rope, later, rex = where["the rope trick"], where["for later"], where[None]
    someone = "01nosuchthing0000000000000"

    def forged(index: int, **change: Any) -> list[dict[str, Any]]:
        found = copy.deepcopy(exported)
        found[index].update(change)
        return found

    used = {"status": "used", "roll_id": t.used["the rope trick"],
            "used_at": exported[rope]["used_at"]}  # fmt: skip
    twice = copy.deepcopy(exported)
    twice.insert(len(twice) - 1, twice[later])
    dropped = [r for i, r in enumerate(exported) if i != later]
    early = copy.deepcopy(exported)
    early.insert(rope - 1, early.pop(later))  # before the task, which then is at ``rope``
    cases = [
        (forged(later, character_id=someone), later, "which is not in the file"),
        (forged(rope, roll_id=someone), rope, f"used by roll {someone}, which is not in"),
        (forged(later, roll_id=t.used["the rope trick"]), later, "is open, yet names the roll"),
        (forged(later, used_at=exported[rope]["used_at"]), later, "is open, yet names the roll"),
        (forged(rope, roll_id=None), rope, "is used, yet names no roll"),
        (forged(rex, **used), rex, "which is another character's"),
        (forged(rope, campaign_id=someone), rope, "belongs to another campaign"),
        (forged(rope, status="spent"), rope, "status: Input should be 'open' or 'used'"),
        (forged(rope, surprise=1), rope, "surprise: Extra inputs are not permitted"),
        (twice, len(twice) - 2, f"grant {exported[later]['id']} is given twice"),
        (dropped, len(dropped) - 1, "the trailer counts 4 grants, the file holds 3"),
        (early, rope, "a task record after the records that follow it"),
    ]
    for found, index, why in cases:
        refused = await _post(client, t.st, found)
        assert refused.status_code == 422, refused.text
        detail = refused.json()["detail"]
        assert detail.startswith(f"line {index + 1}: ") and why in detail, (detail, why)
        assert (await client.get(f"/campaigns/{t.cid}", headers=t.st.auth)).status_code == 404
    # A grant has no place in another ruleset's campaign.
    st, _, cid, matrix = await _exported(client)
    pc = ndjson.of(matrix, "character")[0]["id"]
    stray = {**exported[later], "campaign_id": cid, "character_id": pc}
    refused = await _post(client, st, [*matrix[:-1], stray, matrix[-1]])
    assert refused.status_code == 422, refused.text
    assert refused.json()["detail"] == f"line {len(matrix)}: only a 3d6 campaign has grants"
    # The untouched file imports, its grants as they were.
    expect(await _post(client, t.st, exported), 201)
    assert [g["id"] for g in await t.open_grants(t.pelote)] == [exported[later]["id"]]
