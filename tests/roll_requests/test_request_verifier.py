"""What the verifier holds an answer to: the request it names, linked before it, asked
that character for that kind of roll, seen that way, once, and not after a cancel left the
character unanswered. Each case rewrites one record of a real audit bundle and re-chains
every link after it with the salts the bundle holds, so only the rule can refuse it."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from app.rules.chain import chain_record, link_hash
from app.rules.verify import verify
from tests.roll_requests.conftest import TableOf

SAVE = {"kind": "save", "trait": "wis", "difficulty": 14, "condition": "frightened"}
Bundle = dict[str, Any]


def rechained(bundle: Bundle, change: Callable[[list[dict[str, Any]]], None]) -> Bundle:
    """``bundle`` after ``change`` rewrote some records, every hash recomputed."""
    forged = copy.deepcopy(bundle)
    links = forged["audit"]
    change([link["record"] for link in links])
    prev = "0" * 64
    for link in links:
        link["prev_hash"] = prev
        link["hash"] = prev = link_hash(prev, chain_record(link["record"], link["seq"]),
                                        link["salt"])  # fmt: skip
    forged["fairness"]["chain_head"] = prev
    return forged


async def test_answers_are_held_to_the_request_they_name(table_of: TableOf) -> None:
    t = await table_of("d20")
    first = await t.ask(t.mara, t.bob, **SAVE)
    await t.answer(t.player, first["id"], t.mara)
    await t.post(t.storyteller, f"/roll-requests/{first['id']}/cancel", status=200)
    second = await t.ask(t.mara, t.bob, **SAVE)
    await t.answer(t.player, second["id"], t.mara)
    await t.answer(t.other, second["id"], t.bob)
    bundle = await t.get(t.storyteller, f"/campaigns/{t.cid}/audit")
    assert verify(bundle).ok
    assert verify(rechained(bundle, lambda records: None)).ok  # the forger's tool is sound

    def answer_of(records: list[dict[str, Any]], character: str) -> dict[str, Any]:
        return [r for r in records if r["character_id"] == character][-1]

    def renamed(character: str, request_id: str) -> Callable[[list[dict[str, Any]]], None]:
        def change(records: list[dict[str, Any]]) -> None:
            answer_of(records, character)["result"]["request_id"] = request_id

        return change

    def unasked(records: list[dict[str, Any]]) -> None:
        answer_of(records, t.bob)["character_id"] = t.npc

    def seen_otherwise(records: list[dict[str, Any]]) -> None:
        answer_of(records, t.bob)["visibility"] = "storyteller"

    def rolling_request(records: list[dict[str, Any]]) -> None:
        request = next(r for r in records if r["kind"] == "request")
        request["dice"] = [{"sides": 20, "value": 20, "history": []}]

    cases = {
        "linked nowhere before": renamed(t.bob, "0" * 26),
        "after its cancellation": renamed(t.bob, first["id"]),
        "answered request": renamed(t.mara, first["id"]),
        f"which does not address {t.npc}": unasked,
        "its kind or visibility is not what request": seen_otherwise,
        "a request rolls nothing": rolling_request,
    }
    for why, change in cases.items():
        report = verify(rechained(bundle, change))
        assert report.failure is not None and why in report.failure.reason, (why, report)
