"""Fairness over HTTP: commitments, rotation, the audit chain and what the verifier makes
of it, on the real app and database."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from httpx import AsyncClient

from app.rules.verify import verify
from tests.fairness.table import (
    as_json,
    bundle,
    check,
    current_seed_hex,
    db_run,
    events_read,
    play,
    rotate,
    table_3d6,
)
from tests.service.table import (
    SHEET_D20,
    SHEET_MATRIX,
    campaign,
    character,
    expect,
    join,
    register,
    roll,
)


async def test_any_member_reads_the_commitment_and_the_next_nonce(client: AsyncClient) -> None:
    t = await table_3d6(client)
    spectator = await register(client, "watcher")
    await join(client, t.storyteller, t.cid, spectator, "spectator")
    state = expect(await client.get(f"/campaigns/{t.cid}/fairness", headers=spectator.auth), 200)
    assert state["seed_number"] == 1 and state["next_nonce"] == 0
    assert state["client_seed"] == t.cid, "the client seed starts as the campaign id"
    [seed] = state["seeds"]
    assert seed["server_seed"] is None and seed["end_nonce"] is None
    assert seed["revealed_at"] is None and seed["commitment"] == state["commitment"]
    outsider = await register(client, "outsider")
    expect(await client.get(f"/campaigns/{t.cid}/fairness", headers=outsider.auth), 404)
    expect(await client.get(f"/campaigns/{t.cid}/audit", headers=outsider.auth), 404)


async def test_rotating_reveals_a_seed_that_reproduces_every_die_rerolls_included(
    client: AsyncClient,
) -> None:
    t = await table_3d6(client)
    await play(client, t)
    before = await check(client, t.storyteller, t.cid)
    assert before.ok, before.summary()
    assert before.draws == 0 and before.pending_draws == 6, "1 + 2 rerolls + 3 rolls"
    assert "not yet verifiable" in before.summary()

    state = await rotate(client, t.storyteller, t.cid)
    old, new = state["seeds"]
    assert old["end_nonce"] == new["first_nonce"] == state["next_nonce"] == 6
    assert hashlib.sha256(bytes.fromhex(old["server_seed"])).hexdigest() == old["commitment"]
    assert new["server_seed"] is None and state["commitment"] == new["commitment"]
    assert new["client_seed"] == old["client_seed"], "a storyteller's rotation keeps it"

    report = await check(client, t.storyteller, t.cid)
    assert report.ok, report.summary()
    assert (report.rolls, report.draws, report.links) == (4, 6, 6)
    assert report.summary().splitlines()[0] == "OK (4 rolls, 6 draws verified, 6 links)"


async def test_every_ruleset_verifies_after_rotation(client: AsyncClient) -> None:
    st = await register(client, "teller")
    plays: list[tuple[str, dict[str, Any], list[dict[str, Any]]]] = [
        ("d20", SHEET_D20, [{"trait": "dex", "advantage": True}, {"trait": "str"}]),
        ("matrix", SHEET_MATRIX, [{"trait": "strength"}, {"trait": "empathy"}]),
    ]
    for ruleset, sheet, bodies in plays:
        cid = (await campaign(client, st, ruleset))["id"]
        hero = (await character(client, st, cid, sheet, name="Hero"))["id"]
        for body in bodies:
            await roll(client, st, cid, kind="test", character_id=hero, **body)
        if ruleset == "d20":
            await roll(client, st, cid, kind="save", character_id=hero, trait="wis",
                       difficulty=30, condition="frightened")  # fmt: skip
        await roll(client, st, cid, kind="formula", formula="2d20kh1+1d4+3")
        await rotate(client, st, cid)
        report = await check(client, st, cid)
        assert report.ok, report.summary()
        assert report.draws == report.rolls == report.links == len(bodies) + 1 + (ruleset == "d20")


async def test_any_member_sets_the_client_seed_which_rotates(client: AsyncClient, app: Any) -> None:
    t = await table_3d6(client)
    await roll(client, t.player, t.cid, kind="formula", formula="1d6")
    answer = await client.put(
        f"/campaigns/{t.cid}/fairness/client-seed",
        json={"client_seed": "my lucky socks"},
        headers=t.player.auth,
    )
    state = expect(answer, 200)
    assert state["client_seed"] == "my lucky socks" and state["seed_number"] == 2
    assert state["seeds"][1]["client_seed"] == "my lucky socks"
    assert state["seeds"][0]["server_seed"] is not None
    made = await roll(client, t.player, t.cid, kind="formula", formula="1d6")
    assert made["proof"][0]["client_seed"] == "my lucky socks"
    assert made["proof"][0]["seed"] == 2 and made["proof"][0]["nonce"] == 1

    rows = await db_run(
        app,
        "SELECT type, data FROM events WHERE campaign_id = ? AND type = 'fairness.rotated'",
        t.cid,
    )
    [(_, data)] = rows
    event = as_json(data)
    assert event["by"] == t.player.id and event["revealed"]["number"] == 1
    assert event["current"] == {
        "number": 2, "commitment": state["commitment"], "client_seed": "my lucky socks",
        "first_nonce": 1,
    }  # fmt: skip


async def test_a_bad_client_seed_is_refused_and_changes_nothing(client: AsyncClient) -> None:
    t = await table_3d6(client)
    before = expect(await client.get(f"/campaigns/{t.cid}/fairness", headers=t.player.auth), 200)
    for bad in ("", "x" * 65, "tab\there", "é", 7, None):
        answer = await client.put(
            f"/campaigns/{t.cid}/fairness/client-seed",
            json={"client_seed": bad},
            headers=t.player.auth,
        )
        expect(answer, 422)
        assert answer.headers["content-type"].startswith("application/problem+json")
    after = expect(await client.get(f"/campaigns/{t.cid}/fairness", headers=t.player.auth), 200)
    assert after == before


async def test_only_a_storyteller_rotates_keeping_the_client_seed(client: AsyncClient) -> None:
    t = await table_3d6(client)
    answer = await client.post(f"/campaigns/{t.cid}/fairness/rotate", headers=t.player.auth)
    expect(answer, 403)
    outsider = await register(client, "outsider")
    answer = await client.post(f"/campaigns/{t.cid}/fairness/rotate", headers=outsider.auth)
    expect(answer, 404)
    put = await client.put(
        f"/campaigns/{t.cid}/fairness/client-seed", json={"client_seed": "x"},
        headers=outsider.auth,
    )  # fmt: skip
    expect(put, 404)
    state = expect(await client.get(f"/campaigns/{t.cid}/fairness", headers=t.player.auth), 200)
    assert state["seed_number"] == 1


async def test_the_current_seed_appears_in_no_answer_and_no_event(
    client: AsyncClient, app: Any
) -> None:
    t = await table_3d6(client)
    seen: list[str] = []

    async def get(path: str) -> None:
        for who in (t.storyteller, t.player):
            answer = await client.get(path, headers=who.auth)
            seen.append(answer.text)

    async def sweep() -> None:
        secret = await current_seed_hex(app, t.cid)
        await get(f"/campaigns/{t.cid}/fairness")
        await get(f"/campaigns/{t.cid}/audit")
        await get(f"/campaigns/{t.cid}/rolls")
        await get(f"/campaigns/{t.cid}")
        await get(f"/campaigns/{t.cid}/events?after=0")
        events = await events_read(app, t.cid, ("data",))
        texts = [*seen, *(json.dumps(data) for (data,) in events)]
        assert not [text for text in texts if secret in text.lower()]

    made = await play(client, t)
    for one in made:
        seen.append((await client.get(f"/rolls/{one['id']}", headers=t.storyteller.auth)).text)
    seen += [json.dumps(one) for one in made]
    await sweep()
    seen.append(json.dumps(await rotate(client, t.storyteller, t.cid)))
    await play(client, t)
    await sweep()


async def test_a_player_verifies_the_chain_although_blind_rolls_are_redacted(
    client: AsyncClient,
) -> None:
    t = await table_3d6(client)
    made = await play(client, t)
    private = await roll(client, t.storyteller, t.cid, kind="formula", formula="1d8",
                         visibility="private")  # fmt: skip
    await rotate(client, t.storyteller, t.cid)
    mine = await bundle(client, t.player, t.cid)
    blind = made[2]
    hidden = [link for link in mine["audit"] if link["record"] is None]
    assert {link["roll_id"] for link in hidden} == {blind["id"], private["id"]}
    assert all(blind["note"] not in json.dumps(link) for link in mine["audit"])
    report = verify(mine)
    assert report.ok, report.summary()
    assert report.redacted == 2 and report.links == 7 and report.rolls == 3
    assert "redacted" in report.summary()


async def test_the_audit_pages_by_seq_and_refuses_bad_paging(client: AsyncClient) -> None:
    t = await table_3d6(client)
    await play(client, t)
    path = f"/campaigns/{t.cid}/audit"
    whole = expect(await client.get(path, headers=t.storyteller.auth), 200)
    assert whole["next_after"] is None and len(whole["audit"]) == 6
    seqs = [link["seq"] for link in whole["audit"]]
    assert seqs == sorted(seqs)
    page = expect(await client.get(f"{path}?after={seqs[1]}&limit=2", headers=t.player.auth), 200)
    assert [link["seq"] for link in page["audit"]] == seqs[2:4]
    assert page["next_after"] == seqs[3]
    for bad in ("limit=0", "limit=5001", "after=-1", "after=x"):
        answer = await client.get(f"{path}?{bad}", headers=t.player.auth)
        expect(answer, 422)
