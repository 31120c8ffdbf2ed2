"""Roll requests in the hash chain and in the export: each creation and cancellation is a
link, each answer a roll linking to its request; an export carries every request after its
latest link, an import takes it back verified, and a tampered request is refused."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from app import cli
from app.rules.verify import verify
from tests.exchange import ndjson
from tests.roll_requests.conftest import Table, TableOf
from tests.service.table import db_run

SAVE = {"kind": "save", "trait": "wis", "difficulty": 14, "condition": "frightened"}


async def _played(t: Table) -> dict[str, str]:
    """A public request two answer and one is cancelled for; a blind one answered; a
    hidden one left open."""
    public = await t.ask(t.mara, t.bob, t.npc, **SAVE, expires_in="PT1H")
    await t.answer(t.player, public["id"], t.mara)
    await t.answer(t.storyteller, public["id"], t.npc)
    await t.post(t.storyteller, f"/roll-requests/{public['id']}/cancel", status=200)
    blind = await t.ask(t.mara, kind="test", trait="dex", advantage=True, visibility="blind")
    await t.answer(t.player, blind["id"], t.mara)
    waiting = await t.ask(t.bob, t.tam, kind="test", trait="cha", visibility="storyteller")
    return {"public": public["id"], "blind": blind["id"], "waiting": waiting["id"]}


async def _export(t: Table) -> bytes:
    answer = await t.http.get(f"/campaigns/{t.cid}/export", headers=t.storyteller.auth)
    assert answer.status_code == 200, answer.text
    return answer.content


async def _import(t: Table, body: bytes, status: int = 201) -> Any:
    headers = {**t.storyteller.auth, "Content-Type": "application/x-ndjson"}
    answer = await t.http.post("/campaigns/import", content=body, headers=headers)
    assert answer.status_code == status, answer.text
    return answer.json()


async def test_requests_are_links_and_their_answers_name_them(table_of: TableOf) -> None:
    t = await table_of("d20")
    made = await _played(t)
    bundle = await t.get(t.storyteller, f"/campaigns/{t.cid}/audit")
    report = verify(bundle)
    assert report.ok, report.summary()
    assert "note: 3 roll requests (links that roll nothing) and 3 answers" in report.summary()
    links = [(link["roll_id"], (link["record"] or {}).get("kind")) for link in bundle["audit"]]
    requests = [roll_id for roll_id, kind in links if kind == "request"]
    assert requests == [made["public"], made["public"], made["blind"], made["waiting"]]
    answers = [link["record"] for link in bundle["audit"] if link["record"]["kind"] != "request"]
    assert [a["result"]["request_id"] for a in answers] == [made["public"]] * 2 + [made["blind"]]
    # A player reads the links of what they may read: the hidden requests' are redacted.
    theirs = await t.get(t.player, f"/campaigns/{t.cid}/audit")
    shown = {link["roll_id"] for link in theirs["audit"] if link["record"] is not None}
    assert made["public"] in shown and not {made["blind"], made["waiting"]} & shown
    assert verify(theirs).ok


async def test_an_export_carries_the_requests_and_an_import_takes_them_back(
    table_of: TableOf, tmp_path: Path
) -> None:
    t = await table_of("d20")
    made = await _played(t)
    before = {name: await t.request(t.storyteller, rid) for name, rid in made.items()}
    first = await _export(t)
    found = ndjson.records(first)
    assert (found[0]["format"], found[0]["version"]) == ("fairtable-campaign", 7)
    lines = ndjson.of(found, "roll_request")
    assert sorted(line["id"] for line in lines) == sorted(made.values())
    assert found[-1]["counts"]["roll_requests"] == 3
    for index, record in enumerate(found):  # each right after its latest link
        if record["t"] == "roll_request":
            assert found[index - 1]["hash"] == record["hash"] == found[index - 1]["data"]["hash"]
    report = ndjson.check(found)
    assert report.ok and report.pending_draws == 0, report.summary()
    path = tmp_path / "campaign.ndjson"
    path.write_bytes(first)
    assert cli.main(["verify", str(path)]) == 0

    await t.post(t.storyteller, f"/campaigns/{t.cid}/rolls", {"kind": "formula", "formula": "1"})
    assert (await t.http.delete(f"/campaigns/{t.cid}", headers=t.storyteller.auth)).is_success
    imported = await _import(t, first)
    assert imported["id"] == t.cid
    for name, request_id in made.items():
        assert await t.request(t.storyteller, request_id) == before[name], name
    # The open request plays on (the storyteller answers for Bob, a placeholder now).
    answered = await t.answer(t.storyteller, made["waiting"], t.bob)
    assert answered["result"]["request_id"] == made["waiting"]
    again = ndjson.records(await _export(t))
    assert ndjson.check(again).ok
    kept = {line["id"]: line for line in ndjson.of(again, "roll_request")}
    assert kept[made["public"]] == next(x for x in lines if x["id"] == made["public"])


def _tampered(found: list[dict[str, Any]], change: Any) -> bytes:
    copied = copy.deepcopy(found)
    change(copied)
    return ndjson.dump(copied)


async def test_an_import_refuses_a_request_changed_after_its_link(table_of: TableOf) -> None:
    t = await table_of("d20")
    made = await _played(t)
    found = ndjson.records(await _export(t))
    assert (await t.http.delete(f"/campaigns/{t.cid}", headers=t.storyteller.auth)).is_success

    def line(records: list[dict[str, Any]], name: str) -> dict[str, Any]:
        return next(r for r in records if r["t"] == "roll_request" and r["id"] == made[name])

    def easier(records: list[dict[str, Any]]) -> None:
        line(records, "public")["terms"]["difficulty"] = 2

    def unanswered(records: list[dict[str, Any]]) -> None:
        target = line(records, "blind")["targets"][0]
        target.update(status="waiting", roll_id=None, at=None)

    def uncancelled(records: list[dict[str, Any]]) -> None:
        for target in line(records, "public")["targets"]:
            if target["status"] == "cancelled":
                target["status"] = "waiting"

    def dropped(records: list[dict[str, Any]]) -> None:
        records.remove(line(records, "waiting"))

    refusals = {
        easier: "the roll request does not match its latest link",
        uncancelled: "the roll request does not match its latest link",
        unanswered: "which its record does not say",
        dropped: "has a link but no roll_request record",
    }
    for change, why in refusals.items():
        refused = await _import(t, _tampered(found, change), 422)
        assert why in refused["detail"], (change.__name__, refused["detail"])
    assert (await t.http.get(f"/campaigns/{t.cid}", headers=t.storyteller.auth)).status_code == 404
    assert (await _import(t, ndjson.dump(found)))["id"] == t.cid  # the untouched file


async def test_the_audit_sees_a_stored_request_changed_behind_its_link(
    table_of: TableOf,
) -> None:
    t = await table_of("d20")
    made = await _played(t)
    assert verify(await t.get(t.storyteller, f"/campaigns/{t.cid}/audit")).ok
    await db_run(t.app, "UPDATE roll_requests SET trait = ? WHERE id = ?", "str", made["waiting"])
    bundle = await t.get(t.storyteller, f"/campaigns/{t.cid}/audit")
    report = verify(bundle)
    assert not report.ok and report.failure is not None
    assert report.failure.roll_id == made["waiting"]
    assert "does not match its latest link" in report.failure.reason
