"""A blind 3d6 test carries its player's choices, stated beforehand (docs/rules.md, "stated
choices": "A **blind** test always takes its choices so (its player cannot see it to choose
later)"; the server applies them when it rolls).

The leak probe builds two tables that differ only in the blind roll's dice — once a success
whose first reroll already makes every die succeed, once a partial that spends every reroll
and takes the stated ``complication`` — and compares everything the player, another player
and a spectator can read (the answer, the roll, the log, the events and their seqs, the
audit chain, the fairness counters and the next public roll's nonce, the grants), with the
harness of ``test_hidden_effects``.
"""

from __future__ import annotations

from typing import Any

from httpx import AsyncClient

from app.rules.verify import verify
from tests.conftest import Scripted
from tests.service.table import (
    GIFT,
    ITEM,
    Person,
    campaign,
    character,
    expect,
    join,
    register,
    roll,
)
from tests.service.test_hidden_effects import Table, differences, normalised, reading, table

BLIND = {"kind": "test", "trait": "strong", "difficulty": 2, "visibility": "blind"}
STATED = {"spend_rerolls": True, "on_partial": "complication"}


async def _whole(http: AsyncClient, st: Person, roll_id: str) -> dict[str, Any]:
    whole: dict[str, Any] = expect(await http.get(f"/rolls/{roll_id}", headers=st.auth), 200)
    return whole


async def _grant(http: AsyncClient, st: Person, character_id: str) -> dict[str, Any]:
    body = {"name": "the rope trick"}
    path = f"/characters/{character_id}/grants"
    granted: dict[str, Any] = expect(await http.post(path, json=body, headers=st.auth), 201)
    return granted


async def test_a_blind_roll_spends_the_stated_rerolls_and_takes_the_stated_choice(
    scripted: Scripted,
) -> None:
    http = scripted.http
    t = await table(http, "3d6")
    # strong 3: 6, 5, 5 → die 0 rerolled to 2 (a success), then die 1 to 6 (still none).
    scripted.faces(6, 5, 5, 2, 6)
    body = {**BLIND, **STATED, "character_id": t.pc, "rerolls": [ITEM, GIFT]}
    answer = await roll(http, t.player, t.cid, **body)
    assert (answer["redacted"], answer["status"], answer["dice"]) == (True, "hidden", [])
    assert scripted.faces_left == 0
    whole = await _whole(http, t.st, answer["id"])
    assert whole["status"] == "final"
    assert [d["value"] for d in whole["dice"]] == [2, 6, 5]
    assert whole["result"]["outcome"] == "partial"
    assert whole["result"]["choice"] == "complication"
    assert [(r["die"], r["old"], r["new"]) for r in whole["result"]["rerolls"]] == [
        (0, 6, 2),
        (1, 5, 6),
    ]
    assert [len(p["rolls"]) for p in whole["proof"]] == [1, 1, 1]
    assert not any(p.get("unused") for p in whole["proof"])


async def test_a_blind_partial_without_a_stated_choice_takes_fail(scripted: Scripted) -> None:
    """A blind test that states no ``on_partial`` takes ``fail``: no further consequence."""
    http = scripted.http
    t = await table(http, "3d6")
    scripted.faces(2, 5, 6)
    answer = await roll(http, t.player, t.cid, **BLIND, character_id=t.pc)
    whole = await _whole(http, t.st, answer["id"])
    assert (whole["status"], whole["result"]["outcome"]) == ("final", "partial")
    assert whole["result"]["choice"] == "fail"


async def test_a_blind_roll_refuses_rerolls_it_was_not_told_to_spend(scripted: Scripted) -> None:
    http = scripted.http
    t = await table(http, "3d6")
    scripted.faces(1, 1, 1)
    for who in (t.player, t.st):
        refused = await roll(http, who, t.cid, 422, **BLIND, character_id=t.pc, rerolls=[ITEM])
        assert "spend_rerolls" in refused["detail"]
    public = {**BLIND, "visibility": "public", "on_partial": "fail"}
    await roll(http, t.player, t.cid, 422, **public, character_id=t.pc, rerolls=[ITEM])
    log = expect(await http.get(f"/campaigns/{t.cid}/rolls", headers=t.st.auth), 200)
    assert log["items"] == [] and scripted.faces_left == 3


async def test_a_public_roll_may_state_its_choices_too(scripted: Scripted) -> None:
    """Stating choices is not only for blind rolls: any test settles when rolled if it
    says so, and a partial without ``on_partial`` then still awaits its choice."""
    http = scripted.http
    t = await table(http, "3d6")
    scripted.faces(4, 5, 6, 6)
    body = {**BLIND, "visibility": "public", "spend_rerolls": True}
    answer = await roll(http, t.player, t.cid, **body, character_id=t.pc, rerolls=[ITEM])
    assert (answer["status"], answer["result"]["outcome"]) == ("final", "botch")
    assert answer["result"]["rerolls_left"] == 0
    scripted.faces(2, 5, 6)
    plain = {**BLIND, "visibility": "public", "character_id": t.pc}
    waiting = await roll(http, t.player, t.cid, **plain)
    assert (waiting["status"], waiting["result"]["outcome"]) == ("pending", "partial")


