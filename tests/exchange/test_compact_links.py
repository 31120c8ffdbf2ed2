"""A roll's latest link travels compact in the line format (version 7, backup 6;
docs/export.md, "Compact roll events"): without ``data``, ``prev_hash`` and ``hash``,
which the ``roll`` record right after it gives. The file verifies and imports as its whole
form does, a die changed in the roll is refused at that roll, a version 6 file (every link
whole) is still read, and an event without its data anywhere else is refused."""

from __future__ import annotations

import copy
import itertools
from pathlib import Path
from typing import Any

from httpx import AsyncClient

from app.exchange import commands, parallel
from app.rules.chain import roll_event_data
from app.rules.compact import Compact
from app.rules.verify_lines import verify_lines
from tests.exchange import ndjson
from tests.exchange.test_import_forgery import _relinked
from tests.service.table import (
    SHEET_3D6,
    Person,
    campaign,
    character,
    expect,
    join,
    open_test,
    register,
    reroll_a_failure,
    roll,
)

Records = list[dict[str, Any]]
_COMPACT_KEYS = {"t", "seq", "type", "at", "visibility", "user_id"}


async def _table(client: AsyncClient, private: bool = True) -> tuple[Person, str, bytes]:
    """A 3d6 table: rolls of every visibility (a player's private one, if ``private``), a
    test rerolled after it was rolled (an earlier link, then its latest) and a roll
    request; the storyteller's export, as written, and the campaign deleted."""
    st, player = await register(client, "teller"), await register(client, "player")
    cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, cid, player)
    pc = (await character(client, player, cid, SHEET_3D6, name="Pelote"))["id"]
    for visibility in ("public", "private", "blind", "storyteller")[: 4 if private else 1]:
        await roll(client, player, cid, kind="formula", formula="2d6+1", visibility=visibility)
    await reroll_a_failure(client, player, await open_test(client, player, cid, pc))
    asked = {"kind": "test", "trait": "clever", "character_ids": [pc]}
    path = f"/campaigns/{cid}/roll-requests"
    expect(await client.post(path, json=asked, headers=st.auth), 201)
    await roll(client, st, cid, kind="formula", formula="1d20")
    answer = await client.get(f"/campaigns/{cid}/export", headers=st.auth)
    assert answer.status_code == 200, answer.text
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    return st, cid, answer.content


async def _post(client: AsyncClient, person: Person, body: bytes) -> Any:
    headers = {**person.auth, "Content-Type": "application/x-ndjson"}
    return await client.post("/campaigns/import", content=body, headers=headers)


async def _refused(client: AsyncClient, st: Person, cid: str, body: bytes) -> str:
    """The import of ``body`` is refused, and nothing of it is kept: its 422 detail."""
    answer = await _post(client, st, body)
    assert answer.status_code == 422, answer.text
    assert answer.headers["content-type"] == "application/problem+json"
    assert (await client.get(f"/campaigns/{cid}", headers=st.auth)).status_code == 404
    detail: str = answer.json()["detail"]
    return detail


def _compacted(found: Records) -> Records:
    """Whole records written compact again, as the export writes them: each link right
    before its roll record, of the same hash, without its data and link."""
    out = copy.deepcopy(found)
    for event, after in itertools.pairwise(out):
        if event["t"] == "event" and after["t"] == "roll" and event["hash"] == after["hash"]:
            for name in ("data", "prev_hash", "hash"):
                del event[name]
    return out


def _roll_lines(written: Records) -> list[int]:
    """The line numbers (from 1) of the roll records."""
    return [n for n, r in enumerate(written, 1) if r["t"] == "roll"]


async def test_each_rolls_latest_link_travels_compact_right_before_its_roll(
    client: AsyncClient,
) -> None:
    _, _, body = await _table(client)
    written = ndjson.written(body)
    rolls = _roll_lines(written)
    assert len(rolls) >= 5  # the private roll is not the storyteller's to read
    for n in rolls:
        assert set(written[n - 2]) == _COMPACT_KEYS, written[n - 2]
        assert written[n - 2]["type"].startswith("roll.")
    whole = [r for r in written if r["t"] == "event" and r.get("hash")]
    stubs = [e for e in whole if e["data"].get("redacted")]
    earlier = [e for e in whole if e["type"] == "roll.created" and e["data"].get("id")]
    assert len(stubs) == 1 and set(stubs[0]["data"]) == {"id", "redacted"}
    assert earlier  # the rerolled test's first link: its roll does not follow it
    requests = [e for e in whole if e["type"].startswith("roll_request.")]
    assert requests and all("kind" in e["data"] for e in requests)  # requests stay whole
    report = verify_lines(body.splitlines())
    assert report.ok and report.rolls == len(rolls), report.summary()
    # The same records with every link whole verify alike, and take more room.
    made_whole = ndjson.records(body)
    assert len(made_whole) == len(written)
    assert verify_lines(ndjson.dump(made_whole).splitlines()) == report
    assert len(body) < 0.8 * len(ndjson.dump(made_whole))


async def test_a_compact_export_imports_and_exports_again_alike(client: AsyncClient) -> None:
    st, cid, body = await _table(client)
    created = expect(await _post(client, st, body), 201)
    first = ndjson.written(body)
    assert created["rolls"] == len(_roll_lines(first))
    again = await client.get(f"/campaigns/{cid}/export", headers=st.auth)
    second = ndjson.written(again.content)
    log = ("event", "roll", "roll_request")
    assert [r for r in first if r["t"] in log] == [r for r in second if r["t"] in log]
    assert verify_lines(again.content.splitlines()).ok


