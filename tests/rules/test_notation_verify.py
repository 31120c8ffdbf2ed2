"""The verifier on formula rolls: a formula roll is one draw, and rolling its formula again
with that draw's faces must give its dice and total, rerolls and explosions included. A
dishonest server that changes a die, a total or the formula (and re-hashes the chain) is
caught; an honest chain of rich formulas verifies."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from app.rules.dice import SeededDice
from app.rules.formula import roll_formula
from app.rules.verify import dice_problem, verify
from tests.rules.test_verify import CLIENT, SEED, _bundle, _draw, _roll


class _Recording:
    """The ledger's recording source: every call to the seed, as a proof writes it."""

    def __init__(self, nonce: int) -> None:
        self.inner = SeededDice(SEED, CLIENT, nonce)
        self.rolls: list[dict[str, Any]] = []

    def roll(self, sides: int, count: int = 1) -> list[int]:
        faces = self.inner.roll(sides, count)
        self.rolls.append({"sides": sides, "faces": faces})
        return faces


def _formula_roll(roll_id: str, seq: int, nonce: int, text: str) -> dict[str, Any]:
    dice = _Recording(nonce)
    rolled = roll_formula(dice, text)
    proof = _draw(nonce)
    proof["rolls"] = dice.rolls
    record = _roll(roll_id, seq, [d.to_dict() for d in rolled.dice], [proof])
    record["kind"] = "formula"
    record["result"] = rolled.result_dict()
    return record


RICH = [
    "8d6rr1", "4d6e<6", "4d6ro<3kh3", "1d20ra20+5", "(2d6e6, 1d20)kh1", "4dF+2", "2d%mi30",
    "((10d6kh5)kl2)kh1", "3d6 [fire] + 1d4 [cold]", "(1d20+5)*2 >= 15",
]  # fmt: skip


def _records() -> list[dict[str, Any]]:
    return [_formula_roll(f"r{i}", i + 1, i, text) for i, text in enumerate(RICH)]


def test_an_honest_chain_of_rich_formulas_verifies() -> None:
    records = _records()
    assert any(d.get("history") for r in records for d in r["dice"])  # rerolled dice
    assert any(d.get("added") for r in records for d in r["dice"])  # exploded ones
    assert all(dice_problem(r) is None for r in records)
    report = verify(_bundle(records))
    assert report.ok, report.summary()


def _tampered(change: str) -> dict[str, Any]:
    record = _formula_roll("r0", 1, 7, "6d6rr1e>3")
    bad = copy.deepcopy(record)
    dice = bad["dice"]
    if change == "value":
        dice[0]["value"] = dice[0]["value"] % 6 + 1
    elif change == "total":
        bad["result"]["total"] += 1
    elif change == "lost explosion":
        bad["dice"] = [d for d in dice if not d.get("added")]
        assert len(bad["dice"]) < len(dice)
    elif change == "history":
        dice[1]["history"] = [1, *dice[1]["history"]]
    elif change == "formula":
        bad["result"]["formula"] = "6d6rr1e>4"
    elif change == "extra face":
        bad["proof"][0]["rolls"].append({"sides": 6, "faces": [3]})
    elif change == "other die":
        bad["proof"][0]["rolls"][0]["sides"] = 8
    elif change == "two draws":
        bad["proof"].append(_draw(8, (6, 1)))
    return bad


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ("value", "the dice are not what '6d6rr1e>3' gives"),
        ("total", "the total is"),
        ("lost explosion", "the dice are not what"),
        ("history", "the dice are not what"),
        ("formula", "the draw has 3 faces the formula does not use"),
        ("extra face", "faces the formula does not use"),
        ("other die", "is a d8, where the formula rolls a d6"),
        ("two draws", "a formula roll is one draw, not 2"),
    ],
)
def test_a_formula_roll_changed_after_the_draw_is_caught(change: str, reason: str) -> None:
    bad = _tampered(change)
    problem = dice_problem(bad)
    assert problem is not None and reason in problem, problem
    if change in ("value", "total", "history", "formula", "lost explosion"):
        report = verify(_bundle([bad]))  # re-hashed: only the dice check can see it
        assert report.failure is not None and report.failure.roll_id == "r0"
        assert reason in report.failure.reason


def test_a_formula_the_engine_refuses_is_reported_not_raised() -> None:
    bad = _formula_roll("r0", 1, 0, "1d6")
    bad["result"]["formula"] = "1d6rr<7"
    problem = dice_problem(bad)
    assert problem is not None and "does not parse" in problem and "forever" in problem
