"""Revealing a hidden roll: who may, what it publishes, and what its effects do until then."""

from __future__ import annotations

from typing import Any

from httpx import AsyncClient

from tests.conftest import Scripted
from tests.exchange import ndjson
from tests.service.table import Person, expect, roll
from tests.service.test_hidden_effects import SAVE, TEST_3D6, Table, table

# str 14 (+2) against 12: a 1 fails and puts "poisoned" on the PC, a 19 saves.
FAIL, SAVED = 1, 19


async def _save(s: Scripted, t: Table, who: Person, visibility: str, face: int) -> Any:
    s.faces(face)
    return await roll(s.http, who, t.cid, **SAVE, character_id=t.pc, visibility=visibility)


async def _character(s: Scripted, t: Table, who: Person) -> Any:
    return expect(await s.http.get(f"/characters/{t.pc}", headers=who.auth), 200)


async def _events(s: Scripted, t: Table, who: Person, after: int = 0) -> list[Any]:
    page = await s.http.get(f"/campaigns/{t.cid}/events", params={"after": after}, headers=who.auth)
    items: list[Any] = expect(page, 200)["items"]
    return items


async def _reveal(s: Scripted, who: Person, rid: str, status: int) -> Any:
    answer = await s.http.post(f"/rolls/{rid}/reveal", headers=who.auth)
    body = expect(answer, status)
    if status >= 400:
        assert answer.headers["content-type"].startswith("application/problem+json")
    return body


async def test_a_failed_blind_save_changes_nothing_a_player_can_read(scripted: Scripted) -> None:
    t = await table(scripted.http, "d20")
    posted = await _save(scripted, t, t.player, "blind", FAIL)
    assert posted["redacted"] and posted["status"] == "hidden" and posted["effects"] == []
    for who in (t.player, t.other, t.spectator):
        pc = await _character(scripted, t, who)
        assert pc["sheet"]["conditions"] == [] and pc["version"] == 1
        assert [e for e in await _events(scripted, t, who) if e["seq"] >= posted["seq"]] == []


async def test_a_hidden_roll_takes_one_seq_whatever_its_outcome(scripted: Scripted) -> None:
    t = await table(scripted.http, "d20")
    seqs = []
    for face in (FAIL, SAVED, FAIL):
        seqs.append((await _save(scripted, t, t.st, "storyteller", face))["seq"])
    assert seqs[1] - seqs[0] == seqs[2] - seqs[1] == 1
    storyteller_events = await _events(scripted, t, t.st, seqs[0] - 1)
    assert [e["type"] for e in storyteller_events] == ["roll.created"] * 3


async def test_the_storyteller_reads_a_held_effect_at_once(scripted: Scripted) -> None:
    t = await table(scripted.http, "d20")
    posted = await _save(scripted, t, t.player, "blind", FAIL)
    pc = await _character(scripted, t, t.st)
    assert pc["sheet"]["conditions"] == ["poisoned"] and pc["version"] == 1
    listed = expect(
        await scripted.http.get(f"/campaigns/{t.cid}/characters", headers=t.st.auth), 200
    )
    assert listed["items"][0]["sheet"]["conditions"] == ["poisoned"]
    # The effect rides in the roll's own event, which only the storyteller gets.
    (event,) = [e for e in await _events(scripted, t, t.st) if e["seq"] == posted["seq"]]
    assert event["data"]["effects"] == [
        {"character_id": t.pc, "change": "add_condition", "condition": "poisoned"}
    ]


async def test_revealing_a_roll_publishes_it_and_its_effects_to_everyone(
    scripted: Scripted,
) -> None:
    t = await table(scripted.http, "d20")
    posted = await _save(scripted, t, t.player, "blind", FAIL)
    revealed = await _reveal(scripted, t.st, posted["id"], 200)
    assert revealed["visibility"] == "public" and revealed["effects"][0]["condition"] == "poisoned"
    for who in (t.player, t.other, t.spectator):
        pc = await _character(scripted, t, who)
        assert pc["sheet"]["conditions"] == ["poisoned"] and pc["version"] == 2
        read = expect(await scripted.http.get(f"/rolls/{posted['id']}", headers=who.auth), 200)
        assert read["redacted"] is False and read["result"]["condition_applied"] is True
        events = [e for e in await _events(scripted, t, who) if e["seq"] > posted["seq"]]
        assert [e["type"] for e in events] == ["roll.updated", "character.updated"]
        assert events[1]["data"]["sheet"]["conditions"] == ["poisoned"]
    await _reveal(scripted, t.st, posted["id"], 409)  # public already
    await _reveal(scripted, t.player, posted["id"], 403)  # and never a player's to reveal


async def test_revealing_a_successful_save_writes_no_sheet(scripted: Scripted) -> None:
    t = await table(scripted.http, "d20")
    posted = await _save(scripted, t, t.st, "storyteller", SAVED)
    await _reveal(scripted, t.st, posted["id"], 200)
    events = [e for e in await _events(scripted, t, t.player) if e["seq"] > posted["seq"]]
    assert [e["type"] for e in events] == ["roll.updated"]
    assert (await _character(scripted, t, t.player))["version"] == 1


