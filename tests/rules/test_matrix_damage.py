"""Ruleset `matrix`: damage formulas, counters, and the checks each multiple of 10 asks for."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.rules.dice import ScriptedDice, SeededDice
from app.rules.errors import FormulaError, RollError, SheetError
from app.rules.matrix import MatrixSheet, parse_sheet, stats
from app.rules.matrix_damage import (
    CHECKS,
    DamageFormula,
    DamageTerm,
    apply_damage,
    parse_damage,
)


def make_sheet(**counters_and_states: Any) -> MatrixSheet:
    """Rows 5, columns 5: every stat 10 until the counters wear a row down."""
    counters = {k: v for k, v in counters_and_states.items() if not isinstance(v, bool)}
    states = {k: v for k, v in counters_and_states.items() if isinstance(v, bool)}
    return parse_sheet(
        {
            "rows": {"body": 5, "mind": 5, "soul": 5},
            "columns": {"power": 5, "resistance": 5, "maneuver": 5, "precision": 5},
            "counters": counters,
            "states": states,
        }
    )


FRESH = make_sheet()

# --- parsing ----------------------------------------------------------------------------------


def dice_term(number: int, sides: int) -> DamageTerm:
    return DamageTerm(number, sides, 0)


def constant(value: int) -> DamageTerm:
    return DamageTerm(0, 0, value)


@pytest.mark.parametrize(
    ("kind", "formula", "terms"),
    [
        ("physical", "1d6+1d6", (dice_term(1, 6), dice_term(1, 6))),
        ("physical", "3+1d6", (constant(3), dice_term(1, 6))),
        ("physical", "1d6+3", (dice_term(1, 6), constant(3))),
        ("physical", "1D6+3", (dice_term(1, 6), constant(3))),
        ("physical", "20d100+0", (dice_term(20, 100), constant(0))),
        ("physical", " 2d4 + 1d2 ", (dice_term(2, 4), dice_term(1, 2))),
        ("mental", "1d6", (dice_term(1, 6),)),
        ("mental", "2", (constant(2),)),
        ("mental", "100", (constant(100),)),
    ],
)
def test_damage_formula_examples_parse(kind: str, formula: str, terms: tuple[DamageTerm]) -> None:
    assert parse_damage(kind, formula) == DamageFormula(kind, terms)


def test_damage_formula_prints_canonically() -> None:
    assert str(parse_damage("physical", " 1D6 + 3")) == "1d6+3"


BAD_FORMULAS: list[tuple[str, Any, int, str]] = [
    ("physical", "1d6+", 4, "expected a dice term NdS or a constant, found the end"),
    ("physical", "1d6-2", 3, "physical damage is written M+F: expected '+', found '-'"),
    ("physical", "1d6+1d6+1", 7, "physical damage is exactly M+F, unexpected '+' after it"),
    ("physical", "x", 0, "expected a dice term NdS or a constant, found 'x'"),
    ("physical", "", 0, "empty damage formula"),
    ("physical", "   ", 0, "empty damage formula"),
    ("physical", "1d6", 3, "physical damage is written M+F: expected '+', found the end"),
    ("physical", "+1d6", 0, "expected a dice term NdS or a constant, found '+'"),
    ("physical", "d6+1", 0, "expected a dice term NdS or a constant, found 'd'"),
    ("physical", "1d+2", 2, "expected the number of sides after 'd'"),
    ("physical", "0d6+1", 0, "a damage term rolls 1..20 dice, not 0"),
    ("physical", "1+21d6", 2, "a damage term rolls 1..20 dice, not 21"),
    ("physical", "1d1+1", 2, "a damage die has 2..100 sides, not 1"),
    ("physical", "1d6+1d101", 6, "a damage die has 2..100 sides, not 101"),
    ("physical", "101+1", 0, "a damage constant is 0..100, not 101"),
    ("physical", "1.5+1", 1, "expected '+', found '.'"),
    ("physical", "²+1", 0, "found '²'"),
    ("physical", "1d6+1d6 x", 8, "unexpected 'x' after it"),
    ("physical", "1" * 41, 40, "a damage formula is at most 40 characters"),
    ("physical", 16, 0, "a damage formula must be text, not int"),
    ("mental", "1d6+1", 3, "mental damage is a single term (NdS or a constant), unexpected '+'"),
    ("mental", "", 0, "empty damage formula"),
    ("mental", "-2", 0, "expected a dice term NdS or a constant, found '-'"),
]


@pytest.mark.parametrize(("kind", "formula", "position", "message"), BAD_FORMULAS)
def test_bad_damage_formulas_are_rejected_at_their_position(
    kind: str, formula: Any, position: int, message: str
) -> None:
    with pytest.raises(FormulaError) as caught:
        parse_damage(kind, formula)
    assert caught.value.position == position
    assert message in str(caught.value)


@pytest.mark.parametrize("kind", ["poison", "Physical", None])
def test_unknown_damage_type_is_rejected(kind: Any) -> None:
    with pytest.raises(RollError, match="damage type must be 'physical' or 'mental'"):
        parse_damage(kind, "1d6+1")


# --- the seed's damage examples ---------------------------------------------------------------


def test_1d6_plus_1d6_is_1d6_mortality_and_both_dice_of_fatigue() -> None:
    hit = apply_damage(FRESH, "physical", "1d6+1d6", ScriptedDice([4, 2]))
    assert (hit.mortality, hit.fatigue, hit.madness) == (4, 6, 0)
    assert [(d.sides, d.value) for d in hit.dice] == [(6, 4), (6, 2)]
    assert hit.sheet.counters == {"fatigue": 6, "mortality": 4, "madness": 0}


def test_3_plus_1d6_is_3_mortality_and_3_plus_1d6_fatigue() -> None:
    hit = apply_damage(FRESH, "physical", "3+1d6", ScriptedDice([5]))
    assert (hit.mortality, hit.fatigue) == (3, 8)
    assert [d.value for d in hit.dice] == [5]


def test_1d6_plus_3_is_1d6_mortality_and_1d6_plus_3_fatigue() -> None:
    hit = apply_damage(FRESH, "physical", "1D6+3", ScriptedDice([2]))
    assert (hit.mortality, hit.fatigue) == (2, 5)


def test_mental_1d6_goes_to_madness_only() -> None:
    hit = apply_damage(FRESH, "mental", "1d6", ScriptedDice([6]))
    assert (hit.mortality, hit.fatigue, hit.madness) == (0, 0, 6)
    assert hit.sheet.counters == {"fatigue": 0, "mortality": 0, "madness": 6}


def test_mental_constant_rolls_no_dice() -> None:
    hit = apply_damage(FRESH, "mental", "2", ScriptedDice([]))
    assert (hit.madness, hit.dice) == (2, ())


def test_mortality_counts_as_fatigue() -> None:
    hit = apply_damage(make_sheet(fatigue=1, mortality=1), "physical", "4+0", ScriptedDice([]))
    assert hit.sheet.counters == {"fatigue": 5, "mortality": 5, "madness": 0}


def test_madness_does_not_count_as_fatigue() -> None:
    hit = apply_damage(make_sheet(fatigue=1), "mental", "4", ScriptedDice([]))
    assert hit.sheet.counters == {"fatigue": 1, "mortality": 0, "madness": 4}


def test_damage_adds_to_existing_counters() -> None:
    hit = apply_damage(make_sheet(fatigue=3, mortality=2), "physical", "1+1", ScriptedDice([]))
    assert hit.sheet.counters == {"fatigue": 5, "mortality": 3, "madness": 0}


def test_fatigue_only_npc_option_sends_all_of_m_plus_f_to_fatigue() -> None:
    hit = apply_damage(FRESH, "physical", "1d6+1d6", ScriptedDice([6, 6, 1]), fatigue_only=True)
    assert (hit.mortality, hit.fatigue) == (0, 12)
    assert hit.sheet.counters == {"fatigue": 12, "mortality": 0, "madness": 0}
    assert [check.counter for check in hit.checks] == ["fatigue"]


def test_counters_saturate_at_10000() -> None:
    hit = apply_damage(
        make_sheet(madness=9_990, dead=True), "mental", "20d100", SeededDice(b"s", "", 0)
    )
    assert hit.sheet.madness == 10_000
    assert hit.madness == sum(d.value for d in hit.dice)


# --- the checks table -------------------------------------------------------------------------

CHECK_TABLE = [
    ("mortality", "physical", "10+0", "endurance", "dead"),
    ("fatigue", "physical", "0+10", "morale", "unconscious"),
    ("madness", "mental", "10", "concentration", "panicked"),
]


@pytest.mark.parametrize(("counter", "kind", "formula", "trait", "state"), CHECK_TABLE)
def test_reaching_10_rolls_the_counters_check_and_failure_sets_its_state(
    counter: str, kind: str, formula: str, trait: str, state: str
) -> None:
    hit = apply_damage(FRESH, kind, formula, ScriptedDice([20]))
    checks = [c for c in hit.checks if c.counter == counter]
    assert len(checks) == 1
    check = checks[0]
    assert (check.threshold, check.test.trait, check.test.success) == (10, trait, False)
    assert check.state_set == state
    assert hit.sheet.states[state] is True


@pytest.mark.parametrize(("counter", "kind", "formula", "trait", "state"), CHECK_TABLE)
def test_passing_the_check_sets_no_state(
    counter: str, kind: str, formula: str, trait: str, state: str
) -> None:
    hit = apply_damage(FRESH, kind, formula, ScriptedDice([1, 1]))
    check = next(c for c in hit.checks if c.counter == counter)
    assert (check.test.trait, check.test.success, check.state_set) == (trait, True, None)
    assert hit.sheet.states[state] is False


def test_checks_are_rolled_in_the_order_mortality_fatigue_madness() -> None:
    assert [counter for counter, _, _ in CHECKS] == ["mortality", "fatigue", "madness"]
    assert [trait for _, trait, _ in CHECKS] == ["endurance", "morale", "concentration"]
    hit = apply_damage(FRESH, "physical", "10+0", ScriptedDice([3, 20]))
    assert [(c.counter, c.test.face) for c in hit.checks] == [("mortality", 3), ("fatigue", 20)]


def test_a_counter_staying_between_multiples_rolls_no_check() -> None:
    hit = apply_damage(make_sheet(madness=10), "mental", "9", ScriptedDice([]))
    assert hit.checks == ()


def test_going_from_9_to_10_rolls_a_check() -> None:
    hit = apply_damage(make_sheet(madness=9), "mental", "1", ScriptedDice([1]))
    assert [c.threshold for c in hit.checks] == [10]


def test_one_hit_crossing_two_multiples_rolls_two_checks() -> None:
    hit = apply_damage(make_sheet(madness=8), "mental", "14", ScriptedDice([1, 20]))
    assert [(c.threshold, c.test.success) for c in hit.checks] == [(10, True), (20, False)]
    assert hit.sheet.panicked


def test_death_stops_every_later_check() -> None:
    hit = apply_damage(FRESH, "physical", "20+5", ScriptedDice([20]))
    assert [(c.counter, c.threshold, c.state_set) for c in hit.checks] == [
        ("mortality", 10, "dead")
    ]
    assert hit.sheet.states == {"unconscious": False, "dead": True, "panicked": False}


def test_checks_after_surviving_go_on() -> None:
    hit = apply_damage(FRESH, "physical", "20+5", ScriptedDice([1, 1, 1, 1]))
    assert [(c.counter, c.threshold) for c in hit.checks] == [
        ("mortality", 10),
        ("mortality", 20),
        ("fatigue", 10),
        ("fatigue", 20),
    ]


def test_an_already_dead_character_rolls_no_check() -> None:
    hit = apply_damage(make_sheet(dead=True), "physical", "10+10", ScriptedDice([]))
    assert hit.checks == ()
    assert hit.sheet.counters == {"fatigue": 20, "mortality": 10, "madness": 0}


def test_an_unconscious_character_still_rolls_and_stays_unconscious() -> None:
    hit = apply_damage(make_sheet(unconscious=True), "physical", "0+10", ScriptedDice([1]))
    assert hit.checks[0].test.success
    assert hit.sheet.unconscious


def test_checks_use_the_new_effective_stats() -> None:
    # endurance 10 before the hit; 12 mortality takes 2 off body → endurance 8.
    hit = apply_damage(FRESH, "physical", "12+0", ScriptedDice([9, 1]))
    mortality_check = hit.checks[0]
    assert (mortality_check.test.stat, mortality_check.test.success) == (8, False)
    assert stats(hit.sheet)["endurance"] == 8
    # morale is soul (5 − 12//5 = 3) + resistance 5 — but the death stopped the fatigue check.
    assert len(hit.checks) == 1


def test_fatigue_check_uses_soul_worn_by_the_same_hit() -> None:
    hit = apply_damage(FRESH, "physical", "0+15", ScriptedDice([8]))
    assert (hit.checks[0].test.trait, hit.checks[0].test.stat) == ("morale", 7)


def test_rows_never_fall_below_zero_after_a_huge_hit() -> None:
    hit = apply_damage(make_sheet(dead=True), "physical", "100+100", ScriptedDice([]))
    assert stats(hit.sheet)["strength"] == 5  # body 0 + power 5
    assert stats(hit.sheet)["faith"] == 5


def test_damage_dice_are_rolled_before_the_checks() -> None:
    hit = apply_damage(FRESH, "physical", "1d6+2d4", ScriptedDice([6, 4, 4, 17]))
    assert [(d.sides, d.value) for d in hit.dice] == [(6, 6), (4, 4), (4, 4)]
    assert [(c.counter, c.test.face) for c in hit.checks] == [("fatigue", 17)]
    assert (hit.fatigue, hit.sheet.unconscious) == (14, True)


def test_damage_result_serialises_to_the_api_shape() -> None:
    hit = apply_damage(FRESH, "physical", "1d6+4", ScriptedDice([6, 20]))
    check = hit.checks[0]
    assert hit.to_dict() == {
        "dice": [{"sides": 6, "value": 6, "history": []}],
        "mortality": 6,
        "fatigue": 10,
        "madness": 0,
        "checks": [
            {
                "dice": [{"sides": 20, "value": 20, "history": [], "success": False}],
                "result": {
                    "stat": 8,
                    "face": 20,
                    "success": False,
                    "margin": 12,
                    "below_difficulty": False,
                    "shortfall": None,
                    "difficulty": 0,
                    "trait": "morale",
                    "counter": "fatigue",
                    "threshold": 10,
                    "state_set": "unconscious",
                },
                "odds": check.test.odds_dict(),
            }
        ],
        "sheet": hit.sheet.to_dict(),
    }


def test_damage_never_changes_the_sheet_it_was_given() -> None:
    before = FRESH.to_dict()
    apply_damage(FRESH, "physical", "20+20", ScriptedDice([20]))
    assert FRESH.to_dict() == before


def test_damage_needs_a_sheet() -> None:
    with pytest.raises(SheetError, match="expected a MatrixSheet, not dict"):
        apply_damage({}, "mental", "1", ScriptedDice([]))  # type: ignore[arg-type]


def test_fatigue_only_must_be_a_boolean() -> None:
    with pytest.raises(RollError, match="fatigue_only must be true or false, not 1"):
        apply_damage(FRESH, "mental", "1", ScriptedDice([]), fatigue_only=1)  # type: ignore[arg-type]


def test_bad_formula_rolls_nothing() -> None:
    dice = ScriptedDice([3])
    with pytest.raises(FormulaError):
        apply_damage(FRESH, "physical", "1d6-1", dice)
    assert dice.remaining == 1


@given(
    mortality=st.integers(0, 60),
    fatigue=st.integers(0, 60),
    madness=st.integers(0, 60),
    kind=st.sampled_from(["physical", "mental"]),
    formula=st.sampled_from(["1d6+1d6", "3d10+2", "12+4d6", "20d6+0"]),
    fatigue_only=st.booleans(),
    nonce=st.integers(0, 10_000),
)
def test_every_crossed_multiple_is_checked_until_death(
    mortality: int,
    fatigue: int,
    madness: int,
    kind: str,
    formula: str,
    fatigue_only: bool,
    nonce: int,
) -> None:
    if kind == "mental":
        formula = formula.split("+")[0]
    sheet = make_sheet(mortality=mortality, fatigue=fatigue + mortality, madness=madness)
    hit = apply_damage(
        sheet, kind, formula, SeededDice(b"hit", "", nonce), fatigue_only=fatigue_only
    )
    old, new = sheet.counters, hit.sheet.counters
    assert new == {
        "mortality": old["mortality"] + hit.mortality,
        "fatigue": old["fatigue"] + hit.fatigue,
        "madness": old["madness"] + hit.madness,
    }
    expected = [
        (counter, multiple * 10)
        for counter, _, _ in CHECKS
        for multiple in range(old[counter] // 10 + 1, new[counter] // 10 + 1)
    ]
    got = [(c.counter, c.threshold) for c in hit.checks]
    died = [c for c in hit.checks if c.state_set == "dead"]
    if died:
        assert got[-1] == (died[0].counter, died[0].threshold)
        assert got == expected[: len(got)]
    else:
        assert got == expected
    new_stats = stats(hit.sheet)
    for check in hit.checks:
        assert check.test.stat == new_stats[check.test.trait or ""]
        assert (check.state_set is None) is check.test.success
    assert hit.sheet.dead is bool(died)