async def test_a_matrix_or_d20_test_states_no_3d6_choices(scripted: Scripted) -> None:
    http = scripted.http
    for ruleset in ("matrix", "d20"):
        t = await table(http, ruleset)
        trait = "strength" if ruleset == "matrix" else "str"
        refused = await roll(
            http, t.st, t.cid, 422, kind="test", character_id=t.pc, trait=trait, on_partial="fail"
        )
        assert refused["detail"] == f"on_partial: not used by a {ruleset} test"


# --- the leak probe -------------------------------------------------------------------------

# strong 3, difficulty 2, an item, a gift and a grant cited, all to be spent:
SUCCESS = (1, 2, 6, 3)  # die 2 → 3: every die a success, the two other draws unused
PARTIAL = (2, 5, 6, 6, 5, 6)  # die 1 → 6, → 5, → 6: one success, complication


async def _played(scripted: Scripted, faces: tuple[int, ...]) -> tuple[Table, dict[str, Any]]:
    """A table where the player's blind roll shows ``faces``, between two public rolls."""
    http = scripted.http
    t = await table(http, "3d6")
    await _grant(http, t.st, t.pc)
    scripted.faces(3, *faces, 4)
    await roll(http, t.st, t.cid, kind="formula", formula="1d6")
    cites = [ITEM, GIFT, {"source": "storyteller"}]
    body = {**BLIND, **STATED, "character_id": t.pc, "rerolls": cites}
    posted = await roll(http, t.player, t.cid, **body)
    await roll(http, t.st, t.cid, kind="formula", formula="1d6")
    assert scripted.faces_left == 0
    return t, posted


async def _reading(http: AsyncClient, t: Table, viewer: str, rid: str) -> dict[str, Any]:
    seen = await reading(http, t, viewer, rid)
    grants = await http.get(f"/characters/{t.pc}/grants", headers=t.who(viewer).auth)
    seen["grants"] = {"status": grants.status_code, "body": grants.json()}
    return seen


async def test_a_blind_success_and_a_blind_partial_read_alike_for_everyone_it_is_hidden_from(
    scripted: Scripted,
) -> None:
    won, won_post = await _played(scripted, SUCCESS)
    lost, lost_post = await _played(scripted, PARTIAL)
    # The storyteller reads what differs: the outcome, the choice, the rerolls spent.
    a = await _whole(scripted.http, won.st, won_post["id"])
    b = await _whole(scripted.http, lost.st, lost_post["id"])
    assert (a["result"]["outcome"], a["result"]["choice"]) == ("success", None)
    assert (b["result"]["outcome"], b["result"]["choice"]) == ("partial", "complication")
    assert [bool(p.get("unused")) for p in a["proof"]] == [False, False, True, True]
    assert [bool(p.get("unused")) for p in b["proof"]] == [False, False, False, False]
    leaks: list[str] = []
    for viewer in ("player", "other", "spectator"):
        x = await _reading(scripted.http, won, viewer, won_post["id"])
        y = await _reading(scripted.http, lost, viewer, lost_post["id"])
        if viewer == "player":
            x["answer"], y["answer"] = won_post, lost_post
        leaks += [f"{viewer}: {d}" for d in differences(normalised(x, won), normalised(y, lost))]
    assert leaks == [], f"{len(leaks)} leaks: {leaks}"
    # The blind roll took one seq and four nonces in both tables: the next public roll shows it.
    for t, posted in ((won, won_post), (lost, lost_post)):
        path = f"/campaigns/{t.cid}/rolls"
        after = expect(await scripted.http.get(path, headers=t.player.auth), 200)["items"][0]
        assert after["seq"] == posted["seq"] + 2  # the blind roll, its grant.used event
        assert after["proof"][0]["nonce"] == 5


async def test_a_settled_blind_roll_verifies_with_its_unused_draws(client: AsyncClient) -> None:
    """With the committed seed's own dice: strong 6 makes every die a success, so both
    reserved draws stay unused; the chain and every draw still verify once revealed."""
    st, player = await register(client, "teller"), await register(client, "player")
    cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, cid, player)
    sheet = {"qualities": {"strong": 6}, "items": ["ball of yarn"], "gifts": ["climber"]}
    pc = (await character(client, player, cid, sheet))["id"]
    body = {**BLIND, **STATED, "character_id": pc, "rerolls": [ITEM, GIFT]}
    posted = await roll(client, player, cid, **body)
    whole = await _whole(client, st, posted["id"])
    assert [p.get("unused", False) for p in whole["proof"]] == [False, True, True]
    expect(await client.post(f"/campaigns/{cid}/fairness/rotate", headers=st.auth), 200)
    bundle = expect(await client.get(f"/campaigns/{cid}/audit?limit=5000", headers=st.auth), 200)
    report = verify(bundle)
    assert report.failure is None and report.draws == 3, report


async def test_a_player_reads_nothing_more_of_a_blind_roll_than_before_choices_existed(
    client: AsyncClient,
) -> None:
    """The redacted answer keeps its shape: no dice, result, odds, proof, effects."""
    st, player = await register(client, "teller"), await register(client, "player")
    cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, cid, player)
    pc = (await character(client, player, cid, {"qualities": {"strong": 3}}))["id"]
    answer = await roll(client, player, cid, **BLIND, **STATED, character_id=pc)
    assert answer["redacted"] is True
    assert (answer["dice"], answer["result"], answer["odds"], answer["proof"]) == ([], {}, {}, [])
    assert answer["status"] == "hidden" and answer["updated_at"] == answer["created_at"]
