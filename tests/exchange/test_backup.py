"""The operator's backup and restore (``fairtable export`` / ``fairtable import``, with
database access): every private roll and the current secret seed round-trip, seats too,
and the game goes on under the same committed seed."""

from __future__ import annotations

import asyncio
import hashlib
import os
from pathlib import Path

import pytest
from httpx import AsyncClient

from app import cli
from app.core.settings import Settings
from app.rules.verify import verify
from tests.exchange import ndjson
from tests.exchange.granted import granted
from tests.fairness.table import bundle, rotate
from tests.service.table import SHEET_3D6, campaign, character, expect, join, register, roll


async def _fairtable(*argv: str) -> int:
    """The command, as an operator runs it (its own event loop and connections)."""
    return await asyncio.to_thread(cli.main, list(argv))


async def test_a_backup_restores_private_rolls_and_the_secret_seed(
    client: AsyncClient, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "_settings", lambda: settings)
    st, player = await register(client, "teller"), await register(client, "player")
    cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, cid, player)
    pc = (await character(client, player, cid, SHEET_3D6, name="Pelote"))["id"]
    secret_roll = await roll(
        client, player, cid, kind="formula", formula="3d6", visibility="private"
    )
    await roll(
        client, player, cid, kind="test", character_id=pc, trait="strong", visibility="blind"
    )
    await roll(client, st, cid, kind="formula", formula="2d20")
    before = expect(await client.get(f"/campaigns/{cid}/fairness", headers=st.auth), 200)

    path = tmp_path / "backup.json"
    assert await _fairtable("export", cid, str(path)) == 0
    assert os.stat(path).st_mode & 0o777 == 0o600
    saved = ndjson.records(path.read_bytes())
    header = saved[0]
    assert (header["t"], header["format"], header["version"]) == ("header", "fairtable-backup", 6)
    assert any(r["id"] == secret_roll["id"] for r in ndjson.of(saved, "roll"))  # in full
    assert not any(e["data"].get("redacted") for e in ndjson.of(saved, "event"))
    current = header["fairness"]["seeds"][-1]
    assert hashlib.sha256(bytes.fromhex(current["server_seed"])).hexdigest() == before["commitment"]
    assert cli.main(["verify", str(path)]) == 0
    report = ndjson.check(saved)  # the secret seed is in it: every draw is checked
    assert report.ok and report.pending_draws == 0 and report.draws == 3, report.summary()
    # Making a backup reveals nothing to the table: no rotation happened.
    after = expect(await client.get(f"/campaigns/{cid}/fairness", headers=st.auth), 200)
    assert after == before

    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    assert await _fairtable("import", str(path)) == 0
    members = expect(await client.get(f"/campaigns/{cid}/members", headers=st.auth), 200)
    assert {(m["user_id"], m["role"]) for m in members} == {
        (st.id, "storyteller"), (player.id, "player"),
    }  # fmt: skip
    mine = expect(await client.get(f"/rolls/{secret_roll['id']}", headers=player.auth), 200)
    assert mine["dice"] == secret_roll["dice"]
    restored = expect(await client.get(f"/campaigns/{cid}/fairness", headers=st.auth), 200)
    assert restored == before  # the same committed seed, nonce and chain head

    # The game goes on under that seed; its reveal is the very secret of the backup.
    await roll(client, player, cid, kind="formula", formula="1d6")
    revealed = (await rotate(client, st, cid))["seeds"][-2]
    assert revealed["server_seed"] == current["server_seed"]
    report = verify(await bundle(client, st, cid))
    assert report.ok and report.pending_draws == 0, report.summary()

    # Restoring over a campaign that is there, or a tampered backup, writes nothing.
    assert await _fairtable("import", str(path)) == 1
    last = next(r for r in reversed(saved) if r["t"] == "roll")
    last["dice"][0]["value"] = last["dice"][0]["value"] % 20 + 1
    tampered = tmp_path / "tampered.json"
    tampered.write_bytes(ndjson.dump(saved))
    assert cli.main(["verify", str(tampered)]) == 1
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    assert await _fairtable("import", str(tampered)) == 1
    assert (await client.get(f"/campaigns/{cid}", headers=st.auth)).status_code == 404
    assert await _fairtable("export", "no-such-campaign", str(tmp_path / "x.json")) == 1


async def test_a_backup_restores_grants_a_pending_group_and_a_pending_task_roll(
    client: AsyncClient, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "_settings", lambda: settings)
    t = await granted(client)
    before = {c: await t.open_grants(c) for c in (t.pelote, t.rex)}
    path = tmp_path / "backup.ndjson"
    assert await _fairtable("export", t.cid, str(path)) == 0
    saved = ndjson.records(path.read_bytes())
    assert [g["status"] for g in ndjson.of(saved, "grant")].count("used") == 2
    assert saved[-1]["counts"]["grants"] == 4
    # The backup is unredacted: the private roll that used a grant travels whole.
    assert t.used["the lever"] in {r["id"] for r in ndjson.of(saved, "roll")}
    assert ndjson.of(saved, "group_roll")[0]["status"] == "pending"
    assert cli.main(["verify", str(path)]) == 0

    expect(await client.delete(f"/campaigns/{t.cid}", headers=t.st.auth), 204)
    assert await _fairtable("import", str(path)) == 0
    assert {c: await t.open_grants(c) for c in (t.pelote, t.rex)} == before
    again = tmp_path / "again.ndjson"
    assert await _fairtable("export", t.cid, str(again)) == 0
    restored = ndjson.records(again.read_bytes())
    assert restored[1:] == saved[1:]  # all but the header's export time
    assert {**restored[0], "exported_at": None} == {**saved[0], "exported_at": None}

    # The game goes on: the seated player decides the rolls the group and the task wait on.
    await t.post(t.player, f"/rolls/{t.group_roll}/finalize", status=200)
    assert (await t.get(t.player, f"/group-rolls/{t.group_id}"))["status"] != "pending"
    await t.post(t.player, f"/rolls/{t.task_roll}/finalize", status=200)
    assert (await t.get(t.player, f"/tasks/{t.task_id}"))["pending_roll"] is None
