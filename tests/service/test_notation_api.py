"""The free formula's notation over HTTP: a rich formula rolls and reads back whole, a bad
one gets a 422 naming its position and writes nothing, a formula over a cap is refused
before any die, damage says it does not take the notation, and the verifier replays the
rolls from the campaign's revealed seed."""

from __future__ import annotations

from typing import Any

from httpx import AsyncClient

from tests.conftest import Scripted
from tests.fairness.table import check, rotate
from tests.service.table import SHEET_MATRIX, Person, campaign, character, expect, register, roll


async def _table(http: AsyncClient) -> tuple[Person, str]:
    storyteller = await register(http, "teller")
    return storyteller, (await campaign(http, storyteller, "3d6"))["id"]


async def _log(http: AsyncClient, who: Person, cid: str) -> list[dict[str, Any]]:
    return list(expect(await http.get(f"/campaigns/{cid}/rolls", headers=who.auth), 200)["items"])


def _refused(answer: Any, position: int, message: str) -> None:
    assert answer.status_code == 422, answer.text
    assert answer.headers["content-type"] == "application/problem+json"
    problem = answer.json()
    assert problem["title"] == "Rules violation"
    assert message in problem["detail"] and f"at position {position} " in problem["detail"]


async def test_a_rich_formula_rolls_and_reads_back_with_every_die_it_rolled(
    scripted: Scripted,
) -> None:
    http = scripted.http
    st, cid = await _table(http)
    scripted.faces(1, 4, 6, 2, 6, 1, 3)  # 2d6rr1: 1→6 | 3d6e6: 2, 6, 1, then 3 explodes in
    made = await roll(http, st, cid, kind="formula", formula="2d6rr1 + 3d6e6 [fire]")
    assert scripted.faces_left == 0
    assert made["dice"] == [
        {"sides": 6, "value": 6, "history": [1]},
        {"sides": 6, "value": 4, "history": []},
        {"sides": 6, "value": 2, "history": []},
        {"sides": 6, "value": 6, "history": [], "exploded": True},
        {"sides": 6, "value": 1, "history": []},
        {"sides": 6, "value": 3, "history": [], "added": True},
    ]
    assert made["result"] == {
        "total": 22,
        "formula": "2d6rr1+3d6e6[fire]",
        "terms": [10, 12],
        "text": "2d6rr1 (**~~1~~**, **6**, 4) + 3d6e6 (2, **6!**, **1**, 3) [fire] = `22`",
        "annotations": [{"text": "[fire]", "value": 12}],
    }
    assert made["odds"]["exact"] is False and made["odds"]["truncated_below"] == 1e-9
    again = expect(await http.get(f"/rolls/{made['id']}", headers=st.auth), 200)
    assert (again["dice"], again["result"], again["odds"]) == (
        made["dice"],
        made["result"],
        made["odds"],
    )


async def test_fudge_and_percentile_dice_name_their_kind(scripted: Scripted) -> None:
    http = scripted.http
    st, cid = await _table(http)
    scripted.faces(1, 2, 3, 3, 10)
    made = await roll(http, st, cid, kind="formula", formula="4dF+1d%")
    assert [(d["sides"], d["value"]) for d in made["dice"]] == [
        ("F", -1), ("F", 0), ("F", 1), ("F", 1), ("%", 90),
    ]  # fmt: skip
    assert made["result"]["total"] == 91
    # 4dF totals +1 in 16 of 81 ways (one +1 and three 0s: 4; two +1s, a 0, a -1: 12)
    assert made["odds"]["totals"]["91"] == 16 / 81 / 10


async def test_a_bad_formula_is_refused_naming_its_position_and_writes_nothing(
    client: AsyncClient,
) -> None:
    st, cid = await _table(client)
    for formula, position, message in [
        ("2d6 kh1", 4, "write operations right after the dice"),
        ("4d6kx3", 4, "expected a selector"),
        ("(1d6, 1d8", 9, "is never closed"),
        ("1D20", 1, "the notation is lowercase"),
    ]:
        body = {"kind": "formula", "formula": formula}
        answer = await client.post(f"/campaigns/{cid}/rolls", json=body, headers=st.auth)
        _refused(answer, position, message)
    assert await _log(client, st, cid) == []


async def test_a_formula_over_a_cap_is_refused_before_any_die(scripted: Scripted) -> None:
    http = scripted.http
    st, cid = await _table(http)
    scripted.faces(1, 2, 3)
    for formula, position, message in [
        ("1d1000rr<1000", 0, "could roll more than 1000 dice"),
        ("101d6", 0, "count must be at most 100"),
        ("1/(1d6-1)", 1, "the divisor of '/' can be 0"),
        ("1d6rr<7", 3, "it would reroll forever"),
    ]:
        body = {"kind": "formula", "formula": formula}
        answer = await http.post(f"/campaigns/{cid}/rolls", json=body, headers=st.auth)
        _refused(answer, position, message)
    assert scripted.faces_left == 3
    assert await _log(http, st, cid) == []


async def test_damage_says_it_does_not_take_the_free_formulas_notation(
    client: AsyncClient,
) -> None:
    st = await register(client, "teller")
    cid = (await campaign(client, st, "matrix"))["id"]
    npc = await character(client, st, cid, SHEET_MATRIX, npc=True)
    body = {"type": "physical", "formula": "2d6kh1+3"}
    answer = await client.post(f"/characters/{npc['id']}/damage", json=body, headers=st.auth)
    _refused(answer, 3, "the free formula's notation (kh, e, rr, ...) is not used in damage")


async def test_the_odds_endpoint_answers_any_formula_of_the_notation(client: AsyncClient) -> None:
    odds = expect(await client.get("/odds/formula", params={"formula": "(1d6,1d8)kh1"}), 200)
    assert odds["totals"]["8"] == 1 / 8 and "exact" not in odds
    odds = expect(await client.get("/odds/formula", params={"formula": "10d10e10"}), 200)
    assert odds["no_totals"] == "counting them would take too long"
    answer = await client.get("/odds/formula", params={"formula": "1d6rr<7"})
    _refused(answer, 3, "forever")


async def test_each_formula_roll_takes_one_nonce_however_many_dice_it_rerolls(
    client: AsyncClient,
) -> None:
    """A hidden roll's proof is not shown, and its nonce count cannot tell either."""
    st, cid = await _table(client)
    before = expect(await client.get(f"/campaigns/{cid}/fairness", headers=st.auth), 200)
    for formula in ("20d6rr<6", "10d6e>1", "1d6"):
        await roll(client, st, cid, kind="formula", formula=formula, visibility="blind")
    after = expect(await client.get(f"/campaigns/{cid}/fairness", headers=st.auth), 200)
    assert after["next_nonce"] - before["next_nonce"] == 3


async def test_the_verifier_replays_rich_formula_rolls_from_the_revealed_seed(
    client: AsyncClient,
) -> None:
    st, cid = await _table(client)
    texts = ("8d6rr1", "6d6e>4", "4d6ro<3kh3", "(2d6e6, 1d20)kh1+4dF", "1d20ra20", "1d6/3+0.1")
    for formula in texts:  # the last one's terms are floats, stored and hashed as such
        await roll(client, st, cid, kind="formula", formula=formula)
    await rotate(client, st, cid)
    report = await check(client, st, cid)
    assert report.ok, report.summary()
    assert report.draws == len(texts) and report.pending_draws == 0
