"""Campaign export and import in the line format: the records, the round trip, another
instance, refusals (a version 2 single-JSON document is still read: the last tests)."""

from __future__ import annotations

import copy
import gzip
import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio
from httpx import ASGITransport, AsyncClient

from app.core.settings import Settings
from app.main import create_app
from tests.conftest import fresh_database
from tests.exchange import ndjson
from tests.service.table import (
    SHEET_3D6,
    SHEET_MATRIX,
    Person,
    campaign,
    character,
    expect,
    join,
    register,
    roll,
)


def verify(view: dict[str, Any]) -> Any:
    """The line verifier on an export's records."""
    return ndjson.check(view["records"])


async def _export(http: AsyncClient, person: Person, cid: str) -> dict[str, Any]:
    response = await http.get(f"/campaigns/{cid}/export", headers=person.auth)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/x-ndjson")
    return ndjson.view(response.content)


async def _import(http: AsyncClient, person: Person, view: dict[str, Any] | bytes) -> Any:
    body = view if isinstance(view, bytes) else ndjson.dump(view["records"])
    headers = {**person.auth, "Content-Type": "application/x-ndjson"}
    return await http.post("/campaigns/import", content=body, headers=headers)


async def _played(http: AsyncClient) -> tuple[Person, Person, str, dict[str, Any]]:
    """A matrix table with some history: rolls of every visibility, a hit with its
    checks, a rotated seed, and rolls under the new one."""
    st = await register(http, "teller")
    player = await register(http, "player")
    cid = (await campaign(http, st, "matrix", {"npc_fatigue_only": True}))["id"]
    await join(http, st, cid, player)
    pc = await character(http, player, cid, SHEET_MATRIX, name="Ficelle")
    npc = await character(http, st, cid, {**SHEET_MATRIX, "counters": {"fatigue": 9}}, npc=True)
    for visibility in ("public", "private", "blind"):
        await roll(
            http, player, cid, kind="test", character_id=pc["id"], trait="agility",
            visibility=visibility, note=f"a {visibility} roll",
        )  # fmt: skip
    damage = {"type": "physical", "formula": "1d6+1d4"}
    expect(await http.post(f"/characters/{npc['id']}/damage", json=damage, headers=st.auth), 200)
    expect(await http.post(f"/campaigns/{cid}/fairness/rotate", headers=st.auth), 200)
    await roll(http, st, cid, kind="formula", formula="4d6kh3+2", visibility="storyteller")
    await roll(http, player, cid, kind="test", character_id=pc["id"], trait="faith")
    exported = await _export(http, st, cid)
    return st, player, cid, exported


async def _flowed(http: AsyncClient) -> tuple[Person, str, dict[str, Any]]:
    """A 3d6 table with one contest, one group roll and one task, each played once."""
    st = await register(http, "teller")
    player = await register(http, "player")
    cid = (await campaign(http, st, "3d6"))["id"]
    await join(http, st, cid, player)
    pc = (await character(http, player, cid, SHEET_3D6, name="Pelote"))["id"]
    dog = {"qualities": {"strong": 5, "clever": 1}}
    npc = (await character(http, st, cid, dog, name="Rex", npc=True))["id"]
    post = [f"/campaigns/{cid}/{path}" for path in ("contests", "group-rolls", "tasks")]
    contest = {
        "a": {"character_id": pc, "quality": "strong"},
        "b": {"character_id": npc, "quality": "strong"},
        "rounds_to_win": 2,
    }
    contest_id = expect(await http.post(post[0], json=contest, headers=st.auth), 201)["id"]
    expect(await http.post(f"/contests/{contest_id}/rounds", headers=st.auth), 201)
    group = {"character_ids": [pc, npc], "quality": "strong", "difficulty": 2}
    expect(await http.post(post[1], json=group, headers=st.auth), 201)
    task = {
        "name": "Open the pantry", "quality": "strong", "target": 4, "period": "PT1H",
        "participants": [pc], "limit": "PT3H",
    }  # fmt: skip
    task_id = expect(await http.post(post[2], json=task, headers=st.auth), 201)["id"]
    played = {"character_id": pc}
    expect(await http.post(f"/tasks/{task_id}/rolls", json=played, headers=player.auth), 201)
    exported = await _export(http, st, cid)
    return st, cid, exported


