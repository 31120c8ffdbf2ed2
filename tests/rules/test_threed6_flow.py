"""3d6 rules across several tests: opposed actions, group actions and long tasks."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.rules.errors import RollError
from app.rules.threed6_flow import (
    Contest,
    ContestRound,
    LongTask,
    add_roll,
    group_result,
    record_round,
    resolve_tie,
    start_contest,
    start_task,
)

HOUR = 3600

# --- opposed actions (contests) ----------------------------------------------------------


def test_more_successes_wins_the_round() -> None:
    contest = record_round(start_contest(1), 1, 3)
    assert contest.rounds == (ContestRound(1, 3, "b"),)
    assert (contest.status, contest.winner) == ("won", "b")


def test_contest_won_two_rounds_to_one() -> None:
    contest = start_contest(2)
    contest = record_round(contest, 2, 1)
    assert (contest.status, contest.wins_a, contest.wins_b) == ("running", 1, 0)
    contest = record_round(contest, 0, 2)
    assert (contest.status, contest.wins_a, contest.wins_b) == ("running", 1, 1)
    contest = record_round(contest, 3, 2)
    assert (contest.status, contest.winner, contest.wins_a, contest.wins_b) == ("won", "a", 2, 1)


@pytest.mark.parametrize("rounds_to_win", [1, 2, 3])
def test_a_contest_is_played_to_one_two_or_three_won_rounds(rounds_to_win: int) -> None:
    contest = start_contest(rounds_to_win)
    for _ in range(rounds_to_win - 1):
        contest = record_round(contest, 2, 1)
        assert contest.status == "running"
    contest = record_round(contest, 2, 1)
    assert (contest.status, contest.winner, contest.wins_a) == ("won", "a", rounds_to_win)
    assert len(contest.rounds) == rounds_to_win


def test_tie_waits_for_the_storyteller() -> None:
    contest = record_round(start_contest(1), 2, 2)
    assert (contest.status, contest.winner) == ("tie", None)
    with pytest.raises(RollError, match="the last round is a tie: the storyteller must first"):
        record_round(contest, 3, 1)


def test_contest_drawn_after_a_tie() -> None:
    contest = resolve_tie(record_round(record_round(start_contest(2), 1, 0), 1, 1), "draw")
    assert (contest.status, contest.winner) == ("drawn", None)
    assert contest.rounds[-1] == ContestRound(1, 1, None)


def test_tie_then_reroll_then_win_keeps_the_tied_round_without_winner() -> None:
    contest = record_round(start_contest(1), 0, 0)
    contest = resolve_tie(contest, "reroll")
    assert contest.status == "running"
    contest = record_round(contest, 1, 2)
    assert contest.rounds == (ContestRound(0, 0, None), ContestRound(1, 2, "b"))
    assert (contest.status, contest.winner, contest.wins_a, contest.wins_b) == ("won", "b", 0, 1)


def test_record_after_won_is_refused() -> None:
    contest = record_round(start_contest(1), 3, 0)
    with pytest.raises(RollError, match="the contest is over: it has been won"):
        record_round(contest, 1, 0)


def test_record_after_draw_is_refused() -> None:
    contest = resolve_tie(record_round(start_contest(1), 1, 1), "draw")
    with pytest.raises(RollError, match="the contest is over: it was declared a draw"):
        record_round(contest, 1, 0)


@pytest.mark.parametrize("decision", ["reroll", "draw"])
def test_resolve_without_tie_is_refused(decision: Any) -> None:
    with pytest.raises(RollError, match="there is no tie to resolve: the contest is running"):
        resolve_tie(start_contest(2), decision)
    won = record_round(start_contest(1), 2, 0)
    with pytest.raises(RollError, match="there is no tie to resolve: the contest is won"):
        resolve_tie(won, decision)


def test_steps_return_new_contests_and_leave_the_old_one_alone() -> None:
    before = start_contest(2)
    after = record_round(before, 1, 0)
    assert before.rounds == () and after.rounds != ()
    with pytest.raises(AttributeError):
        after.status = "won"  # type: ignore[misc]


def test_contest_serialises_with_rounds_and_score() -> None:
    contest = resolve_tie(record_round(start_contest(2), 1, 1), "reroll")
    contest = record_round(contest, 2, 0)
    assert contest.to_dict() == {
        "rounds_to_win": 2,
        "rounds": [
            {"successes_a": 1, "successes_b": 1, "winner": None},
            {"successes_a": 2, "successes_b": 0, "winner": "a"},
        ],
        "status": "running",
        "winner": None,
        "wins_a": 1,
        "wins_b": 0,
    }


@pytest.mark.parametrize(
    ("rounds_to_win", "message"),
    [
        (0, "rounds_to_win must be 1..3, not 0"),
        (4, "rounds_to_win must be 1..3, not 4"),
        (True, "rounds_to_win must be an integer, not bool"),
        (2.0, "rounds_to_win must be an integer, not float"),
        ("2", "rounds_to_win must be an integer, not str"),
    ],
)
def test_contest_needs_one_to_three_rounds_to_win(rounds_to_win: Any, message: str) -> None:
    with pytest.raises(RollError, match=message):
        start_contest(rounds_to_win)
    with pytest.raises(RollError, match=message):
        Contest(rounds_to_win)


@pytest.mark.parametrize(
    ("a", "b", "message"),
    [
        (-1, 0, "successes_a must be 0..4, not -1"),
        (0, 5, "successes_b must be 0..4, not 5"),
        (True, 0, "successes_a must be an integer, not bool"),
        (1, 1.0, "successes_b must be an integer, not float"),
        (None, 1, "successes_a must be an integer, not NoneType"),
    ],
)
def test_round_successes_must_be_what_a_3d6_test_can_count(a: Any, b: Any, message: str) -> None:
    with pytest.raises(RollError, match=message):
        record_round(start_contest(1), a, b)


def test_a_tie_is_resolved_only_by_reroll_or_draw() -> None:
    tied = record_round(start_contest(1), 1, 1)
    with pytest.raises(RollError, match="a tie is resolved by 'reroll' or 'draw', not 'coin'"):
        resolve_tie(tied, "coin")  # type: ignore[arg-type]


contest_steps = st.lists(
    st.one_of(
        st.tuples(st.integers(0, 4), st.integers(0, 4)),
        st.sampled_from(["reroll", "draw"]),
    ),
    max_size=30,
)


@given(st.integers(1, 3), contest_steps)
def test_any_sequence_of_legal_steps_keeps_the_contest_consistent(
    rounds_to_win: int, steps: list[Any]
) -> None:
    contest = start_contest(rounds_to_win)
    for step in steps:
        if isinstance(step, tuple) and contest.status == "running":
            contest = record_round(contest, *step)
        elif step in ("reroll", "draw") and contest.status == "tie":
            contest = resolve_tie(contest, step)
        else:
            with pytest.raises(RollError):
                if isinstance(step, tuple):
                    record_round(contest, *step)
                else:
                    resolve_tie(contest, step)
        assert max(contest.wins_a, contest.wins_b) <= rounds_to_win
        assert (contest.status == "won") == (rounds_to_win in (contest.wins_a, contest.wins_b))
        assert (contest.winner is not None) == (contest.status == "won")
        if contest.status in ("tie", "drawn"):
            assert contest.rounds[-1].winner is None


# --- group actions -----------------------------------------------------------------------


def test_group_succeeds_with_a_strict_majority() -> None:
    result = group_result([2, 3, 0, 2, 1], 2)
    assert result.members == (True, True, False, True, False)
    assert (result.succeeded, result.success) == (3, True)


def test_group_fails_at_exactly_half() -> None:
    result = group_result([2, 0, 3, 1], 2)
    assert (result.succeeded, result.success) == (2, False)


@pytest.mark.parametrize(("successes", "success"), [(1, True), (0, False)])
def test_a_group_of_one_is_that_member(successes: int, success: bool) -> None:
    result = group_result([successes], 1)
    assert result.members == (success,)
    assert result.success is success


@pytest.mark.parametrize(
    ("level", "difficulty"), [("easy", 1), ("medium", 2), ("difficult", 3), ("legendary", 4)]
)
def test_a_member_succeeds_with_successes_at_least_the_difficulty(
    level: str, difficulty: int
) -> None:
    result = group_result([difficulty, difficulty - 1, 4], difficulty)
    assert result.members == (True, False, True), level


def test_group_result_serialises() -> None:
    assert group_result((1, 0, 2), 1).to_dict() == {
        "difficulty": 1,
        "successes": [1, 0, 2],
        "members": [True, False, True],
        "succeeded": 2,
        "participants": 3,
        "success": True,
    }


@pytest.mark.parametrize(
    ("successes", "difficulty", "message"),
    [
        ([], 2, "a group action needs 1..100 participants, not 0"),
        ([1] * 101, 2, "a group action needs 1..100 participants, not 101"),
        ([1, 2], 0, "difficulty must be 1..4, not 0"),
        ([1, 2], 5, "difficulty must be 1..4, not 5"),
        ([1, 2], True, "difficulty must be an integer, not bool"),
        ([1, 2], None, "difficulty must be an integer, not NoneType"),
        ("12", 2, "successes must be a list of integers, not str"),
        ({1, 2}, 2, "successes must be a list of integers, not set"),
        ([1, True], 2, r"successes\[1\] must be an integer, not bool"),
        ([1, -1], 2, r"successes\[1\] must be 0..4, not -1"),
        ([5], 2, r"successes\[0\] must be 0..4, not 5"),
        ([1.0], 2, r"successes\[0\] must be an integer, not float"),
    ],
)
def test_bad_group_actions_are_refused(successes: Any, difficulty: Any, message: str) -> None:
    with pytest.raises(RollError, match=message):
        group_result(successes, difficulty)


@given(st.lists(st.integers(0, 4), min_size=1, max_size=12), st.integers(1, 4))
def test_group_success_is_a_strict_majority_of_member_successes(
    successes: list[int], difficulty: int
) -> None:
    result = group_result(successes, difficulty)
    winners = sum(s >= difficulty for s in successes)
    assert result.succeeded == winners
    assert result.success == (winners > len(successes) / 2)


# --- long tasks --------------------------------------------------------------------------


def test_relay_task_completes_when_pooled_successes_reach_the_target() -> None:
    task = start_task(4, HOUR, mode="relay", participants=3)
    for gained in (1, 2):
        task = add_roll(task, gained)
        assert task.status == "running"
    task = add_roll(task, 1)
    assert (task.status, task.successes, task.rolls, task.periods_elapsed) == (
        "completed",
        4,
        3,
        3,
    )
    assert task.elapsed_seconds == 3 * HOUR


def test_together_the_clock_advances_when_every_participant_has_rolled() -> None:
    task = start_task(20, 60, mode="together", participants=3)
    task = add_roll(task, 1)
    task = add_roll(task, 0)
    assert (task.periods_elapsed, task.rolls_this_period) == (0, 2)
    task = add_roll(task, 2)
    assert (task.periods_elapsed, task.rolls_this_period, task.successes) == (1, 0, 3)
    assert task.elapsed_seconds == 60


def test_together_task_completes_with_pooled_successes() -> None:
    task = start_task(4, HOUR, mode="together", participants=2)
    for gained in (1, 1, 1, 1):
        task = add_roll(task, gained)
    assert (task.status, task.successes, task.periods_elapsed) == ("completed", 4, 2)


def test_reaching_the_target_partway_through_a_period_counts_that_period() -> None:
    task = start_task(4, HOUR, mode="together", participants=3)
    task = add_roll(task, 4)
    assert (task.status, task.periods_elapsed, task.rolls_this_period) == ("completed", 1, 1)
    assert task.elapsed_seconds == HOUR


def test_task_fails_when_the_time_limit_is_reached_first() -> None:
    task = start_task(4, HOUR, limit_seconds=2 * HOUR, mode="relay")
    task = add_roll(task, 1)
    assert (task.status, task.periods_left) == ("running", 1)
    task = add_roll(task, 2)
    assert (task.status, task.successes, task.periods_left) == ("failed", 3, 0)


def test_together_task_fails_only_once_the_last_period_is_fully_rolled() -> None:
    task = start_task(10, HOUR, limit_seconds=HOUR, participants=2)
    task = add_roll(task, 1)
    assert task.status == "running"
    task = add_roll(task, 1)
    assert (task.status, task.periods_elapsed) == ("failed", 1)


@pytest.mark.parametrize("mode", ["relay", "together"])
def test_completion_on_the_last_allowed_roll_beats_the_limit(mode: Any) -> None:
    task = start_task(4, HOUR, limit_seconds=2 * HOUR, mode=mode, participants=1)
    task = add_roll(add_roll(task, 2), 2)
    assert (task.status, task.periods_left) == ("completed", 0)


@pytest.mark.parametrize("status", ["completed", "failed"])
def test_a_closed_task_refuses_rolls(status: str) -> None:
    task = start_task(1, 60, limit_seconds=60, mode="relay")
    task = add_roll(task, 1 if status == "completed" else 0)
    assert task.status == status
    with pytest.raises(RollError, match=f"the task is {status}: it takes no more rolls"):
        add_roll(task, 1)


def test_periods_left_counts_whole_periods_in_the_limit() -> None:
    task = start_task(16, 30 * 60, limit_seconds=2 * HOUR + 20 * 60, mode="relay")
    assert (task.max_periods, task.periods_left) == (4, 4)
    task = add_roll(task, 0)
    assert task.periods_left == 3


def test_periods_left_is_none_without_a_limit() -> None:
    task = add_roll(start_task(4, 60, mode="relay"), 1)
    assert (task.max_periods, task.periods_left, task.limit_seconds) == (None, None, None)


def test_a_limit_as_long_as_one_period_allows_one_period() -> None:
    assert start_task(4, HOUR, limit_seconds=HOUR).max_periods == 1


def test_typical_targets_from_the_seed_are_accepted() -> None:
    for target in (4, 16, 20):
        assert start_task(target, 12 * HOUR).target == target


def test_long_task_serialises_its_progress() -> None:
    task = add_roll(start_task(16, HOUR, limit_seconds=5 * HOUR, mode="relay", participants=2), 3)
    assert task.to_dict() == {
        "target": 16,
        "successes": 3,
        "status": "running",
        "mode": "relay",
        "participants": 2,
        "period_seconds": HOUR,
        "limit_seconds": 5 * HOUR,
        "rolls": 1,
        "periods_elapsed": 1,
        "rolls_this_period": 0,
        "elapsed_seconds": HOUR,
        "max_periods": 5,
        "periods_left": 4,
    }


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"target": 0}, "target must be 1..1000, not 0"),
        ({"target": 1001}, "target must be 1..1000, not 1001"),
        ({"target": True}, "target must be an integer, not bool"),
        ({"target": "4"}, "target must be an integer, not str"),
        ({"period_seconds": 0}, "period_seconds must be 1..315360000, not 0"),
        ({"period_seconds": 1.5}, "period_seconds must be an integer, not float"),
        ({"limit_seconds": 0}, "limit_seconds must be 1..315360000, not 0"),
        ({"limit_seconds": 10**10}, "limit_seconds must be 1..315360000, not 10000000000"),
        ({"limit_seconds": 59}, r"the time limit \(59 s\) is shorter than one roll's period"),
        ({"mode": "solo"}, "mode must be 'together' or 'relay', not 'solo'"),
        ({"participants": 0}, "participants must be 1..100, not 0"),
        ({"participants": False}, "participants must be an integer, not bool"),
    ],
)
def test_bad_long_tasks_are_refused(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"target": 4, "period_seconds": 60} | kwargs
    with pytest.raises(RollError, match=message):
        start_task(**args)


@pytest.mark.parametrize(
    ("successes", "message"),
    [
        (-1, "successes must be 0..4, not -1"),
        (5, "successes must be 0..4, not 5"),
        (True, "successes must be an integer, not bool"),
        ("2", "successes must be an integer, not str"),
    ],
)
def test_a_task_roll_adds_what_one_3d6_test_can_count(successes: Any, message: str) -> None:
    with pytest.raises(RollError, match=message):
        add_roll(start_task(4, 60), successes)


@given(
    st.integers(1, 30),
    st.sampled_from(["together", "relay"]),
    st.integers(1, 4),
    st.one_of(st.none(), st.integers(1, 8)),
    st.lists(st.integers(0, 4), max_size=60),
)
def test_a_task_ends_completed_at_the_target_or_failed_at_the_limit(
    target: int, mode: Any, participants: int, limit_periods: int | None, rolls: list[int]
) -> None:
    limit = None if limit_periods is None else limit_periods * 60
    task: LongTask = start_task(target, 60, limit, mode, participants)
    accepted = 0
    for gained in rolls:
        if task.status != "running":
            with pytest.raises(RollError):
                add_roll(task, gained)
            continue
        task = add_roll(task, gained)
        accepted += 1
        assert task.successes <= target + 3
        if task.max_periods is not None:
            assert task.periods_elapsed <= task.max_periods
        assert (task.status == "completed") == (task.successes >= target)
        if task.status == "failed":
            assert task.periods_elapsed == task.max_periods
    assert task.rolls == accepted
    assert task.successes == sum(rolls[:accepted])
