"""The bulk generator (app/rolls/bulk.py, ``fairtable demo``): its rolls are genuine ones,
chained and seeded like a request's, so the audit chain and ``fairtable verify`` accept
them, and the log reads them like any other."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient

from app.cli import main
from app.core.ids import configure_pepper
from app.core.security import configure_password_hashing
from app.core.settings import Settings
from app.rolls.bulk import generate
from app.rules.verify import verify
from tests.service.table import expect

ROLLS = 3_000


async def _bundle(client: AsyncClient, auth: dict[str, str], cid: str) -> dict[str, Any]:
    links: list[dict[str, Any]] = []
    after = 0
    while True:
        page = expect(await client.get(f"/campaigns/{cid}/audit?after={after}", headers=auth), 200)
        links += page["audit"]
        if page["next_after"] is None:
            return {**page, "audit": links}
        after = page["next_after"]


async def test_generated_rolls_verify(client: AsyncClient, app: Any, tmp_path: Path) -> None:
    state = app.state
    demo = await generate(state.database, state.settings, ROLLS, writer=state.writer)
    assert demo.rolls == ROLLS and demo.rate > 0
    cid = demo.campaign_id
    storyteller, player, _ = ({"Authorization": f"Bearer {key}"} for key in demo.keys.values())

    log = expect(await client.get(f"/campaigns/{cid}/rolls?limit=50", headers=storyteller), 200)
    assert len(log["items"]) == 50
    assert log["items"][0]["seq"] == ROLLS + 2, "two character.created events, then the rolls"
    kinds = {(r["kind"], r["visibility"]) for r in log["items"]}
    assert {("test", "public"), ("formula", "storyteller"), ("formula", "blind")} <= kinds

    # While the seed is secret the chain verifies; after a rotation every die does too.
    report = verify(await _bundle(client, storyteller, cid))
    assert report.ok, report.summary()
    expect(await client.post(f"/campaigns/{cid}/fairness/rotate", headers=storyteller), 200)
    bundle = await _bundle(client, storyteller, cid)
    assert len(bundle["audit"]) == ROLLS
    report = verify(bundle)
    assert report.ok, report.summary()
    path = tmp_path / "audit.json"
    path.write_text(json.dumps(bundle))
    assert main(["verify", str(path)]) == 0

    # A player's view: redacted links still chain.
    mine = await _bundle(client, player, cid)
    assert any(link["record"] is None for link in mine["audit"])
    assert verify(mine).ok


def test_the_demo_command_prints_the_campaign_and_its_rate(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    settings: Settings,
) -> None:
    from app.core.settings import get_settings

    monkeypatch.setenv("VTT_ENVIRONMENT", "development")
    monkeypatch.setenv("VTT_PASSWORD_TIME_COST", "1")
    monkeypatch.setenv("VTT_PASSWORD_MEMORY_KIB", "64")
    get_settings.cache_clear()
    try:
        url = f"sqlite+aiosqlite:///{tmp_path / 'demo.db'}"
        assert main(["demo", "--rolls", "250", "--database-url", url]) == 0
    finally:
        get_settings.cache_clear()
        # The command configured this process for its own settings: back to the tests'.
        configure_pepper(settings.secret_key)
        configure_password_hashing(settings.password_time_cost, settings.password_memory_kib)
    out = capsys.readouterr().out
    assert "campaign_id=" in out and out.count("api_key demo-") == 3
    assert "rolls=250 " in out and "rolls_per_second=" in out