def _comparable(document: dict[str, Any]) -> dict[str, Any]:
    """The document without what an import necessarily renews: the export time, the seats
    (an import seats only the importer) and the current seed (the import commits to a
    fresh one)."""
    found = copy.deepcopy(document)
    found.pop("exported_at")
    found.pop("members")
    found.pop("records")
    found["trailer"]["counts"].pop("members")
    fairness = found["fairness"]
    fairness.pop("seed_number")
    fairness.pop("commitment")
    fairness["seeds"] = [s for s in fairness["seeds"] if s["server_seed"] is not None]
    return found


async def test_an_export_holds_the_whole_campaign_and_verifies(client: AsyncClient) -> None:
    st, player, cid, exported = await _played(client)
    assert exported["format"] == "fairtable-campaign" and exported["version"] == 7
    found = exported["records"]
    assert (found[0]["t"], found[-1]["t"]) == ("header", "trailer")
    counts = found[-1]["counts"]
    assert (counts["rolls"], counts["events"]) == (len(exported["rolls"]), len(exported["events"]))
    assert found[-1]["chain_head"] == exported["fairness"]["chain_head"]
    assert exported["campaign"]["id"] == cid
    assert exported["campaign"]["settings"]["npc_fatigue_only"] is True
    members = {m["username"]: m["role"] for m in exported["members"]}
    assert members == {st.username: "storyteller", player.username: "player"}
    # The storyteller's view (docs/authorization.md): the player's private roll is a
    # redacted link and a stub event, never its content.
    kinds = [(r["kind"], r["visibility"]) for r in exported["rolls"]]
    assert kinds[:3] == [("test", "public"), ("test", "blind"), ("damage", "public")]
    assert all(r["visibility"] != "private" for r in exported["rolls"])
    stubs = [e for e in exported["events"] if e["data"].get("redacted")]
    assert len(stubs) == 1 and set(stubs[0]["data"]) == {"id", "redacted"}
    assert stubs[0]["visibility"] == "private" and stubs[0]["hash"] is not None
    assert "a private roll" not in json.dumps(exported)
    # Each roll right after its latest link: the roll event of the same hash.
    for index, record in enumerate(found):
        if record["t"] == "roll":
            link = found[index - 1]
            assert (link["t"], link["hash"], link["data"]["id"]) == (
                "event", record["hash"], record["id"],
            )  # fmt: skip
    assert {r["visibility"] for r in exported["rolls"]} >= {"storyteller", "blind"}
    report = verify(exported)
    assert report.ok, report.failure
    # The export revealed the seed first: every draw in it was recomputed, every salt too.
    assert report.draws > 0 and report.pending_draws == 0
    links = [e for e in exported["events"] if e["type"].startswith("roll.") and e["hash"]]
    assert report.salts_checked == report.salted == report.links == len(links)
    current = exported["fairness"]["seed_number"]
    seeds = {s["number"]: s for s in exported["fairness"]["seeds"]}
    assert seeds[current]["server_seed"] is None
    assert seeds[current]["first_nonce"] == exported["fairness"]["next_nonce"]
    assert all(seeds[n]["server_seed"] is not None for n in seeds if n != current)
    rotations = [e for e in exported["events"] if e["type"] == "fairness.rotated"]
    assert rotations[-1]["data"]["by"] == st.id and rotations[-1]["seq"] == max(
        e["seq"] for e in exported["events"]
    )
    # A second export right away reveals nothing new: the current seed served nothing.
    again = await _export(client, st, cid)
    assert again["fairness"]["seed_number"] == current

    forbidden = await client.get(f"/campaigns/{cid}/export", headers=player.auth)
    assert forbidden.status_code == 403


