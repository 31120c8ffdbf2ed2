"""The 3d6 rows changed by "who decides" and "reroll sources" (docs/rules.md): a storyteller's
grant that reopens a final roll, and the choices a player states before a blind roll."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.rules.dice import ScriptedDice
from app.rules.errors import RollError
from app.rules.threed6 import (
    RerollSource,
    ThreeD6Roll,
    choose,
    finalize,
    grant,
    policy_die,
    reroll,
    roll_test,
    settle,
)
from app.rules.threed6_odds import odds_3d6
from app.rules.verify import dice_problem

GM = RerollSource("storyteller", "a clever idea")
BELL = RerollSource("item", "golden bell")
PURR = RerollSource("gift", "purr")


def scripted(
    script: list[int], score: int = 3, *, difficulty: int | None = 2, **kw: Any
) -> ThreeD6Roll:
    return roll_test(ScriptedDice(script), score, difficulty=difficulty, **kw)


def faces(roll: ThreeD6Roll) -> list[int]:
    return [die.value for die in roll.dice]


def one_each(*faces_: int) -> list[ScriptedDice]:
    """One draw per reroll, each holding one face."""
    return [ScriptedDice([face]) for face in faces_]


# --- "a grant ... even on a roll already final: the grant reopens that roll" --------------


def test_a_grant_reopens_a_final_botch_for_one_more_reroll() -> None:
    botch = scripted([4, 5, 6])
    assert (botch.outcome, botch.status) == ("botch", "final")
    opened = grant(botch, GM)
    assert (opened.status, opened.rerolls_left, opened.granted) == ("pending", 1, 1)
    after = reroll(opened, 0, ScriptedDice([2]))
    assert faces(after) == [2, 5, 6] and after.dice[0].history == (4,)
    assert (after.outcome, after.status) == ("partial", "pending"), "a partial awaits its choice"
    assert after.spent[0].source == GM


def test_a_grant_on_a_chosen_partial_undoes_its_choice_and_a_new_partial_awaits_one() -> None:
    chosen = choose(scripted([2, 5, 6]), "fail")
    assert (chosen.choice, chosen.status) == ("fail", "final")
    opened = grant(chosen, GM)
    assert (opened.choice, opened.status) == (None, "pending")
    still = reroll(opened, 1, ScriptedDice([6]))
    assert (still.outcome, still.choice, still.status) == ("partial", None, "pending")
    assert choose(still, "complication").choice == "complication"
    won = reroll(opened, 1, ScriptedDice([3]))
    assert (won.outcome, won.choice, won.status) == ("success", None, "final")


def test_a_grant_on_a_final_success_with_a_die_left_reopens_it() -> None:
    success = scripted([1, 2, 6])
    assert success.status == "final"
    opened = grant(success, GM)
    assert opened.status == "pending"
    assert finalize(opened).status == "final"


def test_a_grant_that_no_die_could_take_is_refused() -> None:
    with pytest.raises(RollError, match="every die is a success"):
        grant(scripted([1, 2, 3]), GM)
    any_die = scripted([1, 2, 3], reroll_any_die=True)
    assert grant(any_die, GM).status == "pending", "the campaign lets a success be rerolled"


def test_a_reopened_roll_states_its_odds_with_the_granted_reroll() -> None:
    botch = scripted([4, 5, 6], rerolls=[BELL])
    spent = reroll(botch, 0, ScriptedDice([5]))
    assert spent.status == "final"
    assert grant(spent, GM).odds_dict() == odds_3d6(3, 3, 2, 2).to_dict()


@given(
    first=st.lists(st.integers(1, 6), min_size=2, max_size=4),
    score=st.integers(0, 6),
    difficulty=st.sampled_from([None, 1, 2, 3, 4]),
    choice=st.sampled_from([None, "fail", "complication"]),
)
def test_a_grant_reopens_any_roll_a_die_could_take_it_on_and_keeps_its_faces(
    first: list[int], score: int, difficulty: int | None, choice: str | None
) -> None:
    kw = {"advantage": len(first) == 4, "disadvantage": len(first) == 2}
    roll = scripted(first, score, difficulty=difficulty, **kw)
    if choice is not None and roll.outcome == "partial":
        roll = choose(roll, choice)
    if all(die.success for die in roll.dice):
        with pytest.raises(RollError, match="every die is a success"):
            grant(roll, GM)
        return
    opened = grant(roll, GM)
    assert opened.dice == roll.dice and opened.choice is None
    assert (opened.status, opened.rerolls_left, opened.granted) == ("pending", 1, 1)
    assert opened.odds_dict() == odds_3d6(len(first), score, difficulty, 1).to_dict()


# --- grants cited before the roll ----------------------------------------------------------


def test_a_reroll_from_a_grant_names_it_and_only_a_storyteller_reroll_can() -> None:
    cited = RerollSource("storyteller", "the rope trick", "01jd0000000000000000000000")
    assert cited.to_dict() == {
        "source": "storyteller",
        "name": "the rope trick",
        "grant_id": "01jd0000000000000000000000",
    }
    assert RerollSource.from_dict(cited.to_dict()) == cited
    assert RerollSource("storyteller").to_dict() == {"source": "storyteller", "name": None}
    with pytest.raises(RollError, match="only a storyteller's reroll comes from a grant"):
        RerollSource("item", "golden bell", "01jd0000000000000000000000")
    for bad in ("", "x" * 27, 7):
        with pytest.raises(RollError, match="a grant id is a string"):
            RerollSource("storyteller", None, bad)  # type: ignore[arg-type]


# --- "the player states the choices beforehand ... and the server applies them" ----------


def test_stated_rerolls_go_to_the_first_die_without_success_while_one_is_left() -> None:
    roll = scripted([6, 5, 2], rerolls=[BELL, PURR])
    assert policy_die(roll) == 0
    settled, used = settle(roll, one_each(1, 4), "fail")
    assert faces(settled) == [1, 4, 2] and used == 2
    assert [(s.die, s.old, s.new) for s in settled.spent] == [(0, 6, 1), (1, 5, 4)]
    assert (settled.outcome, settled.status, settled.rerolls_left) == ("success", "final", 0)


def test_the_same_die_is_rerolled_again_while_it_misses() -> None:
    settled, used = settle(scripted([6, 1, 2], rerolls=[BELL, PURR]), one_each(5, 3), None)
    assert settled.dice[0].history == (6, 5) and faces(settled) == [3, 1, 2] and used == 2


def test_stated_rerolls_stop_once_every_die_is_a_success() -> None:
    settled, used = settle(scripted([1, 5, 2], rerolls=[BELL, PURR]), one_each(3, 4), None)
    assert used == 1 and faces(settled) == [1, 3, 2]
    assert (settled.rerolls_left, settled.finalized, settled.status) == (0, True, "final")


def test_a_partial_takes_the_stated_choice_and_without_one_awaits_it() -> None:
    partial = scripted([2, 5, 6])
    chosen, _ = settle(partial, [], "complication")
    assert (chosen.choice, chosen.status) == ("complication", "final")
    waiting, _ = settle(partial, [], None)
    assert (waiting.choice, waiting.status) == (None, "pending")


def test_a_botch_with_no_reroll_left_needs_no_choice() -> None:
    settled, used = settle(scripted([4, 5, 6], rerolls=[BELL]), one_each(6), "fail")
    assert (settled.outcome, settled.choice, settled.status, used) == ("botch", None, "final", 1)


def test_stated_choices_apply_to_a_roll_as_it_fell_with_one_draw_per_reroll() -> None:
    roll = scripted([6, 5, 2], rerolls=[BELL, PURR])
    with pytest.raises(RollError, match="2 rerolls need as many draws, not 1"):
        settle(roll, one_each(1), "fail")
    with pytest.raises(RollError, match="as it fell"):
        settle(reroll(roll, 0, ScriptedDice([1])), one_each(1), "fail")
    with pytest.raises(RollError, match="on_partial must be"):
        settle(roll, one_each(1, 1), "succeed")


@given(
    first=st.lists(st.integers(1, 6), min_size=3, max_size=3),
    spare=st.lists(st.integers(1, 6), min_size=4, max_size=4),
    score=st.integers(0, 6),
    difficulty=st.sampled_from([None, 1, 2, 3, 4]),
    cited=st.integers(0, 4),
    on_partial=st.sampled_from(["fail", "complication"]),
)
def test_a_settled_roll_is_final_and_leaves_a_draw_unused_only_when_no_die_could_take_it(
    first: list[int],
    spare: list[int],
    score: int,
    difficulty: int | None,
    cited: int,
    on_partial: str,
) -> None:
    roll = scripted(first, score, difficulty=difficulty, rerolls=[GM] * cited)
    settled, used = settle(roll, one_each(*spare[:cited]), on_partial)
    assert settled.status == "final" and settled.rerolls_left == 0
    assert settled.successes >= roll.successes
    assert used == len(settled.spent) <= cited
    if used < cited:
        assert all(die.success for die in settled.dice)
    assert all(s.old > score for s in settled.spent), "only a die without success is rerolled"


# --- the proof of a settled roll: one draw per reroll, the unused ones marked --------------


def _record(roll: ThreeD6Roll, cited: int) -> dict[str, Any]:
    """A stored roll's dice and proof as the service writes them for a settled roll."""
    draws: list[dict[str, Any]] = [{"nonce": 0, "rolls": [{"sides": 6, "faces": []}]}]
    for die in roll.dice:
        draws[0]["rolls"][0]["faces"].append(die.history[0] if die.history else die.value)
    for n, spent in enumerate(roll.spent, 1):
        draws.append({"nonce": n, "rolls": [{"sides": 6, "faces": [spent.new]}]})
    for n in range(len(roll.spent) + 1, cited + 1):
        draws.append({"nonce": n, "rolls": [], "unused": True})
    return {
        "dice": [die.to_dict() for die in roll.dice],
        "proof": draws,
        "result": roll.result_dict(),
    }


def test_a_settled_roll_verifies_with_its_unused_draws_last() -> None:
    settled, used = settle(scripted([1, 5, 2], rerolls=[BELL, PURR, GM]), one_each(3, 4, 4), None)
    assert used == 1
    record = _record(settled, 3)
    assert dice_problem(record) is None
    moved = {**record, "proof": [record["proof"][0], *record["proof"][2:], record["proof"][1]]}
    assert dice_problem(moved) == "draw nonce 1 follows an unused draw"


def test_an_unused_draw_while_a_die_missed_is_caught() -> None:
    """A server stopping the stated rerolls early (to keep a face it liked) is caught."""
    settled, _ = settle(scripted([6, 5, 2], rerolls=[BELL]), one_each(6), None)
    record = _record(settled, 1)
    assert dice_problem(record) is None
    stopped = scripted([6, 5, 2])
    early = _record(stopped, 0)
    early["proof"].append({"nonce": 1, "rolls": [], "unused": True})
    assert dice_problem(early) == "a draw was left unused while a die without success could take it"
