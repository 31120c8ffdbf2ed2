"""Campaigns from before chain v2 keep verifying: their links stay v1 (nothing is
rewritten), and from the migration on their new links are v2, salted by the current seed."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from httpx import AsyncClient

from app.rules.verify import verify
from tests.fairness.table import bundle, rotate, table_3d6
from tests.service.table import db_run, roll

_MIGRATION = Path(__file__).parents[2] / "migrations/versions/20261201_0002_chain_v2.py"


def _start_salting() -> str:
    spec = importlib.util.spec_from_file_location("chain_v2", _MIGRATION)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.START_SALTING)


async def test_a_v1_chain_keeps_verifying_and_goes_on_in_v2(client: AsyncClient, app: Any) -> None:
    t = await table_3d6(client)
    # A seed from before chain v2 salts nothing: the ledger writes v1 links under it.
    await db_run(app, "UPDATE campaign_seeds SET links_from = NULL WHERE campaign_id = ?", t.cid)
    for visibility in ("public", "blind"):
        await roll(client, t.player, t.cid, kind="formula", formula="3d6", visibility=visibility)
    old = await bundle(client, t.storyteller, t.cid)
    assert [link["version"] for link in old["audit"]] == [1, 1]
    assert all(link["salt"] is None for link in old["audit"])
    assert verify(old).ok, verify(old).summary()

    await db_run(app, _start_salting())  # what the migration does
    await roll(client, t.player, t.cid, kind="formula", formula="3d6", visibility="blind")
    await rotate(client, t.storyteller, t.cid)
    await roll(client, t.player, t.cid, kind="formula", formula="1d6")
    for who in (t.storyteller, t.player):
        now = await bundle(client, who, t.cid)
        assert [link["version"] for link in now["audit"]] == [1, 1, 2, 2]
        assert [link["salt_seed"] for link in now["audit"]] == [None, None, 1, 2]
        hashes = [(link["prev_hash"], link["hash"]) for link in now["audit"][:2]]
        assert hashes == [(link["prev_hash"], link["hash"]) for link in old["audit"]]
        report = verify(now)
        assert report.ok, report.summary()
        assert (report.salted, report.salts_checked) == (2, 1)  # seed 2 is still secret
