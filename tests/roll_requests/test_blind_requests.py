"""A blind request's answer is a blind roll: its roller must not learn the outcome from
anything they can read — the roll's answer, the request, the list, the events and their
seqs, the character, the log — compared field by field between two outcomes."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.roll_requests.conftest import Table, TableOf

# Ids, times and hashes differ between any two requests: they are masked, nothing else.
_MASKS = (
    (re.compile(r"^[0-9a-hjkmnp-tv-z]{26}$"), "<id>"),
    (re.compile(r"^\d{4}-\d\d-\d\dT[\d:.]+Z$"), "<time>"),
    (re.compile(r"^[0-9a-f]{64}$"), "<hash>"),
)
# The two outcomes of each ruleset's blind request, as the dice the server rolls.
CASES = {
    # wis 8 (-1) against 14: a natural 20 succeeds, a 1 fails and holds "frightened".
    "d20": ({"kind": "save", "trait": "wis", "difficulty": 14, "condition": "frightened"},
            (20,), (1,)),
    # clever 5 against medium (2): two successes, or one (a partial, settled beforehand).
    "3d6": ({"kind": "test", "trait": "clever", "difficulty": "medium"}, (1, 2, 6), (1, 6, 6)),
}  # fmt: skip
ANSWERS = {"d20": {}, "3d6": {"on_partial": "complication"}}


def masked(value: Any, base: int) -> Any:
    """``value`` with ids, times and hashes masked, and every ``seq`` counted from ``base``."""
    if isinstance(value, dict):
        return {k: v - base if k == "seq" else masked(v, base) for k, v in value.items()}
    if isinstance(value, list):
        return [masked(v, base) for v in value]
    if isinstance(value, str):
        for pattern, mask in _MASKS:
            if pattern.match(value):
                return mask
    return value


async def _what_the_roller_reads(t: Table, faces: tuple[int, ...]) -> dict[str, Any]:
    terms = CASES[t.ruleset][0]
    before = (await t.events(t.storyteller))[-1]["seq"]
    character = await t.get(t.player, f"/characters/{t.mara}")
    asked = await t.ask(t.mara, **terms, visibility="blind")
    t.faces(*faces)
    roll = await t.answer(t.player, asked["id"], t.mara, **ANSWERS[t.ruleset])
    t.app.state.dice = None  # the campaign's own seed again
    marker = await t.post(t.storyteller, f"/campaigns/{t.cid}/rolls",
                          {"kind": "formula", "formula": "1d4"})  # fmt: skip
    events = [e for e in await t.events(t.player, before) if e["seq"] < marker["seq"]]
    page = await t.get(t.player, f"/campaigns/{t.cid}/roll-requests", limit=1)
    log = await t.get(t.player, f"/campaigns/{t.cid}/rolls")
    return {
        "answer": masked(roll, before),
        "request": masked(await t.request(t.player, asked["id"]), before),
        "listed": masked(page["items"], before),
        "events": masked(events, before),
        "seqs taken": marker["seq"] - before,
        "roll read": await t.get(t.player, f"/rolls/{roll['id']}", 404),
        "in the log": [r for r in log["items"] if r["id"] == roll["id"]],
        "character": await t.get(t.player, f"/characters/{t.mara}") == character,
        "storyteller reads": (await t.get(t.storyteller, f"/rolls/{roll['id']}"))["result"],
    }


@pytest.mark.parametrize("ruleset", ["d20", "3d6"])
async def test_a_blind_requests_answer_tells_its_roller_nothing_of_the_outcome(
    table_of: TableOf, ruleset: str
) -> None:
    t = await table_of(ruleset)
    _, good, bad = CASES[ruleset]
    one = await _what_the_roller_reads(t, good)
    other = await _what_the_roller_reads(t, bad)
    # The outcomes differ, for whoever may read them...
    assert one.pop("storyteller reads") != other.pop("storyteller reads")
    # ...and nothing the roller reads does.
    assert one == other
    assert one["answer"]["redacted"] is True and one["answer"]["status"] == "hidden"
    assert [t["status"] for t in one["request"]["targets"]] == ["rolled"]
    assert one["in the log"] == [] and one["character"] is True
