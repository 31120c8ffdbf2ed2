"""Campaigns: create with per-ruleset settings, list, edit, delete, invites and members."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from httpx import AsyncClient, Response
from pydantic import BaseModel, ValidationError

from app.campaigns.schemas import Settings3d6
from app.core.ids import hash_secret
from tests.service.table import (
    SHEET_MATRIX,
    Person,
    campaign,
    character,
    db_run,
    expect,
    join,
    pages,
    register,
    roll,
)


async def _invite(client: AsyncClient, st: Person, cid: str, **body: Any) -> Any:
    return expect(await client.post(f"/campaigns/{cid}/invites", json=body, headers=st.auth), 201)


async def _members(client: AsyncClient, person: Person, cid: str) -> dict[str, str]:
    listed = expect(await client.get(f"/campaigns/{cid}/members", headers=person.auth), 200)
    return {m["user_id"]: m["role"] for m in listed}


@pytest.mark.parametrize(
    ("ruleset", "defaults"),
    [("3d6", {"reroll_any_die": False}), ("matrix", {"npc_fatigue_only": False}), ("d20", {})],
)
async def test_the_creator_of_a_campaign_is_its_storyteller(
    client: AsyncClient, ruleset: str, defaults: dict[str, Any]
) -> None:
    st = await register(client, "creator")
    made = await campaign(client, st, ruleset)
    assert made["ruleset"] == ruleset
    table = {"language": "en", "storyteller_reads_whispers": True, "message_delete_minutes": 5}
    assert made["settings"] == {**table, **defaults}
    assert made["role"] == "storyteller"
    assert {"id", "name", "ruleset", "settings", "created_at"} <= set(made)
    assert await _members(client, st, made["id"]) == {st.id: "storyteller"}
    assert expect(await client.get(f"/campaigns/{made['id']}", headers=st.auth), 200) == made


async def test_settings_are_checked_against_the_ruleset(client: AsyncClient) -> None:
    st = await register(client, "settings")
    made = await campaign(client, st, "3d6", {"reroll_any_die": True})
    assert made["settings"]["reroll_any_die"] is True
    for ruleset, settings in [
        ("3d6", {"npc_fatigue_only": True}),  # a matrix setting
        ("matrix", {"reroll_any_die": True}),  # a 3d6 setting
        ("d20", {"anything": 1}),
        ("3d6", {"reroll_any_die": "perhaps"}),
    ]:
        body = {"name": "bad", "ruleset": ruleset, "settings": settings}
        refused = await client.post("/campaigns", json=body, headers=st.auth)
        expect(refused, 422)
        assert "settings." in refused.json()["detail"]
    for body in (
        {"name": "bad", "ruleset": "gurps"},
        {"name": "", "ruleset": "3d6"},
        {"ruleset": "3d6"},
        {"name": "x", "ruleset": "3d6", "owner": "me"},
    ):
        expect(await client.post("/campaigns", json=body, headers=st.auth), 422)
    listed = expect(await client.get("/campaigns", headers=st.auth), 200)
    assert [c["id"] for c in listed["items"]] == [made["id"]]


def _pydantic_errors(model: type[BaseModel], settings: dict[str, Any]) -> list[dict[str, Any]]:
    """What pydantic says of ``settings``, in the ``errors`` shape of docs/api.md."""
    with pytest.raises(ValidationError) as refused:
        model.model_validate(settings)
    return [
        {"loc": ["body", "settings", *e["loc"]], "msg": e["msg"]} for e in refused.value.errors()
    ]


def _refused_settings(answer: Response, expected: list[dict[str, Any]]) -> None:
    assert answer.status_code == 422, answer.text
    assert answer.headers["content-type"] == "application/problem+json"
    body = answer.json()
    assert body["status"] == 422 and body["title"] == "Validation failed"
    assert body["errors"] == expected
    first = expected[0]
    assert body["detail"] == f"{'.'.join(first['loc'])}: {first['msg']}"


BAD_3D6_SETTINGS = {"reroll_any_die": "perhaps", "unknown": True}


async def test_refused_settings_on_create_name_every_field_in_errors(client: AsyncClient) -> None:
    st = await register(client, "errors")
    expected = _pydantic_errors(Settings3d6, BAD_3D6_SETTINGS)
    assert {tuple(e["loc"]) for e in expected} == {
        ("body", "settings", "reroll_any_die"),
        ("body", "settings", "unknown"),
    }
    body = {"name": "bad", "ruleset": "3d6", "settings": BAD_3D6_SETTINGS}
    _refused_settings(await client.post("/campaigns", json=body, headers=st.auth), expected)
    # A setting of another ruleset is an unknown one here.
    body = {"name": "bad", "ruleset": "d20", "settings": {"npc_fatigue_only": False}}
    _refused_settings(
        await client.post("/campaigns", json=body, headers=st.auth),
        [
            {
                "loc": ["body", "settings", "npc_fatigue_only"],
                "msg": "Extra inputs are not permitted",
            }
        ],
    )
    assert expect(await client.get("/campaigns", headers=st.auth), 200)["items"] == []


async def test_refused_settings_on_edit_name_every_field_and_change_nothing(
    client: AsyncClient,
) -> None:
    st = await register(client, "errors")
    cid = (await campaign(client, st, "3d6"))["id"]
    # One edit first, so that the record holds an event to count on from.
    made = expect(
        await client.patch(f"/campaigns/{cid}", json={"name": "First"}, headers=st.auth), 200
    )
    events = f"/campaigns/{cid}/events"
    before = expect(await client.get(events, headers=st.auth), 200)["items"]
    assert before[-1]["type"] == "campaign.updated"
    expected = _pydantic_errors(Settings3d6, BAD_3D6_SETTINGS)
    for body in (
        {"settings": BAD_3D6_SETTINGS},
        {"name": "Renamed", "settings": BAD_3D6_SETTINGS},
    ):
        answer = await client.patch(f"/campaigns/{cid}", json=body, headers=st.auth)
        _refused_settings(answer, expected)
    assert expect(await client.get(f"/campaigns/{cid}", headers=st.auth), 200) == made
    assert expect(await client.get(events, headers=st.auth), 200)["items"] == before
    # Not even a seq was spent: the next edit's event follows the last one.
    expect(await client.patch(f"/campaigns/{cid}", json={"name": "Kept"}, headers=st.auth), 200)
    after = expect(await client.get(events, headers=st.auth), 200)["items"]
    assert [e["seq"] for e in after] == [e["seq"] for e in before] + [before[-1]["seq"] + 1]


async def test_the_list_of_campaigns_pages_newest_first_without_gaps_or_repeats(
    client: AsyncClient,
) -> None:
    st = await register(client, "pager")
    made = [(await campaign(client, st, "d20"))["id"] for _ in range(5)]
    walked = await pages(client, st, "/campaigns", limit=2)
    assert all(len(page["items"]) <= 2 for page in walked)
    seen = [c["id"] for page in walked for c in page["items"]]
    assert len(walked) == 3
    assert seen == list(reversed(made))
    whole = expect(await client.get("/campaigns", headers=st.auth), 200)
    assert [c["id"] for c in whole["items"]] == seen and whole["next_cursor"] is None
    for bad in ({"limit": 0}, {"limit": 201}, {"limit": "x"}, {"cursor": "!!"}):
        expect(await client.get("/campaigns", params=bad, headers=st.auth), 422)


async def test_the_storyteller_renames_and_merges_settings(client: AsyncClient) -> None:
    st = await register(client, "editor")
    cid = (await campaign(client, st, "matrix"))["id"]
    renamed = expect(
        await client.patch(f"/campaigns/{cid}", json={"name": "New name"}, headers=st.auth), 200
    )
    assert renamed["name"] == "New name" and renamed["settings"]["npc_fatigue_only"] is False
    changed = expect(
        await client.patch(
            f"/campaigns/{cid}", json={"settings": {"npc_fatigue_only": True}}, headers=st.auth
        ),
        200,
    )
    assert changed["name"] == "New name" and changed["settings"]["npc_fatigue_only"] is True


async def test_the_ruleset_of_a_campaign_cannot_change(client: AsyncClient) -> None:
    st = await register(client, "fixed")
    made = await campaign(client, st, "3d6")
    cid = made["id"]
    for body in (
        {"ruleset": "d20"},
        {"name": "x", "ruleset": "3d6"},
        {"settings": {"unknown": True}},
        {"settings": {"reroll_any_die": 3}},
        {"name": ""},
    ):
        expect(await client.patch(f"/campaigns/{cid}", json=body, headers=st.auth), 422)
    assert expect(await client.get(f"/campaigns/{cid}", headers=st.auth), 200) == made


async def test_deleting_a_campaign_removes_it_with_its_characters_and_rolls(
    client: AsyncClient,
) -> None:
    st = await register(client, "deleter")
    player = await register(client, "evicted")
    cid = (await campaign(client, st, "matrix"))["id"]
    await join(client, st, cid, player)
    pc = await character(client, player, cid, SHEET_MATRIX)
    made = await roll(client, player, cid, kind="test", character_id=pc["id"], trait="strength")
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 204)
    for person in (st, player):
        expect(await client.get(f"/campaigns/{cid}", headers=person.auth), 404)
        expect(await client.get(f"/characters/{pc['id']}", headers=person.auth), 404)
        expect(await client.get(f"/rolls/{made['id']}", headers=person.auth), 404)
        assert expect(await client.get("/campaigns", headers=person.auth), 200)["items"] == []
    expect(await client.delete(f"/campaigns/{cid}", headers=st.auth), 404)


@pytest.mark.parametrize("role", ["storyteller", "player", "spectator"])
async def test_an_invite_seats_its_holder_with_its_role(client: AsyncClient, role: str) -> None:
    st = await register(client, "host")
    guest = await register(client, "guest")
    cid = (await campaign(client, st, "d20"))["id"]
    invite = await _invite(client, st, cid, role=role)
    assert invite["role"] == role
    accepted = expect(
        await client.post(f"/invites/{invite['code']}/accept", headers=guest.auth), 200
    )
    assert accepted == {"campaign_id": cid, "role": role}
    assert (await _members(client, st, cid))[guest.id] == role
    seen = expect(await client.get(f"/campaigns/{cid}", headers=guest.auth), 200)
    assert seen["role"] == role


async def test_an_invite_is_a_player_seat_by_default_and_serves_several_people(
    client: AsyncClient,
) -> None:
    st = await register(client, "host")
    first, second = await register(client, "first"), await register(client, "second")
    cid = (await campaign(client, st, "3d6"))["id"]
    invite = await _invite(client, st, cid)
    assert invite["role"] == "player"
    for person in (first, second):
        expect(await client.post(f"/invites/{invite['code']}/accept", headers=person.auth), 200)
    assert await _members(client, st, cid) == {
        st.id: "storyteller",
        first.id: "player",
        second.id: "player",
    }


async def test_accepting_twice_is_a_conflict(client: AsyncClient) -> None:
    st = await register(client, "host")
    guest = await register(client, "twice")
    cid = (await campaign(client, st, "3d6"))["id"]
    code = (await _invite(client, st, cid, role="spectator"))["code"]
    expect(await client.post(f"/invites/{code}/accept", headers=guest.auth), 200)
    again = await client.post(f"/invites/{code}/accept", headers=guest.auth)
    expect(again, 409)
    assert (await _members(client, st, cid))[guest.id] == "spectator"


async def test_an_expired_or_unknown_invite_is_not_found(app: Any, client: AsyncClient) -> None:
    st = await register(client, "host")
    guest = await register(client, "late")
    cid = (await campaign(client, st, "matrix"))["id"]
    invite = await _invite(client, st, cid, expires_in=60)
    expires = datetime.fromisoformat(invite["expires_at"].replace("Z", "+00:00"))
    assert timedelta(seconds=50) < expires - datetime.now(UTC) <= timedelta(seconds=60)
    past = datetime.now(UTC) - timedelta(seconds=1)
    sql = "UPDATE invites SET expires_at = ? WHERE code_hash = ?"
    await db_run(app, sql, past, hash_secret(invite["code"]))
    expect(await client.post(f"/invites/{invite['code']}/accept", headers=guest.auth), 404)
    expect(await client.post("/invites/not-a-code/accept", headers=guest.auth), 404)
    assert guest.id not in await _members(client, st, cid)
    for body in ({"expires_in": 59}, {"expires_in": 31 * 24 * 3600}, {"role": "god"}):
        expect(await client.post(f"/campaigns/{cid}/invites", json=body, headers=st.auth), 422)


async def test_the_members_list_shows_names_and_roles(client: AsyncClient) -> None:
    st = await register(client, "teller")
    player = await register(client, "bard")
    cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, cid, player)
    listed = expect(await client.get(f"/campaigns/{cid}/members", headers=player.auth), 200)
    assert listed == [
        {"user_id": st.id, "display_name": "Teller", "role": "storyteller", "online": False},
        {"user_id": player.id, "display_name": "Bard", "role": "player", "online": False},
    ]
    paged = expect(await client.get(f"/campaigns/{cid}/members?limit=50", headers=player.auth), 200)
    assert paged == {"items": listed, "next_cursor": None}


async def test_the_members_list_pages_in_the_order_people_joined(client: AsyncClient) -> None:
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    guests = [await register(client, f"guest{i}") for i in range(4)]
    for guest in guests:
        await join(client, st, cid, guest, "spectator")
    found = await pages(client, st, f"/campaigns/{cid}/members", limit=2)
    assert [len(page["items"]) for page in found] == [2, 2, 1]
    seated = [m["user_id"] for page in found for m in page["items"]]
    assert seated == [st.id, *(g.id for g in guests)]
    for bad in ("nope", "MDAw", found[0]["next_cursor"] + "x" * 30):
        answer = await client.get(
            f"/campaigns/{cid}/members", params={"cursor": bad}, headers=st.auth
        )
        assert expect(answer, 422)["detail"] == "cursor: not a cursor this server issued"


async def test_the_storyteller_changes_a_members_role(client: AsyncClient) -> None:
    st = await register(client, "teller")
    player = await register(client, "promoted")
    cid = (await campaign(client, st, "d20"))["id"]
    await join(client, st, cid, player)
    path = f"/campaigns/{cid}/members/{player.id}"
    answer = expect(await client.patch(path, json={"role": "spectator"}, headers=st.auth), 200)
    assert answer["role"] == "spectator" and answer["user_id"] == player.id
    # As a spectator they may no longer roll.
    await roll(client, player, cid, status=403, kind="formula", formula="1d6")
    expect(await client.patch(path, json={"role": "storyteller"}, headers=st.auth), 200)
    assert (await _members(client, st, cid))[player.id] == "storyteller"
    expect(await client.patch(path, json={"role": "king"}, headers=st.auth), 422)
    stranger = await register(client, "stranger")
    expect(
        await client.patch(
            f"/campaigns/{cid}/members/{stranger.id}", json={"role": "player"}, headers=st.auth
        ),
        404,
    )


async def test_the_last_storyteller_can_neither_leave_nor_step_down(client: AsyncClient) -> None:
    st = await register(client, "alone")
    cid = (await campaign(client, st, "3d6"))["id"]
    me = f"/campaigns/{cid}/members/{st.id}"
    expect(await client.patch(me, json={"role": "player"}, headers=st.auth), 409)
    expect(await client.delete(me, headers=st.auth), 409)
    assert await _members(client, st, cid) == {st.id: "storyteller"}
    # With a second storyteller, the first may step down, then leave.
    second = await register(client, "heir")
    await join(client, st, cid, second, "storyteller")
    expect(await client.patch(me, json={"role": "player"}, headers=st.auth), 200)
    expect(await client.delete(me, headers=st.auth), 204)
    assert await _members(client, second, cid) == {second.id: "storyteller"}
    expect(await client.get(f"/campaigns/{cid}", headers=st.auth), 404)


async def test_a_player_leaves_and_loses_the_campaign(client: AsyncClient) -> None:
    st = await register(client, "teller")
    player = await register(client, "leaver")
    cid = (await campaign(client, st, "matrix"))["id"]
    await join(client, st, cid, player)
    expect(await client.delete(f"/campaigns/{cid}/members/{player.id}", headers=player.auth), 204)
    assert await _members(client, st, cid) == {st.id: "storyteller"}
    expect(await client.get(f"/campaigns/{cid}", headers=player.auth), 404)
    assert expect(await client.get("/campaigns", headers=player.auth), 200)["items"] == []
    # Removing someone who is not (or no longer) a member is a 404.
    expect(await client.delete(f"/campaigns/{cid}/members/{player.id}", headers=st.auth), 404)
