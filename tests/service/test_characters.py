"""Characters: sheets checked and normalised per ruleset, derived values, versions and
optimistic concurrency, and paging."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from httpx import AsyncClient

from tests.service.table import (
    SHEET_3D6,
    SHEET_D20,
    SHEET_MATRIX,
    Person,
    campaign,
    character,
    expect,
    join,
    pages,
    register,
)

SHEETS = {"3d6": SHEET_3D6, "matrix": SHEET_MATRIX, "d20": SHEET_D20}
TWELVE = {
    "strength", "endurance", "agility", "dexterity",
    "memory", "concentration", "intelligence", "perception",
    "faith", "morale", "persuasion", "empathy",
}  # fmt: skip


async def _table(client: AsyncClient, ruleset: str) -> tuple[Person, Person, str]:
    st = await register(client, "teller")
    player = await register(client, "player")
    cid = (await campaign(client, st, ruleset))["id"]
    await join(client, st, cid, player)
    return st, player, cid


async def test_a_3d6_sheet_is_stored_with_its_derived_values(client: AsyncClient) -> None:
    _, player, cid = await _table(client, "3d6")
    made = await character(client, player, cid, {"qualities": {"strong": 3, "clever": 5}})
    assert made["sheet"] == {"qualities": {"strong": 3, "clever": 5}, "items": [], "gifts": []}
    assert made["derived"] == {"qualities": ["clever", "strong"], "reroll_sources": 0}
    assert made["owner_id"] == player.id and made["npc"] is False
    assert made["version"] == 1 and made["campaign_id"] == cid


async def test_a_matrix_sheet_is_stored_whole_with_twelve_stats(client: AsyncClient) -> None:
    _, player, cid = await _table(client, "matrix")
    made = await character(client, player, cid, SHEET_MATRIX)
    assert made["sheet"] == {
        **SHEET_MATRIX,
        "counters": {"fatigue": 0, "mortality": 0, "madness": 0},
        "states": {"unconscious": False, "dead": False, "panicked": False},
    }
    stats = made["derived"]["stats"]
    assert set(stats) == TWELVE
    # body 6 + power 9, mind 5 + precision 6, soul 4 + maneuver 5
    assert (stats["strength"], stats["perception"], stats["persuasion"]) == (15, 11, 9)


async def test_matrix_stats_come_from_the_effective_rows(client: AsyncClient) -> None:
    st, _, cid = await _table(client, "matrix")
    sheet = {**SHEET_MATRIX, "counters": {"mortality": 10, "fatigue": 10, "madness": 4}}
    made = await character(client, st, cid, sheet, npc=True)
    # mortality 10 → body −2; fatigue 10 → soul −2; madness 4 → mind unchanged
    assert made["derived"]["stats"]["strength"] == 6 - 2 + 9
    assert made["derived"]["stats"]["faith"] == 4 - 2 + 9
    assert made["derived"]["stats"]["memory"] == 5 + 9


async def test_a_d20_sheet_is_stored_with_its_six_modifiers(client: AsyncClient) -> None:
    _, player, cid = await _table(client, "d20")
    made = await character(client, player, cid, SHEET_D20)
    assert made["sheet"] == {**SHEET_D20, "conditions": []}
    assert made["derived"]["modifiers"] == {
        "str": 2, "dex": 1, "con": 0, "wis": -1, "cha": 3, "int": 4,
    }  # fmt: skip


BAD_SHEETS = [
    ("3d6", {"qualities": {"strong": 7}}, "qualities.strong"),
    ("3d6", {"qualities": {"Strong": 3}}, "qualities.Strong"),
    ("3d6", {"qualities": {"strong": 3}, "items": "yarn"}, "items"),
    ("3d6", {"items": []}, "qualities"),
    ("matrix", {**SHEET_MATRIX, "rows": {"body": 11, "mind": 5, "soul": 4}}, "rows.body"),
    ("matrix", {"rows": SHEET_MATRIX["rows"]}, "columns"),
    ("matrix", {**SHEET_MATRIX, "counters": {"fatigue": -1}}, "counters.fatigue"),
    ("matrix", {**SHEET_MATRIX, "luck": 3}, "luck"),
    ("d20", {"abilities": {**SHEET_D20["abilities"], "str": 0}}, "abilities.str"),
    ("d20", {"abilities": {**SHEET_D20["abilities"], "str": 31}}, "abilities.str"),
    ("d20", {"abilities": {"str": 10}}, "abilities"),
    ("d20", {**SHEET_D20, "conditions": [1]}, "conditions"),
]


@pytest.mark.parametrize(("ruleset", "sheet", "field"), BAD_SHEETS)
async def test_an_invalid_sheet_is_refused_naming_the_field(
    client: AsyncClient, ruleset: str, sheet: dict[str, Any], field: str
) -> None:
    st, _, cid = await _table(client, ruleset)
    answer = await client.post(
        f"/campaigns/{cid}/characters", json={"name": "Bad", "sheet": sheet}, headers=st.auth
    )
    expect(answer, 422)
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert field in answer.json()["detail"]
    listed = expect(await client.get(f"/campaigns/{cid}/characters", headers=st.auth), 200)
    assert listed["items"] == []


async def test_a_character_body_with_unknown_fields_or_a_stranger_owner_is_refused(
    client: AsyncClient,
) -> None:
    st, _, cid = await _table(client, "3d6")
    stranger = await register(client, "stranger")
    path = f"/campaigns/{cid}/characters"
    for body in (
        {"name": "X", "sheet": SHEET_3D6, "level": 3},
        {"name": "", "sheet": SHEET_3D6},
        {"name": "X"},
        {"name": "X", "sheet": [1, 2]},
        {"name": "X", "sheet": SHEET_3D6, "owner_id": stranger.id},
    ):
        expect(await client.post(path, json=body, headers=st.auth), 422)


async def test_a_character_carries_its_version_as_etag(client: AsyncClient) -> None:
    _, player, cid = await _table(client, "d20")
    answer = await client.post(
        f"/campaigns/{cid}/characters",
        json={"name": "Versioned", "sheet": SHEET_D20},
        headers=player.auth,
    )
    made = expect(answer, 201)
    assert answer.headers["etag"] == '"1"'
    got = await client.get(f"/characters/{made['id']}", headers=player.auth)
    assert expect(got, 200) == made and got.headers["etag"] == '"1"'
    patched = await client.patch(
        f"/characters/{made['id']}",
        json={"name": "Renamed"},
        headers={**player.auth, "If-Match": got.headers["etag"]},
    )
    assert expect(patched, 200)["version"] == 2 and patched.headers["etag"] == '"2"'
    assert patched.json()["name"] == "Renamed" and patched.json()["sheet"] == made["sheet"]


async def test_a_patch_without_if_match_is_refused_with_428(client: AsyncClient) -> None:
    _, player, cid = await _table(client, "3d6")
    made = await character(client, player, cid, SHEET_3D6)
    answer = await client.patch(
        f"/characters/{made['id']}", json={"name": "Nope"}, headers=player.auth
    )
    expect(answer, 428)
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert expect(await client.get(f"/characters/{made['id']}", headers=player.auth), 200) == made


async def test_a_stale_if_match_is_refused_with_412_and_changes_nothing(
    client: AsyncClient,
) -> None:
    st, player, cid = await _table(client, "matrix")
    made = await character(client, player, cid, SHEET_MATRIX)
    path = f"/characters/{made['id']}"
    current = expect(
        await client.patch(path, json={"name": "First"}, headers={**player.auth, "If-Match": "1"}),
        200,
    )
    new_sheet = {**SHEET_MATRIX, "rows": {"body": 1, "mind": 1, "soul": 1}}
    for stale in ("1", '"1"', "0", "99", "abc"):
        answer = await client.patch(
            path,
            json={"name": "Second", "sheet": new_sheet},
            headers={**st.auth, "If-Match": stale},
        )
        expect(answer, 412)
    assert expect(await client.get(path, headers=player.auth), 200) == current


async def test_an_invalid_sheet_in_a_patch_changes_nothing(client: AsyncClient) -> None:
    _, player, cid = await _table(client, "d20")
    made = await character(client, player, cid, SHEET_D20)
    path = f"/characters/{made['id']}"
    bad = {"name": "Other", "sheet": {"abilities": {**SHEET_D20["abilities"], "dex": 99}}}
    answer = await client.patch(path, json=bad, headers={**player.auth, "If-Match": "1"})
    expect(answer, 422)
    assert "abilities.dex" in answer.json()["detail"]
    expect(await client.patch(path, json={"hp": 3}, headers={**player.auth, "If-Match": "1"}), 422)
    assert expect(await client.get(path, headers=player.auth), 200) == made


@pytest.mark.parametrize("ruleset", ["3d6", "matrix", "d20"])
async def test_concurrent_patches_of_one_version_let_exactly_one_win(
    client: AsyncClient, ruleset: str
) -> None:
    st, player, cid = await _table(client, ruleset)
    made = await character(client, player, cid, SHEETS[ruleset])
    path = f"/characters/{made['id']}"
    names = [f"Name {i}" for i in range(5)]
    answers = await asyncio.gather(
        *(
            client.patch(path, json={"name": n}, headers={**player.auth, "If-Match": "1"})
            for n in names
        )
    )
    statuses = sorted(a.status_code for a in answers)
    assert statuses == [200, 412, 412, 412, 412], [a.text for a in answers]
    winner = next(a.json() for a in answers if a.status_code == 200)
    stored = expect(await client.get(path, headers=st.auth), 200)
    assert stored == winner and stored["version"] == 2


async def test_the_character_list_pages_newest_first_without_gaps_or_repeats(
    client: AsyncClient,
) -> None:
    st, player, cid = await _table(client, "3d6")
    made = [(await character(client, player, cid, SHEET_3D6, name=f"C{i}"))["id"] for i in range(5)]
    walked = await pages(client, st, f"/campaigns/{cid}/characters", limit=2)
    assert all(1 <= len(page["items"]) <= 2 for page in walked)
    seen = [c["id"] for page in walked for c in page["items"]]
    assert seen == list(reversed(made))
    for bad in ({"limit": 0}, {"limit": 500}, {"cursor": "%%%"}):
        answer = await client.get(f"/campaigns/{cid}/characters", params=bad, headers=st.auth)
        expect(answer, 422)


async def test_the_storyteller_sets_counters_and_a_player_keeps_them(client: AsyncClient) -> None:
    st, player, cid = await _table(client, "matrix")
    made = await character(client, player, cid, SHEET_MATRIX)
    path = f"/characters/{made['id']}"
    hurt = {**SHEET_MATRIX, "counters": {"fatigue": 6, "mortality": 5, "madness": 0}}
    after = expect(
        await client.patch(path, json={"sheet": hurt}, headers={**st.auth, "If-Match": "1"}), 200
    )
    assert after["derived"]["effective_rows"] == {"body": 5, "mind": 5, "soul": 3}
    # The player may change rows and columns if the counters stay as they are…
    stronger = {**after["sheet"], "columns": {**SHEET_MATRIX["columns"], "power": 10}}
    mine = expect(
        await client.patch(
            path, json={"sheet": stronger}, headers={**player.auth, "If-Match": "2"}
        ),
        200,
    )
    assert mine["sheet"]["counters"] == after["sheet"]["counters"]
    # …but not heal themselves.
    healed = {**stronger, "counters": {"fatigue": 0, "mortality": 0, "madness": 0}}
    expect(
        await client.patch(path, json={"sheet": healed}, headers={**player.auth, "If-Match": "3"}),
        403,
    )
    assert expect(await client.get(path, headers=player.auth), 200) == mine