async def test_export_then_import_then_export_gives_the_same_document(
    client: AsyncClient,
) -> None:
    st, player, cid, first = await _played(client)
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    created = expect(await _import(client, st, first), 201)
    assert created["id"] == cid
    assert (created["rolls"], created["members"], created["mapped_to_you"]) == (
        len(first["rolls"]), 1, [],
    )  # fmt: skip
    assert created["placeholders"] == [
        {"user_id": player.id, "username": player.username, "role": "player"}
    ]
    second = await _export(client, st, cid)
    assert json.dumps(_comparable(second), sort_keys=True) == json.dumps(
        _comparable(first), sort_keys=True
    )
    report = verify(second)
    assert report.ok, report.failure
    # The source's current seed (which served nothing) stays a commitment here, closed at
    # the source's next nonce; a fresh seed of this instance serves from there on.
    source_current = first["fairness"]["seed_number"]
    kept, fresh = second["fairness"]["seeds"][-2:]
    assert (kept["number"], kept["commitment"]) == (
        source_current, first["fairness"]["commitment"],
    )  # fmt: skip
    assert (kept["server_seed"], kept["end_nonce"]) == (None, first["fairness"]["next_nonce"])
    assert fresh["number"] == second["fairness"]["seed_number"] == source_current + 1
    assert fresh["first_nonce"] == first["fairness"]["next_nonce"]

    # The imported campaign plays on from the chain's head, with a fresh seed, once the
    # storyteller has invited the player again.
    members = expect(await client.get(f"/campaigns/{cid}/members", headers=st.auth), 200)
    assert [m["user_id"] for m in members] == [st.id]
    await join(client, st, cid, player)
    pc = next(c for c in second["characters"] if not c["npc"])
    await roll(client, player, cid, kind="test", character_id=pc["id"], trait="memory")
    third = await _export(client, st, cid)
    assert len(third["rolls"]) == len(first["rolls"]) + 1
    assert third["fairness"]["seed_number"] == second["fairness"]["seed_number"] + 1
    report = verify(third)
    assert report.ok, report.failure
    assert (first["contests"], first["group_rolls"], first["tasks"]) == ([], [], [])

    # A 3d6 table's contests, group rolls and tasks travel too, with their ids.
    st, cid, first = await _flowed(client)
    flows = {"contests": "contests", "group_rolls": "group-rolls", "tasks": "tasks"}
    assert all(len(first[name]) == 1 for name in flows)
    before = {
        name: expect(await client.get(f"/{path}/{first[name][0]['id']}", headers=st.auth), 200)
        for name, path in flows.items()
    }
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    expect(await _import(client, st, first), 201)
    second = await _export(client, st, cid)
    assert json.dumps(_comparable(second), sort_keys=True) == json.dumps(
        _comparable(first), sort_keys=True
    )
    for name, path in flows.items():
        after = await client.get(f"/{path}/{first[name][0]['id']}", headers=st.auth)
        assert expect(after, 200) == before[name]


async def test_importing_a_campaign_that_is_still_here_is_refused(client: AsyncClient) -> None:
    st, _, _, exported = await _played(client)
    mine = expect(await client.get("/campaigns", headers=st.auth), 200)["items"]
    response = await _import(client, st, exported)
    assert response.status_code == 409
    assert expect(await client.get("/campaigns", headers=st.auth), 200)["items"] == mine


async def test_a_bad_document_is_refused_whole_and_creates_nothing(client: AsyncClient) -> None:
    st, _, cid, exported = await _played(client)
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    importer = await register(client, "importer")

    def broken(change: Any) -> dict[str, Any]:
        found = copy.deepcopy(exported["records"])
        change(found)
        return {"records": found}

    def first(kind: str) -> Any:
        return lambda r: next(x for x in r if x["t"] == kind)

    def swap_events(r: list[dict[str, Any]]) -> None:
        i, j = [n for n, x in enumerate(r) if x["t"] == "event"][2:4]
        r[i], r[j] = r[j], r[i]

    task = {"t": "task", "id": "01jd", "surprise": 1}
    cases = [
        broken(lambda r: r[0].update(surprise=1)),
        broken(lambda r: r[0].update(format="something-else")),
        broken(lambda r: first("roll")(r).update(dice="many")),
        broken(lambda r: first("character")(r)["sheet"]["rows"].update(body=99)),
        broken(lambda r: r[0]["fairness"].update(chain_head="0" * 64)),
        broken(lambda r: r[0].update(version=1)),
        broken(lambda r: r[0]["fairness"]["seeds"][0].update(server_seed="ab" * 32)),
        broken(swap_events),
        broken(lambda r: r[0]["campaign"].update(settings={"reroll_any_die": True})),
        broken(lambda r: r.insert(len(r) - 1, task)),
        broken(lambda r: r.insert(2, {"t": "surprise"})),
        broken(lambda r: r.append({"t": "event"})),
        broken(lambda r: r.pop()),  # cut short: no trailer
    ]
    for document in cases:
        response = await _import(client, importer, document)
        assert response.status_code == 422, response.text
        assert response.headers["content-type"].startswith("application/problem+json")
    good = ndjson.dump(exported["records"])
    for body in (b"not json\n" + good, b"\x1f\x8b" + b"not gzip" * 10, gzip.compress(good)[:-9]):
        response = await _import(client, importer, body)
        assert response.status_code == 422, response.text
    # Settings are checked against the ruleset after parsing, yet refused like parsing does.
    document = broken(lambda r: r[0]["campaign"].update(settings={"reroll_any_die": True}))
    response = await _import(client, importer, document)
    assert response.status_code == 422, response.text
    assert response.json()["errors"] == [
        {
            "loc": ["body", "campaign", "settings", "reroll_any_die"],
            "msg": "Extra inputs are not permitted",
        }
    ]
    assert expect(await client.get("/campaigns", headers=importer.auth), 200)["items"] == []


