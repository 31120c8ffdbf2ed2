"""Real answers of every ruleset and kind fit the shapes the OpenAPI document gives a roll's
``result`` and ``odds``, a character's ``sheet`` and ``derived``, the odds endpoints and the
events (app/rolls/shapes.py, app/characters/shapes.py, app/events/shapes.py).

Each union is a ``oneOf``: an answer must fit exactly one branch, and the test names the
branch it expects for its ruleset and kind, so two shapes that overlap, or an answer that
grew a shape of its own, fail here."""

from __future__ import annotations

from typing import Any

import jsonschema_rs
import pytest_asyncio
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient

from tests.service.table import (
    ITEM,
    SHEET_3D6,
    SHEET_D20,
    SHEET_MATRIX,
    Person,
    campaign,
    character,
    expect,
    join,
    register,
    roll,
)

Document = dict[str, Any]


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def document(app: FastAPI) -> Document:
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as http:
        return (await http.get("/openapi.json")).json()  # type: ignore[no-any-return]


def fits(document: Document, name: str, value: Any) -> list[str]:
    """Why ``value`` does not fit the component ``name`` (nothing when it does)."""
    root = {"$ref": f"#/components/schemas/{name}", "components": document["components"]}
    validator = jsonschema_rs.Draft202012Validator(root)
    return [f"{name}: {error.message[:300]}" for error in validator.iter_errors(value)]


def branch(document: Document, union: dict[str, Any], value: Any) -> list[str]:
    """The names of the union's branches ``value`` fits."""
    names = [b["$ref"].rsplit("/", 1)[1] for b in union["oneOf"]]
    return [name for name in names if not fits(document, name, value)]


def roll_unions(document: Document) -> tuple[dict[str, Any], dict[str, Any]]:
    props = document["components"]["schemas"]["RollRead"]["properties"]
    return props["result"], props["odds"]


def check_roll(document: Document, answer: dict[str, Any], result: str, odds: str) -> None:
    assert not fits(document, "RollRead", answer), fits(document, "RollRead", answer)
    result_union, odds_union = roll_unions(document)
    assert branch(document, result_union, answer["result"]) == [result], answer["result"]
    assert branch(document, odds_union, answer["odds"]) == [odds], answer["odds"]


async def test_3d6_rolls_fit_their_shapes(client: AsyncClient, document: Document) -> None:
    st, player = await register(client, "st"), await register(client, "pl")
    cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, cid, player)
    mine = await character(client, player, cid, SHEET_3D6)
    helper = await character(client, st, cid, SHEET_3D6, name="Pelote", npc=True)
    check_character(document, mine, "Sheet3d6", "Derived3d6")

    test = await roll(
        client, player, cid, kind="test", character_id=mine["id"], trait="strong",
        difficulty=2, rerolls=[ITEM], helper_id=helper["id"],
    )  # fmt: skip
    assert test["result"]["helper_id"] == helper["id"]
    check_roll(document, test, "Roll3d6TestResult", "Roll3d6Odds")
    if test["status"] == "pending" and test["result"]["rerolls_left"]:
        die = next((i for i, d in enumerate(test["dice"]) if not d["success"]), 0)
        step = expect(
            await client.post(
                f"/rolls/{test['id']}/reroll", json={"die": die}, headers=player.auth
            ),
            200,
        )
        check_roll(document, step, "Roll3d6TestResult", "Roll3d6Odds")
    open_test = await roll(client, st, cid, kind="test", character_id=mine["id"], trait="clever")
    check_roll(document, open_test, "Roll3d6TestResult", "Roll3d6Odds")
    blind = await roll(
        client, player, cid, kind="test", character_id=mine["id"], trait="strong",
        visibility="blind",
    )  # fmt: skip
    assert blind["redacted"] is True
    check_roll(document, blind, "Withheld", "Withheld")
    noted = await roll(client, player, cid, kind="formula", formula="3d6e6 [fire] + 2")
    assert noted["result"]["annotations"]
    check_roll(document, noted, "FormulaResult", "FormulaOdds")

    request = expect(
        await client.post(
            f"/campaigns/{cid}/roll-requests",
            json={"character_ids": [mine["id"]], "kind": "test", "trait": "clever"},
            headers=st.auth,
        ),
        201,
    )
    answer = await roll(client, player, cid, request_id=request["id"], character_id=mine["id"])
    assert answer["result"]["request_id"] == request["id"]
    check_roll(document, answer, "Roll3d6TestResult", "Roll3d6Odds")
    await check_log_and_events(client, document, st, cid)