async def test_only_a_storyteller_reveals_and_others_learn_nothing_from_the_refusal(
    scripted: Scripted,
) -> None:
    t = await table(scripted.http, "d20")
    blind = await _save(scripted, t, t.player, "blind", FAIL)
    for who in (t.player, t.other, t.spectator):  # they may not read it: no such roll
        assert (await _reveal(scripted, who, blind["id"], 404))["detail"] == "no such roll"
    own = await _save(scripted, t, t.player, "storyteller", FAIL)
    await _reveal(scripted, t.player, own["id"], 403)  # the roller reads it, but may not reveal
    await _reveal(scripted, t.other, own["id"], 404)
    await _reveal(scripted, t.st, "01jd8mb1c2d3e4f5g6h7j8k9m0", 404)
    stranger = await table(scripted.http, "d20")
    await _reveal(scripted, stranger.st, blind["id"], 404)


async def test_a_private_roll_is_revealed_by_its_roller_only(scripted: Scripted) -> None:
    t = await table(scripted.http, "d20")
    posted = await _save(scripted, t, t.player, "private", FAIL)
    # Nobody but the roller reads it, storytellers included: nor its effect.
    assert (await _character(scripted, t, t.st))["sheet"]["conditions"] == []
    assert (await _character(scripted, t, t.player))["sheet"]["conditions"] == ["poisoned"]
    await _reveal(scripted, t.st, posted["id"], 404)
    await _reveal(scripted, t.player, posted["id"], 200)
    assert (await _character(scripted, t, t.st))["sheet"]["conditions"] == ["poisoned"]


async def test_a_reveal_with_the_same_key_answers_the_first_reveal(scripted: Scripted) -> None:
    t = await table(scripted.http, "d20")
    posted = await _save(scripted, t, t.player, "blind", FAIL)
    headers = {**t.st.auth, "Idempotency-Key": "reveal-1"}
    first = await scripted.http.post(f"/rolls/{posted['id']}/reveal", headers=headers)
    again = await scripted.http.post(f"/rolls/{posted['id']}/reveal", headers=headers)
    assert first.status_code == again.status_code == 200 and first.content == again.content


async def test_a_held_condition_is_lifted_only_after_its_reveal(scripted: Scripted) -> None:
    t = await table(scripted.http, "d20")
    posted = await _save(scripted, t, t.player, "blind", FAIL)
    lift = f"/characters/{t.pc}/conditions/poisoned"
    answer = expect(await scripted.http.delete(lift, headers=t.st.auth), 409)
    assert "reveal it first" in answer["detail"]
    await _reveal(scripted, t.st, posted["id"], 200)
    assert expect(await scripted.http.delete(lift, headers=t.st.auth), 200)["version"] == 3


async def test_a_public_roll_still_changes_its_sheet_at_once(scripted: Scripted) -> None:
    t = await table(scripted.http, "d20")
    posted = await _save(scripted, t, t.player, "public", FAIL)
    assert posted["effects"] == [
        {"character_id": t.pc, "change": "add_condition", "condition": "poisoned"}
    ]
    pc = await _character(scripted, t, t.other)
    assert pc["sheet"]["conditions"] == ["poisoned"] and pc["version"] == 2


async def test_a_revealed_faith_roll_ends_panic_for_everyone(scripted: Scripted) -> None:
    t = await table(scripted.http, "matrix")
    scripted.faces(1)
    body: dict[str, Any] = {
        "kind": "test",
        "trait": "faith",
        "character_id": t.pc,
        "visibility": "blind",
    }
    posted = await roll(scripted.http, t.player, t.cid, **body)
    assert (await _character(scripted, t, t.other))["sheet"]["states"]["panicked"] is True
    assert (await _character(scripted, t, t.st))["sheet"]["states"]["panicked"] is False
    await _reveal(scripted, t.st, posted["id"], 200)
    assert (await _character(scripted, t, t.other))["sheet"]["states"]["panicked"] is False


async def test_every_redacted_roll_answers_one_status(scripted: Scripted) -> None:
    t = await table(scripted.http, "3d6")
    for faces in ((2, 5, 6), (1, 2, 6), (6, 6, 6)):  # partial (pending), success, failure
        scripted.faces(*faces)
        posted = await roll(scripted.http, t.player, t.cid, **TEST_3D6, character_id=t.pc,
                            visibility="blind")  # fmt: skip
        assert posted["status"] == "hidden" and posted["updated_at"] == posted["created_at"]


async def test_a_revealed_roll_still_verifies_link_by_link(client: AsyncClient) -> None:
    """With the campaign's own seeded dice: the reveal is a link like any step."""
    t = await table(client, "d20")
    body = {**SAVE, "character_id": t.pc}
    blind = await roll(client, t.player, t.cid, **body, visibility="blind")
    private = await roll(client, t.player, t.cid, **body, visibility="private")
    for who, posted in ((t.st, blind), (t.player, private)):
        expect(await client.post(f"/rolls/{posted['id']}/reveal", headers=who.auth), 200)
    exported = await client.get(f"/campaigns/{t.cid}/export", headers=t.st.auth)
    report = ndjson.check(ndjson.records(exported.content))
    assert report.ok, report.failure
    assert report.draws == 2 and report.pending_draws == 0