# --- another instance -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def other_database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A second, empty instance's database (same backend as the test run)."""
    with fresh_database(tmp_path_factory, "fairtable_other") as url:
        yield url


@pytest_asyncio.fixture(loop_scope="session")
async def other(settings: Settings, other_database: str) -> AsyncIterator[AsyncClient]:
    application = create_app(settings.model_copy(update={"database_url": other_database}))
    async with application.router.lifespan_context(application):
        transport = ASGITransport(app=application)
        async with AsyncClient(transport=transport, base_url="http://test/api/v1") as http:
            yield http


async def test_on_another_instance_unknown_members_map_to_the_importer(
    client: AsyncClient, other: AsyncClient
) -> None:
    st, player, cid, exported = await _played(client)
    newcomer = await register(other, "newcomer")
    created = expect(await _import(other, newcomer, exported), 201)
    assert sorted(created["mapped_to_you"]) == sorted([st.username, player.username])
    assert sorted(p["username"] for p in created["placeholders"]) == sorted(
        [st.username, player.username]
    )
    members = expect(await other.get(f"/campaigns/{cid}/members", headers=newcomer.auth), 200)
    assert [(m["user_id"], m["role"]) for m in members] == [(newcomer.id, "storyteller")]
    again = await _export(other, newcomer, cid)
    assert [c["owner_id"] for c in again["characters"]] == [newcomer.id, None]
    # The log is history: the same rolls, authors, proofs and links, and it verifies.
    assert again["rolls"] == exported["rolls"]
    assert again["events"] == exported["events"]
    report = verify(again)
    assert report.ok, report.failure


async def test_an_import_is_not_bound_by_the_body_limits(client: AsyncClient) -> None:
    """Past the 64 KiB of other requests and the 16 MiB of a single document: only a line
    is bounded (blank lines of padding cost nothing to build)."""
    st, _, cid, exported = await _played(client)
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    padding = (b" " * (6 * 1024 * 1024) + b"\n") * 3
    body = padding + ndjson.dump(exported["records"])
    assert len(body) > 16 * 1024 * 1024
    created = await _import(client, st, body)
    assert created.status_code == 201, created.text
    headers = {**st.auth, "Content-Type": "application/json"}
    elsewhere = await client.post("/campaigns", content=b"{}" + padding[:100_000], headers=headers)
    assert elsewhere.status_code == 413
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    too_long = b" " * (8 * 1024 * 1024 + 1) + b"x\n" + ndjson.dump(exported["records"])
    refused = await _import(client, st, too_long)
    assert refused.status_code == 422 and "line 1" in refused.json()["detail"]


async def test_gzip_both_ways(client: AsyncClient) -> None:
    st, _, cid, exported = await _played(client)
    headers = {**st.auth, "Accept-Encoding": "gzip"}
    async with client.stream("GET", f"/campaigns/{cid}/export", headers=headers) as response:
        assert response.headers["content-encoding"] == "gzip"
        raw = b"".join([chunk async for chunk in response.aiter_raw()])
    assert raw[:2] == b"\x1f\x8b"
    again = ndjson.view(gzip.decompress(raw))
    assert again["rolls"] == exported["rolls"] and again["events"] == exported["events"]
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    headers = {**st.auth, "Content-Type": "application/x-ndjson", "Content-Encoding": "gzip"}
    created = await client.post("/campaigns/import", content=raw, headers=headers)
    assert created.status_code == 201, created.text


async def test_a_version_2_document_is_still_read(client: AsyncClient) -> None:
    st, _, cid, exported = await _played(client)
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    document = {
        "format": "fairtable-campaign", "version": 2, "audit": [],
        **{k: exported[k] for k in ("exported_at", "campaign", "fairness", "members",
                                   "characters", "rolls", "events", "contests",
                                   "group_rolls", "tasks")},
    }  # fmt: skip
    created = await client.post("/campaigns/import", json=document, headers=st.auth)
    assert created.status_code == 201, created.text
    again = await _export(client, st, cid)
    assert again["rolls"] == exported["rolls"] and verify(again).ok