async def test_matrix_rolls_fit_their_shapes(client: AsyncClient, document: Document) -> None:
    st = await register(client, "st")
    cid = (await campaign(client, st, "matrix"))["id"]
    hero = await character(
        client, st, cid, {**SHEET_MATRIX, "states": {"panicked": True}}, npc=True
    )
    check_character(document, hero, "SheetMatrix", "DerivedMatrix")
    test = await roll(
        client, st, cid, kind="test", character_id=hero["id"], trait="strength", difficulty=3
    )
    check_roll(document, test, "MatrixTestResult", "MatrixOdds")
    faith = await roll(client, st, cid, kind="test", character_id=hero["id"], trait="faith")
    check_roll(document, faith, "MatrixTestResult", "MatrixOdds")
    formula = await roll(client, st, cid, kind="formula", formula="1d6e6")
    assert formula["odds"]["exact"] is False
    check_roll(document, formula, "FormulaResult", "FormulaOdds")

    hit = expect(
        await client.post(
            f"/characters/{hero['id']}/damage",
            json={"type": "physical", "formula": "10+1"},
            headers=st.auth,
        ),
        200,
    )
    assert hit["checks"], hit
    check_roll(document, hit["roll"], "DamageResult", "Withheld")
    for check in hit["checks"]:
        assert check["result"]["threshold"] == 10
        check_roll(document, check, "MatrixTestResult", "MatrixOdds")
    check_character(document, hit["character"], "SheetMatrix", "DerivedMatrix")
    assert not fits(document, "DamageAnswer", hit), fits(document, "DamageAnswer", hit)
    await check_log_and_events(client, document, st, cid)


async def test_d20_rolls_fit_their_shapes(client: AsyncClient, document: Document) -> None:
    st = await register(client, "st")
    cid = (await campaign(client, st, "d20"))["id"]
    hero = await character(client, st, cid, SHEET_D20, npc=True)
    check_character(document, hero, "SheetD20", "DerivedD20")
    test = await roll(
        client, st, cid, kind="test", character_id=hero["id"], trait="dex", advantage=True
    )
    check_roll(document, test, "D20TestResult", "D20Odds")
    save = await roll(
        client, st, cid, kind="save", character_id=hero["id"], trait="con", difficulty=30,
        condition="poisoned",
    )  # fmt: skip
    # 30 is out of reach but for a natural 20, which succeeds (one save in twenty)
    assert save["result"]["condition_applied"] is not save["result"]["success"]
    check_roll(document, save, "D20SaveResult", "D20Odds")
    fudge = await roll(client, st, cid, kind="formula", formula="4dF+1")
    check_roll(document, fudge, "FormulaResult", "FormulaOdds")
    many = await roll(client, st, cid, kind="formula", formula="100d100")
    assert "no_totals" in many["odds"]
    check_roll(document, many, "FormulaResult", "FormulaOdds")
    changed = expect(await client.get(f"/characters/{hero['id']}", headers=st.auth), 200)
    check_character(document, changed, "SheetD20", "DerivedD20")
    await check_log_and_events(client, document, st, cid)


def check_character(document: Document, answer: dict[str, Any], sheet: str, derived: str) -> None:
    assert not fits(document, "CharacterRead", answer), fits(document, "CharacterRead", answer)
    props = document["components"]["schemas"]["CharacterRead"]["properties"]
    assert branch(document, props["sheet"], answer["sheet"]) == [sheet]
    assert branch(document, props["derived"], answer["derived"]) == [derived]


async def check_log_and_events(
    client: AsyncClient, document: Document, person: Person, cid: str
) -> None:
    """The log and the event stream of the table, as the document says they are."""
    log = expect(await client.get(f"/campaigns/{cid}/rolls", headers=person.auth), 200)
    assert not fits(document, "RollList", log), fits(document, "RollList", log)
    events = expect(
        await client.get(f"/campaigns/{cid}/events", params={"limit": 500}, headers=person.auth),
        200,
    )
    assert not fits(document, "EventList", events), fits(document, "EventList", events)
    shapes = document["components"]["schemas"]["EventList"]["properties"]["items"]["items"]
    mapping = shapes["discriminator"]["mapping"]
    for event in events["items"]:
        expected = mapping[event["type"]].rsplit("/", 1)[1]
        assert branch(document, shapes, event) == [expected], event["type"]


async def test_odds_answers_fit_their_shapes(client: AsyncClient, document: Document) -> None:
    cases = {
        "/odds/3d6?score=3&difficulty=2&rerolls=1": "Roll3d6Odds",
        "/odds/3d6?score=0&dice=4": "Roll3d6Odds",
        "/odds/matrix?stat=12&difficulty=4": "MatrixOdds",
        "/odds/d20?modifier=3&difficulty=hard&disadvantage=true": "D20Odds",
        "/odds/d20?modifier=-2": "D20Odds",
        "/odds/formula?formula=2d6kh1%2B1": "FormulaOdds",
        "/odds/formula?formula=1d10e10": "FormulaOdds",
        "/odds/formula?formula=60d100": "FormulaOdds",
    }
    for path, name in cases.items():
        answer = await client.get(path)
        if answer.status_code == 422:  # a preset name this ruleset does not have
            continue
        schema = document["paths"]["/api/v1" + path.split("?")[0]]["get"]["responses"]["200"]
        assert schema["content"]["application/json"]["schema"] == {
            "$ref": f"#/components/schemas/{name}"
        }
        assert not fits(document, name, answer.json()), (path, answer.text)