async def test_a_die_changed_in_a_roll_after_its_compact_link_is_refused_at_that_roll(
    client: AsyncClient,
) -> None:
    st, cid, body = await _table(client, private=False)  # a forger relinks past no stub
    written = ndjson.written(body)
    line = _roll_lines(written)[0]
    target = written[line - 1]
    changed = copy.deepcopy(written)
    face = changed[line - 1]["dice"][0]["value"]
    changed[line - 1]["dice"][0]["value"] = face % 6 + 1
    detail = await _refused(client, st, cid, ndjson.dump(changed))
    assert detail.startswith(f"line {line}:") and target["id"] in detail, detail
    assert "does not hash to its link" in detail

    # A forger who relinks every hash after the edit is caught by the dice themselves.
    whole = ndjson.records(body)
    forged = next(r for r in whole if r["t"] == "roll" and r["id"] == target["id"])
    forged["dice"][0]["value"] = forged["proof"][0]["rolls"][0]["faces"][0] = face % 6 + 1
    for event in whole:
        if event["t"] == "event" and event.get("hash") == forged["hash"]:
            event["data"] = roll_event_data(forged)
    relinked = _compacted(_relinked(whole))
    assert set(relinked[line - 2]) == _COMPACT_KEYS
    detail = await _refused(client, st, cid, ndjson.dump(relinked))
    assert target["id"] in detail and "seed" in detail, detail
    expect(await _post(client, st, body), 201)  # the file itself imports


async def test_a_version_6_file_holds_every_link_whole(client: AsyncClient) -> None:
    st, cid, body = await _table(client)
    whole = ndjson.records(body)
    whole[0]["version"] = 6
    written = ndjson.written(body)
    written[0]["version"] = 6
    detail = await _refused(client, st, cid, ndjson.dump(written))
    assert "data: Field required" in detail, detail
    assert not verify_lines(ndjson.dump(written).splitlines()).ok
    assert verify_lines(ndjson.dump(whole).splitlines()).ok
    created = expect(await _post(client, st, ndjson.dump(whole)), 201)
    assert created["rolls"] == len(_roll_lines(written))
    again = await client.get(f"/campaigns/{cid}/export", headers=st.auth)
    assert ndjson.records(again.content)[1:] != []  # exported again as version 7, compact
    assert ndjson.written(again.content)[0]["version"] == 7


async def test_an_event_without_its_data_stands_only_right_before_its_roll(
    client: AsyncClient,
) -> None:
    st, cid, body = await _table(client)
    written = ndjson.written(body)
    line = _roll_lines(written)[-1]
    no_roll = written[: line - 1] + written[line:]
    carrying = copy.deepcopy(written)
    carrying[line - 2]["hash"] = written[line - 1]["hash"]
    stripped = copy.deepcopy(written)
    joined = next(n for n, r in enumerate(stripped) if r["t"] == "event" and "data" in r)
    del stripped[joined]["data"]
    cases = {
        "not followed by its roll": no_roll,
        "carries part of its link": carrying,
        "only a roll's event may": stripped,
    }
    for reason, found in cases.items():
        detail = await _refused(client, st, cid, ndjson.dump(found))
        assert reason in detail, (reason, detail)
        report = verify_lines(ndjson.dump(found).splitlines())
        assert report.failure is not None and reason in report.failure.reason, reason
    last = written[:-1]
    ended = [*last[: line - 1], last[line - 2], written[-1]]  # a compact event, then the end
    detail = await _refused(client, st, cid, ndjson.dump(ended))
    assert "not followed by its roll" in detail, detail


async def test_a_changed_roll_after_a_compact_link_fails_alike_in_pieces_and_in_order(
    client: AsyncClient, tmp_path: Path
) -> None:
    _, _, body = await _table(client)
    written = ndjson.written(body)
    line = _roll_lines(written)[2]
    written[line - 1]["note"] = "changed"
    path = tmp_path / "export.ndjson"
    path.write_bytes(ndjson.dump(written))
    in_order = verify_lines(path.read_bytes().splitlines())
    assert in_order.failure is not None and in_order.failure.roll_id == written[line - 1]["id"]
    for piece in (1, 4096, 1 << 20):
        assert parallel.verify(str(path), lambda: commands.progress("", None), 2, piece) is None
    assert commands.verify_file(str(path), workers=2, piece=1) == 1


def test_a_compact_event_is_made_whole_from_the_roll_after_it() -> None:
    roll = {"t": "roll", "id": "r1", "campaign_id": "c1", "seq": 3, "ruleset": "3d6",
            "kind": "test", "character_id": None, "user_id": "u1", "acted_by": None,
            "visibility": "public", "note": None, "status": "final", "dice": [],
            "result": {}, "odds": {}, "state": {"effects": ["e"]}, "proof": [],
            "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:01Z",
            "prev_hash": "p" * 64, "hash": "h" * 64}  # fmt: skip
    event = {"t": "event", "seq": 5, "type": "roll.rerolled", "at": "x",
             "visibility": "public", "user_id": "u1"}  # fmt: skip
    compact = Compact(True)
    assert compact.feed(event) == ()
    made, after = compact.feed(roll)
    assert after is roll
    assert made == {**event, "data": roll_event_data(roll), "prev_hash": "p" * 64,
                    "hash": "h" * 64}  # fmt: skip
    assert made["data"]["effects"] == ["e"] and made["data"]["redacted"] is False
    compact.end()
    # A version without compact events passes the event on, for its reader to refuse.
    assert Compact(False).feed(event) == (event,)
