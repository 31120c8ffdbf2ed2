"""Roll requests over HTTP: a storyteller asks, each character's player answers with an
ordinary roll, the storyteller follows every character's state; deadlines, cancels, and
what an answer may not change."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.roll_requests.conftest import TableOf

WIS_SAVE = {"kind": "save", "trait": "wis", "difficulty": 14, "condition": "frightened"}


def states(request: dict[str, Any]) -> dict[str, str]:
    return {t["character_id"]: t["status"] for t in request["targets"]}


async def test_one_request_to_three_characters_two_answer_and_one_expires(
    table_of: TableOf,
) -> None:
    t = await table_of("d20")
    asked = await t.ask(t.mara, t.bob, t.npc, **WIS_SAVE, expires_in=1)
    assert asked["status"] == "open" and asked["expires_at"] is not None
    assert states(asked) == dict.fromkeys((t.mara, t.bob, t.npc), "waiting")

    mine = await t.answer(t.player, asked["id"], t.mara)
    dog = await t.answer(t.storyteller, asked["id"], t.npc)
    await asyncio.sleep(1.1)  # past the one-second deadline
    late = await t.answer(t.other, asked["id"], t.bob, status=409)
    assert "expired" in late["detail"]

    seen = await t.request(t.storyteller, asked["id"])
    assert seen["status"] == "expired"
    assert states(seen) == {t.mara: "rolled", t.bob: "expired", t.npc: "rolled"}
    rolls = {x["character_id"]: x["roll_id"] for x in seen["targets"]}
    assert (rolls[t.mara], rolls[t.npc], rolls[t.bob]) == (mine["id"], dog["id"], None)
    expired = next(x for x in seen["targets"] if x["character_id"] == t.bob)
    assert expired["at"] == seen["expires_at"] == seen["updated_at"]
    assert [r["id"] for r in await t.rolls()] == [dog["id"], mine["id"]]

    # The sweep writes what reads already said, and tells it live: one event, same view;
    # two sweeping at once (two instances) write it once.
    assert sorted(await asyncio.gather(t.sweep(), t.sweep())) == [0, 1]
    assert await t.sweep() == 0
    assert await t.request(t.storyteller, asked["id"]) == seen
    expiry = [e for e in await t.events(t.storyteller) if e["type"] == "roll_request.expired"]
    assert [e["data"]["request"] for e in expiry] == [seen]


async def test_the_answer_rolls_what_the_request_asks_and_names_it(table_of: TableOf) -> None:
    t = await table_of("d20")
    asked = await t.ask(t.mara, **WIS_SAVE, visibility="storyteller", note="The crypt door")
    t.faces(3)  # 3 + wis -1 = 2 < 14: the save fails
    roll = await t.answer(t.player, asked["id"], t.mara)
    assert (roll["kind"], roll["visibility"]) == ("save", "storyteller")
    assert roll["note"] == "The crypt door"
    result = roll["result"]
    assert (result["ability"], result["difficulty"]) == ("wis", 14)
    assert result["condition"] == "frightened"
    assert result["condition_applied"] is True and result["request_id"] == asked["id"]
    assert roll["effects"] == [
        {"character_id": t.mara, "change": "add_condition", "condition": "frightened"}
    ]
    # The answer's own note, when it gives one, is the roll's.
    again = await t.ask(t.bob, kind="test", trait="dex", difficulty="easy", note="asked")
    t.faces(11)
    own = await t.answer(t.other, again["id"], t.bob, note="I jump")
    assert own["note"] == "I jump" and own["result"]["difficulty"] == 9


async def test_an_answer_may_not_change_what_the_request_sets(table_of: TableOf) -> None:
    t = await table_of("d20")
    asked = await t.ask(t.mara, **WIS_SAVE, visibility="blind")
    for field, value in (
        ("trait", "str"),
        ("difficulty", 5),
        ("visibility", "public"),
        ("kind", "test"),
        ("condition", "charmed"),
    ):
        refused = await t.answer(t.player, asked["id"], t.mara, status=422, **{field: value})
        assert refused["errors"][0]["loc"] == ["body", "answer", field], refused
        assert f"the request sets the {field}" in refused["detail"]
    assert await t.rolls() == []
    assert states(await t.request(t.player, asked["id"])) == {t.mara: "waiting"}


async def test_a_character_answers_once_and_a_retry_replays_its_answer(table_of: TableOf) -> None:
    t = await table_of("3d6")
    asked = await t.ask(t.mara, t.bob, difficulty="medium")
    first = await t.answer(t.player, asked["id"], t.mara, key="once")
    assert await t.answer(t.player, asked["id"], t.mara, key="once") == first
    twice = await t.answer(t.player, asked["id"], t.mara, status=409)
    assert f"roll {first['id']}" in twice["detail"]
    by_storyteller = await t.answer(t.storyteller, asked["id"], t.mara, status=409)
    assert by_storyteller["detail"] == twice["detail"]
    assert len(await t.rolls()) == 1


async def test_a_player_cannot_answer_for_another_character(table_of: TableOf) -> None:
    t = await table_of("matrix")
    public = await t.ask(t.mara, t.bob)
    refused = await t.answer(t.player, public["id"], t.bob, status=403)
    assert refused["detail"] == "you roll only for your own characters"
    not_asked = await t.answer(t.player, public["id"], t.npc, status=422)
    assert not_asked["detail"] == f"character_id: the request does not address {t.npc}"
    # A hidden request to someone else's character: the player may not even know of it.
    hidden = await t.ask(t.bob, visibility="storyteller")
    unseen = await t.answer(t.player, hidden["id"], t.bob, status=404)
    missing = await t.answer(t.player, "0" * 26, t.bob, status=404)
    assert unseen == missing
    # A spectator never rolls, not even for the character they were given.
    given = await t.ask(t.tam)
    await t.answer(t.spectator, given["id"], t.tam, status=403)
    assert await t.rolls() == []
    # The storyteller may answer for anyone the request addresses.
    assert (await t.answer(t.storyteller, public["id"], t.bob))["character_id"] == t.bob


async def test_advantage_is_the_storytellers_call_when_the_request_sets_it(
    table_of: TableOf,
) -> None:
    t = await table_of("d20")
    fixed = await t.ask(t.mara, kind="test", trait="dex", advantage=True)
    for field, value in (("advantage", False), ("disadvantage", True)):
        refused = await t.answer(t.player, fixed["id"], t.mara, status=422, **{field: value})
        assert refused["detail"].startswith(f"{field}: the request sets advantage")
    t.faces(4, 17)
    rolled = await t.answer(t.player, fixed["id"], t.mara)
    assert (rolled["result"]["mode"], rolled["result"]["kept"]) == ("advantage", 17)
    # Left open, the player claims it as on any roll.
    open_ = await t.ask(t.mara, kind="test", trait="dex")
    t.faces(15, 2)
    claimed = await t.answer(t.player, open_["id"], t.mara, disadvantage=True)
    assert (claimed["result"]["mode"], claimed["result"]["kept"]) == ("disadvantage", 2)


async def test_in_3d6_help_is_an_advantage_so_a_request_that_sets_one_refuses_it(
    table_of: TableOf,
) -> None:
    t = await table_of("3d6")
    fixed = await t.ask(t.mara, disadvantage=True)
    refused = await t.answer(t.player, fixed["id"], t.mara, status=422, helper_id=t.bob)
    assert refused["detail"].startswith("helper_id: the request sets advantage")
    left = await t.ask(t.mara, difficulty=1)
    t.faces(6, 6, 5, 6)  # help: four dice
    helped = await t.answer(t.player, left["id"], t.mara, helper_id=t.bob)
    assert len(helped["dice"]) == 4 and helped["result"]["helper_id"] == t.bob


async def test_the_storyteller_reads_every_state_and_lists_filter_by_them(
    table_of: TableOf,
) -> None:
    t = await table_of("3d6")
    answered = await t.ask(t.mara)
    await t.answer(t.player, answered["id"], t.mara)
    cancelled = await t.ask(t.mara, t.bob)
    rolled = await t.answer(t.player, cancelled["id"], t.mara)
    expiring = await t.ask(t.bob, expires_in="PT1S")
    waiting = await t.ask(t.bob, t.npc)
    done = await t.post(t.storyteller, f"/roll-requests/{cancelled['id']}/cancel", status=200)
    assert done["status"] == "cancelled" and done["cancelled_by"] == t.storyteller.id
    assert states(done) == {t.mara: "rolled", t.bob: "cancelled"}
    assert done["targets"][0]["roll_id"] == rolled["id"]
    await asyncio.sleep(1.1)

    path = f"/campaigns/{t.cid}/roll-requests"
    everything = await t.get(t.storyteller, path)
    assert [r["id"] for r in everything["items"]] == [
        waiting["id"], expiring["id"], cancelled["id"], answered["id"]
    ]  # fmt: skip
    by_status = {r["id"]: r["status"] for r in everything["items"]}
    assert by_status == {waiting["id"]: "open", expiring["id"]: "expired",
                         cancelled["id"]: "cancelled", answered["id"]: "answered"}  # fmt: skip
    for status in ("open", "answered", "expired", "cancelled"):
        page = await t.get(t.storyteller, path, status=status)
        assert [r["status"] for r in page["items"]] == [status], status
    first = await t.get(t.storyteller, path, limit=3)
    rest = await t.get(t.storyteller, path, limit=3, cursor=first["next_cursor"])
    assert [r["id"] for r in first["items"] + rest["items"]] == [
        r["id"] for r in everything["items"]
    ] and rest["next_cursor"] is None
    assert (await t.get(t.storyteller, path, 422, cursor="!"))["status"] == 422


async def test_cancelling_touches_only_who_still_waits(table_of: TableOf) -> None:
    t = await table_of("d20")
    asked = await t.ask(t.mara, t.bob, **WIS_SAVE)
    cancel = f"/roll-requests/{asked['id']}/cancel"
    await t.post(t.player, cancel, status=403)
    await t.post(t.spectator, cancel, status=403)
    await t.post(t.stranger, cancel, status=404)
    await t.answer(t.other, asked["id"], t.bob)
    done = await t.post(t.storyteller, cancel, status=200, key="cancel")
    assert await t.post(t.storyteller, cancel, status=200, key="cancel") == done  # replayed
    assert states(done) == {t.mara: "cancelled", t.bob: "rolled"}
    again = await t.post(t.storyteller, cancel, status=409)
    assert again["detail"] == "the request is cancelled: nothing waits to be cancelled"
    late = await t.answer(t.player, asked["id"], t.mara, status=409)
    assert late["detail"] == "the request was cancelled"
    answered = await t.ask(t.mara)
    await t.answer(t.player, answered["id"], t.mara)
    await t.post(t.storyteller, f"/roll-requests/{answered['id']}/cancel", status=409)
    await t.post(t.storyteller, f"/roll-requests/{'0' * 26}/cancel", status=404)
    # A hidden request is not even there for a member who may not read it.
    hidden = await t.ask(t.bob, visibility="blind")
    for path in (f"/roll-requests/{hidden['id']}/cancel", f"/roll-requests/{'0' * 26}/cancel"):
        assert (await t.post(t.player, path, status=404))["detail"] == "no such roll request"
    await t.post(t.other, f"/roll-requests/{hidden['id']}/cancel", status=403)


async def test_a_request_is_checked_as_the_roll_it_asks_for(table_of: TableOf) -> None:
    t = await table_of("3d6")
    path = f"/campaigns/{t.cid}/roll-requests"
    refused = {
        "trait: the sheet has no quality 'mighty' (character_ids[0])": {
            "trait": "mighty", "character_ids": [t.bob, t.mara]},
        "kind: a 3d6 campaign has no saving throws": {**WIS_SAVE, "character_ids": [t.mara]},
        "condition: not used by a 3d6 test (a d20 save has one)": {
            "condition": "wet", "character_ids": [t.mara]},
        f"character_ids[1]: character {t.mara} is named twice": {
            "character_ids": [t.mara, t.mara]},
        f"character_ids[0]: no character {'0' * 26} in this campaign": {
            "character_ids": ["0" * 26]},
        "expires_in: from 1 second to P7D, not 0 seconds": {"expires_in": 0,
                                                            "character_ids": [t.mara]},
        "expires_in: from 1 second to P7D, not 691200 seconds": {
            "expires_in": "P8D", "character_ids": [t.mara]},
    }  # fmt: skip
    for detail, body in refused.items():
        answer = await t.post(t.storyteller, path, {"kind": "test", "trait": "clever", **body},
                              status=422)  # fmt: skip
        assert answer["detail"] == detail, answer
    months = await t.post(t.storyteller, path, {"kind": "test", "trait": "clever",
                          "character_ids": [t.mara], "expires_in": "P1M"}, status=422)  # fmt: skip
    assert "years and months have no fixed length" in months["detail"]
    difficulty = await t.ask(t.mara, difficulty="heroic", status=422)
    assert difficulty["title"] == "Rules violation" and "'heroic'" in difficulty["detail"]
    private = await t.ask(t.mara, visibility="private", status=422)
    assert private["errors"][0]["loc"] == ["body", "visibility"]
    await t.post(t.player, path, {"kind": "test", "trait": "clever", "character_ids": [t.mara]},
                 status=403)  # fmt: skip
    matrix = await table_of("matrix")
    unused = await matrix.ask(matrix.mara, advantage=True, status=422)
    assert unused["detail"] == "advantage: not used by a matrix test"
    assert (await matrix.ask(matrix.mara, difficulty=21, status=422))["detail"] == (
        "difficulty: a matrix difficulty is an integer 0..20"
    )
    d20 = await table_of("d20")
    bare = await d20.ask(d20.mara, kind="save", trait="con", status=422)
    assert bare["detail"] == "condition: a save names the condition its failure adds"
    odd = await d20.ask(d20.mara, **{**WIS_SAVE, "condition": "sl\teepy"}, status=422)
    assert odd["detail"].startswith("condition: a condition must not contain control")
    luck = await d20.ask(d20.bob, kind="test", trait="luck", status=422)
    assert luck["detail"].startswith("trait: unknown ability 'luck'")
    assert luck["detail"].endswith("(character_ids[0])")
    assert await t.get(t.storyteller, path) == {"items": [], "next_cursor": None}


async def test_who_reads_a_request(table_of: TableOf) -> None:
    t = await table_of("d20")
    public = await t.ask(t.bob)
    hidden = await t.ask(t.mara, **WIS_SAVE, visibility="blind")
    path = f"/campaigns/{t.cid}/roll-requests"
    listed = {
        who.username: [r["id"] for r in (await t.get(who, path))["items"]]
        for who in (t.storyteller, t.player, t.other, t.spectator)
    }
    assert listed == {
        t.storyteller.username: [hidden["id"], public["id"]],
        t.player.username: [hidden["id"], public["id"]],
        t.other.username: [public["id"]],
        t.spectator.username: [public["id"]],
    }
    # The addressed player reads the hidden request as the storytellers do.
    assert await t.request(t.player, hidden["id"]) == await t.request(t.storyteller, hidden["id"])
    for who in (t.other, t.spectator, t.stranger):
        unseen = await t.request(who, hidden["id"], 404)
        assert unseen == await t.request(who, "0" * 26, 404)
    await t.get(t.stranger, path, 404)


async def test_events_reach_the_storytellers_and_the_addressed_players_only(
    table_of: TableOf,
) -> None:
    t = await table_of("d20")
    start = (await t.events(t.storyteller))[-1]["seq"]
    hidden = await t.ask(t.mara, t.tam, t.npc, **WIS_SAVE, visibility="storyteller")
    await t.answer(t.player, hidden["id"], t.mara)
    await t.post(t.storyteller, f"/roll-requests/{hidden['id']}/cancel", status=200)

    def kinds(events: list[dict[str, Any]]) -> list[str]:
        return [e["type"] for e in events]

    teller = await t.events(t.storyteller, start)
    assert kinds(teller) == ["roll_request.created", "roll.created", "roll_request.answered",
                             "roll_request.cancelled"]  # fmt: skip
    created = teller[0]["data"]
    assert created["request"]["id"] == hidden["id"] == created["id"]
    assert (created["kind"], created["dice"], created["proof"]) == ("request", [], [])
    assert created["result"]["character_ids"] == [t.mara, t.tam, t.npc]
    # Each addressed player (the spectator owns Tam) gets the request, never the chain's
    # record; the other player gets nothing; every change took 1 + 2 seqs.
    for who in (t.player, t.spectator):
        theirs = await t.events(who, start)
        wanted = ["roll_request.created", "roll_request.answered", "roll_request.cancelled"]
        if who is t.player:
            wanted.insert(1, "roll.created")
        assert kinds(theirs) == wanted
        for event in theirs:
            if event["type"].startswith("roll_request."):
                assert list(event["data"]) == ["request"]
    assert kinds(await t.events(t.other, start)) == []
    seqs = [e["seq"] for e in await t.events(t.storyteller, start)]
    assert seqs == [start + 1, start + 4, start + 5, start + 8]
    # A public request is one event for every member.
    await t.ask(t.bob)
    after = start + 10  # the spectator's copy of the cancel was the last seq
    everyone = [kinds(await t.events(who, after)) for who in (t.other, t.spectator)]
    assert everyone == [["roll_request.created"]] * 2
