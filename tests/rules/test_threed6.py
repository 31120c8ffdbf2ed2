"""Ruleset 3d6: sheet, the test roll's state machine, every row of docs/rules.md's 3d6 table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.rules.dice import ScriptedDice
from app.rules.errors import RollError, RulesError, SheetError
from app.rules.threed6 import (
    DIFFICULTIES,
    RerollSource,
    ThreeD6Roll,
    check_reroll_sources,
    choose,
    derived,
    dice_count,
    finalize,
    grant,
    parse_difficulty,
    parse_sheet,
    reroll,
    roll_test,
)
from app.rules.threed6_odds import odds_3d6

STORYTELLER = GM = RerollSource("storyteller")
BELL = RerollSource("item", "golden bell")
PURR = RerollSource("gift", "purr")
SHEET = parse_sheet(
    {"qualities": {"strong": 3, "clever": 5}, "items": ["golden bell"], "gifts": ["purr"]}
)


def faces(roll: ThreeD6Roll) -> list[int]:
    return [die.value for die in roll.dice]


def scripted(
    script: list[int], score: int = 3, *, difficulty: int | None = None, **kw: Any
) -> ThreeD6Roll:
    return roll_test(ScriptedDice(script), score, difficulty=difficulty, **kw)


# --- worked examples (docs/rules.md) -------------------------------------------------


def test_worked_example_strong_3_rolling_4_4_6_is_a_botch() -> None:
    roll = scripted([4, 4, 6], 3)  # no difficulty given: no success is a botch all the same
    assert (roll.successes, roll.outcome, roll.boon, roll.status) == (0, "botch", False, "final")
    assert scripted([4, 4, 6], 3, difficulty=1).outcome == "botch"


def test_worked_example_quality_3_difficulty_2_rolling_2_5_5_is_a_partial() -> None:
    roll = scripted([2, 5, 5], 3, difficulty=2)
    assert (roll.successes, roll.outcome, roll.status) == (1, "partial", "pending")


def test_worked_example_quality_5_rolling_4_4_4_is_three_successes_and_a_boon() -> None:
    roll = scripted([4, 4, 4], 5)
    assert (roll.successes, roll.boon) == (3, True)


# --- dice count ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("advantage", "disadvantage", "count"),
    [(False, False, 3), (True, False, 4), (False, True, 2), (True, True, 3)],
    ids=["plain_3d6", "advantage_4d6", "disadvantage_2d6", "both_cancel_3d6"],
)
def test_dice_count_advantage_disadvantage_and_cancel(
    advantage: bool, disadvantage: bool, count: int
) -> None:
    assert dice_count(advantage, disadvantage) == count
    script = ScriptedDice([1] * 5)
    roll = roll_test(script, 3, advantage=advantage, disadvantage=disadvantage)
    assert len(roll.dice) == count
    assert script.remaining == 5 - count


@pytest.mark.parametrize("bad", [2, 1, "yes", None])
def test_several_advantages_do_not_stack_modifiers_are_flags_only(bad: object) -> None:
    with pytest.raises(RollError, match="advantage and disadvantage must be true or false"):
        dice_count(bad, False)  # type: ignore[arg-type]
    with pytest.raises(RollError, match="advantage and disadvantage must be true or false"):
        dice_count(False, bad)  # type: ignore[arg-type]


def test_an_allys_help_is_an_advantage_and_the_helper_rolls_nothing() -> None:
    script = ScriptedDice([1, 2, 3, 4])
    roll = roll_test(script, 2, advantage=True)
    assert len(roll.dice) == 4 and script.remaining == 0


# --- success -------------------------------------------------------------------------------


@given(
    score=st.integers(0, 6),
    advantage=st.booleans(),
    disadvantage=st.booleans(),
    script=st.lists(st.integers(1, 6), min_size=4, max_size=4),
)
def test_each_die_at_or_under_the_score_is_one_success(
    score: int, advantage: bool, disadvantage: bool, script: list[int]
) -> None:
    roll = roll_test(ScriptedDice(script), score, advantage=advantage, disadvantage=disadvantage)
    assert 2 <= len(roll.dice) <= 4
    assert roll.successes == sum(1 for face in faces(roll) if face <= score)
    assert all(die.success == (die.value <= score) and die.sides == 6 for die in roll.dice)


def test_a_face_equal_to_the_score_is_a_success_and_one_above_is_not() -> None:
    roll = scripted([3, 4, 6], 3)
    assert [die.success for die in roll.dice] == [True, False, False]


# --- difficulty and outcomes ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "level"), [("easy", 1), ("medium", 2), ("difficult", 3), ("legendary", 4)]
)
def test_difficulty_names_are_levels_1_to_4(name: str, level: int) -> None:
    assert DIFFICULTIES[name] == level
    assert parse_difficulty(name) == level
    assert parse_difficulty(name.upper()) == level
    assert parse_difficulty(level) == level


def test_absent_difficulty_is_an_open_action() -> None:
    assert parse_difficulty(None) is None


@pytest.mark.parametrize(
    ("script", "difficulty", "outcome"),
    [
        ([1, 2, 6], 2, "success"),
        ([1, 2, 3], 2, "success"),
        ([1, 1, 1], 4, "partial"),
        ([1, 5, 6], 2, "partial"),
        ([4, 5, 6], 1, "botch"),
        ([1, 6, 6], 1, "success"),
    ],
    ids=["equal", "more", "legendary_out_of_reach", "some", "none", "easy_one"],
)
def test_outcome_success_partial_botch(script: list[int], difficulty: int, outcome: str) -> None:
    assert scripted(script, 3, difficulty=difficulty).outcome == outcome


def test_partial_success_waits_for_the_players_choice() -> None:
    roll = scripted([2, 5, 5], 3, difficulty=2)
    assert roll.status == "pending" and roll.choice is None


@pytest.mark.parametrize("choice", ["fail", "complication"])
def test_partial_choice_fail_or_complication_ends_the_roll(choice: str) -> None:
    roll = choose(scripted([2, 5, 5], 3, difficulty=2), choice)
    assert (roll.choice, roll.status, roll.outcome) == (choice, "final", "partial")
    assert roll.result_dict()["choice"] == choice


def test_choosing_declines_the_rerolls_left() -> None:
    roll = choose(scripted([2, 5, 5], 3, difficulty=2, rerolls=[STORYTELLER]), "fail")
    assert (roll.rerolls_left, roll.status) == (0, "final")


def test_success_and_botch_are_final_at_once() -> None:
    assert scripted([1, 2, 3], 3, difficulty=3).status == "final"
    assert scripted([6, 6, 5], 3, difficulty=3).status == "final"


def test_an_open_action_without_a_success_is_a_botch() -> None:
    roll = scripted([4, 5, 6], 3)
    assert (roll.outcome, roll.successes, roll.result_dict()["difficulty"]) == ("botch", 0, None)


def test_open_action_outcome_is_the_number_of_successes() -> None:
    roll = scripted([1, 2, 6], 3)
    assert (roll.outcome, roll.successes, roll.status) == ("open", 2, "final")
    assert roll.result_dict()["difficulty"] is None
    with pytest.raises(RollError, match="only a partial outcome takes a choice; this one is open"):
        choose(roll, "fail")


# --- boon ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "advantage", "boon"),
    [([5, 5, 5], False, True), ([5, 5, 2], False, False), ([3, 6, 3, 3], True, True)],
)
def test_boon_when_three_dice_show_the_same_face(
    script: list[int], advantage: bool, boon: bool
) -> None:
    assert scripted(script, 3, advantage=advantage).boon is boon


def test_boon_comes_whatever_the_outcome_even_on_a_botch() -> None:
    roll = scripted([6, 6, 6], 2, difficulty=2)
    assert (roll.outcome, roll.boon) == ("botch", True)


def test_two_dice_never_make_a_boon() -> None:
    assert scripted([4, 4], 3, disadvantage=True).boon is False


def test_boon_is_read_on_the_faces_after_rerolls() -> None:
    roll = scripted([4, 4, 6], 3, rerolls=[STORYTELLER])
    assert roll.boon is False
    assert reroll(roll, 2, ScriptedDice([4])).boon is True


# --- rerolls -------------------------------------------------------------------------------


def test_reroll_replaces_one_failed_die_and_keeps_its_history() -> None:
    roll = scripted([2, 5, 6], 3, difficulty=2, rerolls=[BELL])
    after = reroll(roll, 1, ScriptedDice([3]))
    assert faces(after) == [2, 3, 6]
    assert after.dice[1].history == (5,) and after.dice[1].success is True
    assert (after.successes, after.outcome, after.rerolls_left, after.status) == (
        2,
        "success",
        0,
        "final",
    )
    assert after.result_dict()["rerolls"] == [
        {"die": 1, "source": "item", "name": "golden bell", "old": 5, "new": 3}
    ]


def test_several_rerolls_on_one_roll_the_same_die_again_included() -> None:
    roll = scripted([2, 5, 6], 3, difficulty=3, rerolls=[BELL, PURR, STORYTELLER])
    roll = reroll(roll, 1, ScriptedDice([4]))
    roll = reroll(roll, 1, ScriptedDice([6]))
    roll = reroll(roll, 1, ScriptedDice([1]))
    assert roll.dice[1].history == (5, 4, 6) and roll.dice[1].value == 1
    assert [spent.source for spent in roll.spent] == [BELL, PURR, STORYTELLER]
    assert (roll.rerolls_left, roll.successes, roll.outcome) == (0, 2, "partial")


def test_a_success_cannot_be_rerolled() -> None:
    roll = scripted([2, 5, 6], 3, rerolls=[STORYTELLER])
    with pytest.raises(RollError, match="die 0 is a success; only a die without success"):
        reroll(roll, 0, ScriptedDice([1]))


def test_campaign_setting_allows_rerolling_any_die() -> None:
    roll = scripted([2, 6, 6], 3, rerolls=[STORYTELLER], reroll_any_die=True)
    after = reroll(roll, 0, ScriptedDice([6]))
    assert after.boon is True and after.dice[0].history == (2,) and after.successes == 0


def test_with_any_die_allowed_rerolls_left_keep_even_an_all_success_roll_pending() -> None:
    roll = scripted([1, 2, 3], 3, difficulty=3, rerolls=[STORYTELLER], reroll_any_die=True)
    assert (roll.outcome, roll.status) == ("success", "pending")
    assert finalize(roll).status == "final"


def test_rerolls_left_keep_the_roll_pending_until_declined() -> None:
    roll = scripted([4, 5, 6], 3, difficulty=1, rerolls=[STORYTELLER])
    assert (roll.outcome, roll.status, roll.rerolls_left) == ("botch", "pending", 1)
    done = finalize(roll)
    assert (done.status, done.rerolls_left, done.finalized) == ("final", 0, True)


def test_finalized_partial_still_awaits_its_choice() -> None:
    roll = finalize(scripted([2, 5, 6], 3, difficulty=2, rerolls=[STORYTELLER]))
    assert (roll.status, roll.rerolls_left) == ("pending", 0)
    assert choose(roll, "complication").status == "final"


def test_rerolls_with_no_die_to_reroll_leave_the_roll_final() -> None:
    roll = scripted([1, 2, 3], 3, difficulty=3, rerolls=[STORYTELLER])
    assert (roll.status, roll.rerolls_left) == ("final", 1)


def test_storyteller_grant_adds_a_reroll_to_a_pending_roll() -> None:
    roll = scripted([2, 5, 6], 3, difficulty=2)
    granted = grant(roll, STORYTELLER)
    assert granted.rerolls_left == 1 and granted.rerolls_at_start == 0
    assert faces(reroll(granted, 2, ScriptedDice([1]))) == [2, 5, 1]


def test_grant_reopens_rerolls_the_player_had_declined() -> None:
    roll = finalize(scripted([2, 5, 6], 3, difficulty=2, rerolls=[PURR]))
    granted = grant(roll, STORYTELLER)
    assert (granted.finalized, granted.rerolls_left, granted.status) == (False, 1, "pending")


def test_odds_count_every_reroll_the_roll_has_held() -> None:
    """Each state of a roll carries its odds: the rerolls it started with, and each one a
    storyteller granted on it since; spending one changes nothing."""
    roll = scripted([2, 5, 6], 3, difficulty=2, rerolls=[BELL])
    assert roll.odds_dict() == odds_3d6(3, 3, 2, 1).to_dict()
    assert reroll(roll, 1, ScriptedDice([1])).odds_dict() == roll.odds_dict()
    granted = grant(roll, STORYTELLER)
    assert granted.odds_dict() == odds_3d6(3, 3, 2, 2).to_dict()
    assert reroll(granted, 1, ScriptedDice([6])).odds_dict() == granted.odds_dict()


def test_to_dict_matches_the_api_roll_shape() -> None:
    roll = scripted([2, 5, 5], 3, difficulty=2)
    out = roll.to_dict()
    assert set(out) == {"dice", "result", "odds"}
    assert out["dice"][0] == {"sides": 6, "value": 2, "history": [], "success": True}
    assert out["result"] == {
        "successes": 1,
        "difficulty": 2,
        "outcome": "partial",
        "boon": False,
        "choice": None,
        "rerolls_left": 0,
        "rerolls": [],
    }
    assert set(out["odds"]) == {"outcomes", "successes", "boon"}


# --- reroll sources ------------------------------------------------------------------------


def test_reroll_sources_items_and_gifts_on_the_sheet_are_accepted() -> None:
    cited = check_reroll_sources(
        SHEET, [BELL, {"source": "gift", "name": "purr"}, {"source": "storyteller"}]
    )
    assert cited == (BELL, PURR, STORYTELLER)


def test_players_may_cite_only_what_is_on_their_own_sheet() -> None:
    with pytest.raises(RollError, match="item 'silver spoon' is not on the character's sheet"):
        check_reroll_sources(SHEET, [RerollSource("item", "silver spoon")])
    with pytest.raises(RollError, match="gift 'golden bell' is not on the character's sheet"):
        check_reroll_sources(SHEET, [RerollSource("gift", "golden bell")])


def test_each_item_or_gift_grants_one_reroll_per_roll() -> None:
    with pytest.raises(RollError, match="item 'golden bell' grants one reroll per roll"):
        check_reroll_sources(SHEET, [BELL, BELL])
    with pytest.raises(RollError, match="grants one reroll per roll"):
        scripted([4, 5, 6], 3, rerolls=[PURR, PURR])
    roll = scripted([4, 5, 6], 3, rerolls=[PURR, STORYTELLER])
    with pytest.raises(RollError, match="gift 'purr' grants one reroll per roll"):
        grant(reroll(roll, 0, ScriptedDice([5])), PURR)


def test_the_storyteller_may_grant_several_rerolls() -> None:
    assert len(check_reroll_sources(SHEET, [STORYTELLER, STORYTELLER])) == 2


def test_rerolls_are_spent_in_the_order_cited() -> None:
    roll = scripted([4, 5, 6], 3, rerolls=[PURR, BELL])
    assert reroll(roll, 2, ScriptedDice([6])).spent[0].source == PURR


# --- sheet ---------------------------------------------------------------------------------


def test_sheet_round_trips_and_items_gifts_default_to_empty() -> None:
    data = {"qualities": {"strong": 3, "clever": 5}, "items": ["golden bell"], "gifts": ["purr"]}
    assert parse_sheet(data).to_dict() == data
    bare = parse_sheet({"qualities": {"cute": 6, "sly-2": 0}})
    assert (bare.items, bare.gifts) == ((), ())
    assert derived(SHEET) == {"qualities": ["clever", "strong"], "reroll_sources": 2}
    assert SHEET.score("clever") == 5


def test_sheet_is_immutable() -> None:
    with pytest.raises(TypeError):
        SHEET.qualities["strong"] = 6  # type: ignore[index]
    with pytest.raises(AttributeError):
        SHEET.items = ()  # type: ignore[misc]


def test_sheet_limits_are_inclusive() -> None:
    sheet = parse_sheet(
        {
            "qualities": {f"q{i}": i % 7 for i in range(31)} | {"a" * 40: 6},
            "items": [f"item {i}" for i in range(50)],
            "gifts": ["g" * 80],
        }
    )
    assert (len(sheet.qualities), len(sheet.items), sheet.score("a" * 40)) == (32, 50, 6)


BAD_SHEETS: list[tuple[Any, tuple[str | int, ...], str]] = [
    ([], (), "a 3d6 sheet must be an object"),
    ({}, ("qualities",), "is required"),
    ({"qualities": {"a": 1}, "hp": 3}, ("hp",), "unknown field"),
    ({"qualities": []}, ("qualities",), "must be an object of quality: score"),
    ({"qualities": {}}, ("qualities",), "needs 1..32 qualities, not 0"),
    ({"qualities": {f"q{i}": 1 for i in range(33)}}, ("qualities",), "needs 1..32 qualities"),
    ({"qualities": {"Strong": 1}}, ("qualities", "Strong"), "lowercase letters a-z"),
    ({"qualities": {"": 1}}, ("qualities", ""), "lowercase letters a-z"),
    ({"qualities": {"a b": 1}}, ("qualities", "a b"), "lowercase letters a-z"),
    ({"qualities": {"a" * 41: 1}}, ("qualities", "a" * 41), "at most 40 characters"),
    ({"qualities": {"a": 7}}, ("qualities", "a"), "score must be an integer 0..6, not 7"),
    ({"qualities": {"a": -1}}, ("qualities", "a"), "score must be an integer 0..6, not -1"),
    ({"qualities": {"a": True}}, ("qualities", "a"), "not True"),
    ({"qualities": {"a": 2.0}}, ("qualities", "a"), "not 2.0"),
    ({"qualities": {"a": "3"}}, ("qualities", "a"), "not '3'"),
    ({"qualities": {"a": 1}, "items": "bell"}, ("items",), "must be a list of names"),
    ({"qualities": {"a": 1}, "gifts": None}, ("gifts",), "must be a list of names"),
    ({"qualities": {"a": 1}, "items": ["x", ""]}, ("items", 1), "must be a non-empty name"),
    ({"qualities": {"a": 1}, "items": ["  "]}, ("items", 0), "must be a non-empty name"),
    ({"qualities": {"a": 1}, "gifts": [3]}, ("gifts", 0), "must be a non-empty name"),
    ({"qualities": {"a": 1}, "items": ["x" * 81]}, ("items", 0), "at most 80 characters"),
    ({"qualities": {"a": 1}, "items": ["x", "x"]}, ("items", 1), "duplicate name 'x'"),
    ({"qualities": {"a": 1}, "gifts": [str(i) for i in range(51)]}, ("gifts",), "at most 50"),
]


@pytest.mark.parametrize(("data", "path", "message"), BAD_SHEETS)
def test_bad_sheet_is_rejected_with_the_offending_path(
    data: Any, path: tuple[str | int, ...], message: str
) -> None:
    with pytest.raises(SheetError, match=message) as caught:
        parse_sheet(data)
    assert caught.value.path == path


# --- bad input corpus: illegal steps refused, the value unchanged --------------------------

PARTIAL = scripted([2, 5, 6], 3, difficulty=2, rerolls=[STORYTELLER])
SPENT = reroll(PARTIAL, 2, ScriptedDice([5]))
SUCCESS = scripted([1, 2, 6], 3, difficulty=2)
EVERY_DIE = scripted([1, 2, 3], 3, difficulty=2)
CHOSEN = choose(scripted([2, 5, 6], 3, difficulty=2), "fail")

BAD_STEPS: list[tuple[str, ThreeD6Roll, Callable[[ThreeD6Roll, ScriptedDice], object], str]] = [
    ("no_reroll_left", SPENT, lambda r, d: reroll(r, 1, d), "no reroll left"),
    ("index_too_high", PARTIAL, lambda r, d: reroll(r, 3, d), r"die index must be 0\.\.2, not 3"),
    ("index_negative", PARTIAL, lambda r, d: reroll(r, -1, d), "die index must be 0..2, not -1"),
    ("index_bool", PARTIAL, lambda r, d: reroll(r, True, d), "die index must be 0..2, not True"),
    ("index_str", PARTIAL, lambda r, d: reroll(r, "1", d), "die index must be 0..2, not '1'"),  # type: ignore[arg-type]
    ("die_is_success", PARTIAL, lambda r, d: reroll(r, 0, d), "die 0 is a success"),
    ("reroll_final", SUCCESS, lambda r, d: reroll(r, 2, d), "the roll is already final"),
    ("reroll_chosen", CHOSEN, lambda r, d: reroll(r, 1, d), "the roll is already final"),
    ("choose_success", SUCCESS, lambda r, d: choose(r, "fail"), "this one is success"),
    ("choose_twice", CHOSEN, lambda r, d: choose(r, "fail"), "the choice was already made: fail"),
    ("choose_unknown", PARTIAL, lambda r, d: choose(r, "win"), "choice must be 'fail' or"),
    ("choose_none", PARTIAL, lambda r, d: choose(r, None), "not None"),  # type: ignore[arg-type]
    ("finalize_final", SUCCESS, lambda r, d: finalize(r), "the roll is already final"),
    ("finalize_nothing", SPENT, lambda r, d: finalize(r), "no reroll left to decline"),
    ("grant_no_die", EVERY_DIE, lambda r, d: grant(r, STORYTELLER), "every die is a success"),
    ("grant_not_source", PARTIAL, lambda r, d: grant(r, "gm"), "must be a RerollSource"),  # type: ignore[arg-type]
    ("not_a_roll", PARTIAL, lambda r, d: reroll((), 0, d), "expected a 3d6 roll"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(
    ("roll", "step", "message"), [case[1:] for case in BAD_STEPS], ids=[c[0] for c in BAD_STEPS]
)
def test_illegal_step_is_refused_and_the_roll_unchanged(
    roll: ThreeD6Roll, step: Callable[[ThreeD6Roll, ScriptedDice], object], message: str
) -> None:
    before = tuple(roll)
    script = ScriptedDice([1])
    with pytest.raises(RollError, match=message):
        step(roll, script)
    assert tuple(roll) == before and script.remaining == 1


def test_grant_beyond_twenty_rerolls_is_refused() -> None:
    roll = scripted([4, 5, 6], 3, rerolls=[STORYTELLER] * 20)
    with pytest.raises(RollError, match="at most 20 rerolls on one roll"):
        grant(roll, STORYTELLER)


BAD_CALLS: list[tuple[str, Callable[[], object], str]] = [
    ("score_7", lambda: scripted([1, 1, 1], 7), "score must be an integer 0..6, not 7"),
    ("score_bool", lambda: scripted([1, 1, 1], True), "score must be an integer 0..6, not True"),
    ("score_float", lambda: scripted([1, 1, 1], 3.0), "not 3.0"),  # type: ignore[arg-type]
    ("difficulty_5", lambda: scripted([1, 1, 1], 3, difficulty=5), "difficulty must be 1..4"),
    ("difficulty_0", lambda: scripted([1, 1, 1], 3, difficulty=0), "not 0"),
    ("difficulty_name", lambda: scripted([1, 1, 1], 3, difficulty="easy"), "not 'easy'"),  # type: ignore[arg-type]
    ("any_die_int", lambda: scripted([1] * 3, 3, reroll_any_die=1), "reroll_any_die must be"),
    ("source_str", lambda: scripted([1] * 3, 3, rerolls=["bell"]), "must be a RerollSource"),
    ("sources_none", lambda: scripted([1] * 3, 3, rerolls=None), "must be a list of reroll"),
    ("sources_one", lambda: scripted([1] * 3, 3, rerolls=GM), "must be a list of reroll"),
    ("sheet_dict", lambda: check_reroll_sources({}, []), "expected a 3d6 sheet, not dict"),  # type: ignore[arg-type]
    ("sheet_sources", lambda: check_reroll_sources(SHEET, 3), "must be a list of reroll"),  # type: ignore[arg-type]
    ("too_many", lambda: scripted([1] * 3, 3, rerolls=[STORYTELLER] * 21), "at most 20"),
    ("parse_unknown", lambda: parse_difficulty("hard"), "unknown difficulty 'hard': use 1..4"),
    ("parse_digit", lambda: parse_difficulty("2"), "unknown difficulty '2'"),
    ("parse_5", lambda: parse_difficulty(5), "difficulty must be 1..4, a level name or absent"),
    ("parse_bool", lambda: parse_difficulty(True), "not True"),
    ("parse_float", lambda: parse_difficulty(2.0), "not 2.0"),  # type: ignore[arg-type]
    ("source_kind", lambda: RerollSource("spell", "x"), "must be item, gift or storyteller"),  # type: ignore[arg-type]
    ("source_unnamed", lambda: RerollSource("item"), "a reroll from a sheet's item must name it"),
    ("source_blank", lambda: RerollSource("gift", " "), "name must be a non-empty string"),
    ("source_long", lambda: RerollSource("gift", "x" * 81), "at most 80 characters"),
    ("dict_extra", lambda: RerollSource.from_dict({"source": "item", "x": 1}), "a reroll is"),
    ("dict_kind", lambda: RerollSource.from_dict({"name": "x"}), "not None"),
    ("unknown_quality", lambda: SHEET.score("fast"), "the sheet has no quality 'fast'"),
]


@pytest.mark.parametrize(
    ("call", "message"), [c[1:] for c in BAD_CALLS], ids=[c[0] for c in BAD_CALLS]
)
def test_bad_input_is_refused_with_a_clear_message(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(RollError, match=message) as caught:
        call()
    assert isinstance(caught.value, RulesError)


# --- state machine property ----------------------------------------------------------------


@given(
    score=st.integers(0, 6),
    difficulty=st.sampled_from([None, 1, 2, 3, 4]),
    advantage=st.booleans(),
    any_die=st.booleans(),
    rerolls=st.integers(0, 4),
    script=st.lists(st.integers(1, 6), min_size=8, max_size=8),
    picks=st.lists(st.integers(0, 3), max_size=4),
)
def test_rerolls_keep_every_invariant(
    score: int,
    difficulty: int | None,
    advantage: bool,
    any_die: bool,
    rerolls: int,
    script: list[int],
    picks: list[int],
) -> None:
    dice = ScriptedDice(script)
    roll = roll_test(
        dice,
        score,
        difficulty=difficulty,
        advantage=advantage,
        rerolls=[STORYTELLER] * rerolls,
        reroll_any_die=any_die,
    )
    for pick in picks:
        index = pick % len(roll.dice)
        if not roll.can_reroll or (roll.dice[index].success and not any_die):
            with pytest.raises(RollError):
                reroll(roll, index, dice)
            continue
        before = roll
        roll = reroll(roll, index, dice)
        assert roll.dice[index].history == (*before.dice[index].history, before.dice[index].value)
        assert roll.rerolls_left == before.rerolls_left - 1
    assert roll.successes == sum(1 for die in roll.dice if die.value <= score)
    assert len(roll.spent) + roll.rerolls_left == rerolls
    assert sum(len(die.history) for die in roll.dice) == len(roll.spent)
    awaits_choice = roll.outcome == "partial" and roll.choice is None
    assert (roll.status == "pending") == (roll.can_reroll or awaits_choice)
