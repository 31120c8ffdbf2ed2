"""The luck tallies stay true however rolls arrive: an imported campaign answers the same
statistics as the one exported, and migration 0010 fills the tallies of rolls stored
before it (as a downgrade and an upgrade show, on a database of this test's own)."""

from __future__ import annotations

import asyncio
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from alembic import command
from httpx import ASGITransport, AsyncClient
from hypothesis import given
from hypothesis import strategies as st

from app.core.migrate import alembic_config, upgrade
from app.core.settings import Settings
from app.exchange import writing
from app.main import create_app
from app.stats import tally
from tests.conftest import fresh_database
from tests.exchange.test_export_import import _export, _import, _played
from tests.service.table import SHEET_3D6, Person, campaign, character, expect, register, roll


async def _all_stats(http: AsyncClient, who: Person, cid: str) -> list[dict[str, Any]]:
    found = []
    for by in ("user", "character"):
        answer = await http.get(f"/campaigns/{cid}/stats", params={"by": by}, headers=who.auth)
        found.append(expect(answer, 200))
    return found


@pytest.mark.parametrize("in_pieces", [False, True])
async def test_an_imported_campaign_answers_the_same_stats(
    client: AsyncClient, monkeypatch: pytest.MonkeyPatch, in_pieces: bool
) -> None:
    """In pieces: the import writes its tallies as soon as it holds one row of them, two
    rows an upsert (as a long campaign's are written, 20,000 held and 1,000 an upsert)."""
    if in_pieces:
        monkeypatch.setattr(writing, "TALLY_ROWS", 1)
        monkeypatch.setattr(tally, "_MOST", 2)
    st, _, cid, exported = await _played(client)
    before = await _all_stats(client, st, cid)
    assert before[0]["items"], "the played table has final rolls"
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    expect(await _import(client, st, exported), 201)
    assert await _all_stats(client, st, cid) == before
    again = await _export(client, st, cid)
    assert len(again["rolls"]) == len(exported["rolls"])


def test_the_migration_fills_the_tallies_of_rolls_stored_before_it(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    with fresh_database(tmp_path_factory, "tallies") as url:
        settings = Settings(environment="test", database_url=url,
                            secret_key=secrets.token_hex(32), password_time_cost=1,
                            password_memory_kib=64, auth_cache_seconds=0)  # fmt: skip

        async def play() -> tuple[Person, str, list[dict[str, Any]]]:
            app = create_app(settings)
            async with app.router.lifespan_context(app):
                transport = ASGITransport(app=app)
                async with AsyncClient(transport=transport, base_url="http://t/api/v1") as http:
                    st = await register(http, "teller")
                    cid = (await campaign(http, st, "3d6"))["id"]
                    cat = (await character(http, st, cid, SHEET_3D6))["id"]
                    for _ in range(12):
                        await roll(http, st, cid, kind="test", character_id=cat, trait="clever")
                        await roll(http, st, cid, kind="formula", formula="3d6kh2",
                                   visibility="blind")  # fmt: skip
                    return st, cid, await _all_stats(http, st, cid)

        async def stats(st: Person, cid: str) -> list[dict[str, Any]]:
            app = create_app(settings)
            async with app.router.lifespan_context(app):
                transport = ASGITransport(app=app)
                async with AsyncClient(transport=transport, base_url="http://t/api/v1") as http:
                    return await _all_stats(http, st, cid)

        st, cid, before = asyncio.run(play())
        command.downgrade(alembic_config(url), "0009")
        upgrade(url)
        after = asyncio.run(stats(st, cid))
        assert after == before and before[0]["items"][0]["rolls"] == 24


_START = datetime(2026, 1, 1, tzinfo=UTC)
_MOMENTS = st.integers(0, 3 * 3600).map(lambda s: _START + timedelta(seconds=s))


@st.composite
def _rolls(draw: st.DrawFn) -> dict[str, Any]:
    faces = draw(st.lists(st.integers(1, 6), min_size=1, max_size=4))
    successes = sum(face >= 5 for face in faces)
    return {
        "status": draw(st.sampled_from(["final", "final", "pending"])),
        "user_id": draw(st.sampled_from(["u1", "u2"])),
        "character_id": draw(st.sampled_from([None, "c1"])),
        "visibility": draw(st.sampled_from(["public", "blind"])),
        "kind": "test",
        "result": {"successes": successes},
        "odds": {"successes": {"0": 0.25, "1": 0.5, "2": 0.25}},
        "proof": [{"rolls": [{"sides": 6, "faces": faces}]}],
        "created_at": draw(_MOMENTS),
    }


@given(st.lists(_rolls(), max_size=40))
def test_new_rolls_tallied_together_add_what_they_add_one_by_one(
    rolls: list[dict[str, Any]],
) -> None:
    """``add_new`` merges a batch's rolls per row and minute before adding them (an
    import's batch, the generator's order): the tallies are the ones each roll adds."""
    together, one_by_one = tally.Tallies("c"), tally.Tallies("c")
    tally.add_new(together, rolls)
    for roll_values in rolls:
        tally.change(one_by_one, None, roll_values)
    assert together.faces == one_by_one.faces
    assert together.rows.keys() == one_by_one.rows.keys()
    for key, sums in one_by_one.rows.items():
        assert together.rows[key] == pytest.approx(sums)
