"""The 3d6 rules that span several tests: contests, group actions and long tasks.

Each takes the successes counted by single 3d6 tests (``app.rules.threed6``) as plain ints,
so it stays independent of how a test was rolled, rerolled or helped. The values are
immutable state machines: every step returns a new value and refuses steps the rules do
not allow, so the service can store one and replay the next request against it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal, NamedTuple

from app.rules.errors import RollError
from app.rules.message import msg
from app.rules.results import JSONDict

__all__ = [
    "MAX_GROUP_SIZE",
    "MAX_PARTICIPANTS",
    "MAX_SECONDS",
    "MAX_SUCCESSES",
    "MAX_TARGET",
    "Contest",
    "ContestRound",
    "ContestStatus",
    "GroupResult",
    "LongTask",
    "Side",
    "TaskMode",
    "TaskStatus",
    "TieDecision",
    "add_roll",
    "group_result",
    "record_round",
    "resolve_tie",
    "start_contest",
    "start_task",
]

MAX_SUCCESSES = 4
"""A 3d6 test rolls at most 4 dice, so it never counts more than 4 successes."""
MAX_GROUP_SIZE = 100
MAX_PARTICIPANTS = 100
MAX_TARGET = 1000
MAX_SECONDS = 10 * 365 * 24 * 3600
"""Ten years: a longer period or limit is a typing mistake, not a task."""

Side = Literal["a", "b"]
ContestStatus = Literal["running", "tie", "won", "drawn"]
TieDecision = Literal["reroll", "draw"]
TaskMode = Literal["together", "relay"]
TaskStatus = Literal["running", "completed", "failed"]


def _int(value: object, name: str, low: int, high: int | None = None) -> int:
    """Strict int check: ``True``, floats and numeric strings are refused, not coerced."""
    if type(value) is not int:
        raise RollError(
            msg(
                "{name} must be an integer, not {value_type}",
                name=name,
                value_type=type(value).__name__,
            )
        )
    if value < low or (high is not None and value > high):
        bounds = f"{low}..{high}" if high is not None else f">= {low}"
        raise RollError(
            msg("{name} must be {bounds}, not {value}", name=name, bounds=bounds, value=value)
        )
    return value


# --- contests ----------------------------------------------------------------------------


class ContestRound(NamedTuple):
    """One round: both sides' successes; ``winner`` is None for a tie."""

    successes_a: int
    successes_b: int
    winner: Side | None

    def to_dict(self) -> JSONDict:
        return {
            "successes_a": self.successes_a,
            "successes_b": self.successes_b,
            "winner": self.winner,
        }


@dataclass(frozen=True, slots=True)
class Contest:
    """An opposed action played to ``rounds_to_win`` won rounds (1, 2 or 3).

    ``status`` is ``tie`` while the storyteller has to decide a tied round: roll it again
    (``running``) or call the whole contest a draw (``drawn``).
    """

    rounds_to_win: int
    rounds: tuple[ContestRound, ...] = ()
    status: ContestStatus = "running"
    winner: Side | None = None

    def __post_init__(self) -> None:
        _int(self.rounds_to_win, "rounds_to_win", 1, 3)

    @property
    def wins_a(self) -> int:
        return sum(1 for r in self.rounds if r.winner == "a")

    @property
    def wins_b(self) -> int:
        return sum(1 for r in self.rounds if r.winner == "b")

    def to_dict(self) -> JSONDict:
        return {
            "rounds_to_win": self.rounds_to_win,
            "rounds": [r.to_dict() for r in self.rounds],
            "status": self.status,
            "winner": self.winner,
            "wins_a": self.wins_a,
            "wins_b": self.wins_b,
        }


def start_contest(rounds_to_win: int = 1) -> Contest:
    return Contest(rounds_to_win)


def record_round(contest: Contest, successes_a: int, successes_b: int) -> Contest:
    """Record one round; more successes wins it, equal successes wait for the storyteller."""
    if contest.status != "running":
        raise RollError(_NOT_RUNNING[contest.status])
    a = _int(successes_a, "successes_a", 0, MAX_SUCCESSES)
    b = _int(successes_b, "successes_b", 0, MAX_SUCCESSES)
    if a == b:
        return replace(contest, rounds=(*contest.rounds, ContestRound(a, b, None)), status="tie")
    side: Side = "a" if a > b else "b"
    rounds = (*contest.rounds, ContestRound(a, b, side))
    wins = sum(1 for r in rounds if r.winner == side)
    if wins >= contest.rounds_to_win:
        return replace(contest, rounds=rounds, status="won", winner=side)
    return replace(contest, rounds=rounds)


_NOT_RUNNING = {
    "tie": msg(
        "the last round is a tie: the storyteller must first choose to reroll it or call a draw"
    ),
    "won": msg("the contest is over: it has been won"),
    "drawn": msg("the contest is over: it was declared a draw"),
}


def resolve_tie(contest: Contest, decision: TieDecision) -> Contest:
    """The storyteller's call on a tied round; the tied round stays in the history."""
    if decision not in ("reroll", "draw"):
        raise RollError(
            msg("a tie is resolved by 'reroll' or 'draw', not {decision!r}", decision=decision)
        )
    if contest.status != "tie":
        raise RollError(
            msg(
                "there is no tie to resolve: the contest is {contest_status}",
                contest_status=contest.status,
            )
        )
    return replace(contest, status="running" if decision == "reroll" else "drawn")


# --- group actions -----------------------------------------------------------------------


class GroupResult(NamedTuple):
    """Each member's success against one difficulty; the group needs a strict majority."""

    difficulty: int
    successes: tuple[int, ...]
    members: tuple[bool, ...]
    succeeded: int
    success: bool

    def to_dict(self) -> JSONDict:
        return {
            "difficulty": self.difficulty,
            "successes": list(self.successes),
            "members": list(self.members),
            "succeeded": self.succeeded,
            "participants": len(self.members),
            "success": self.success,
        }


def group_result(successes: Sequence[int], difficulty: int) -> GroupResult:
    """Strictly more than half must succeed: 2 of 4 fails, 3 of 5 succeeds, 1 of 1 succeeds."""
    _int(difficulty, "difficulty", 1, 4)
    if isinstance(successes, str | bytes) or not isinstance(successes, Sequence):
        raise RollError(
            msg(
                "successes must be a list of integers, not {successes_type}",
                successes_type=type(successes).__name__,
            )
        )
    if not 1 <= len(successes) <= MAX_GROUP_SIZE:
        raise RollError(
            msg(
                "a group action needs 1..{max_group_size} participants, not {successes_count}",
                max_group_size=MAX_GROUP_SIZE,
                successes_count=len(successes),
            )
        )
    counts = tuple(_int(s, f"successes[{i}]", 0, MAX_SUCCESSES) for i, s in enumerate(successes))
    members = tuple(s >= difficulty for s in counts)
    succeeded = sum(members)
    return GroupResult(difficulty, counts, members, succeeded, 2 * succeeded > len(members))


# --- long tasks --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LongTask:
    """A task that pools successes against a target, under an optional time limit.

    Time is counted in periods (the time one roll takes). ``together``: each participant
    rolls once per period and the clock advances when all have rolled; ``relay``: one roll
    per period, whoever makes it. When the target is reached partway through a
    ``together`` period, that started period counts as elapsed: the kittens did work it.
    """

    target: int
    period_seconds: int
    limit_seconds: int | None = None
    mode: TaskMode = "together"
    participants: int = 1
    successes: int = 0
    rolls: int = 0
    periods_elapsed: int = 0
    rolls_this_period: int = 0
    status: TaskStatus = "running"

    def __post_init__(self) -> None:
        _int(self.target, "target", 1, MAX_TARGET)
        _int(self.period_seconds, "period_seconds", 1, MAX_SECONDS)
        if self.limit_seconds is not None:
            _int(self.limit_seconds, "limit_seconds", 1, MAX_SECONDS)
            if self.limit_seconds < self.period_seconds:
                raise RollError(
                    msg(
                        "the time limit ({limit_seconds} s) is shorter than one roll's period "
                        "({period_seconds} s): no roll would fit",
                        limit_seconds=self.limit_seconds,
                        period_seconds=self.period_seconds,
                    )
                )
        if self.mode not in ("together", "relay"):
            raise RollError(msg("mode must be 'together' or 'relay', not {mode!r}", mode=self.mode))
        _int(self.participants, "participants", 1, MAX_PARTICIPANTS)

    @property
    def max_periods(self) -> int | None:
        """How many whole periods fit in the limit (a partial period allows no roll)."""
        return None if self.limit_seconds is None else self.limit_seconds // self.period_seconds

    @property
    def periods_left(self) -> int | None:
        limit = self.max_periods
        return None if limit is None else limit - self.periods_elapsed

    @property
    def elapsed_seconds(self) -> int:
        return self.periods_elapsed * self.period_seconds

    @property
    def rolls_per_period(self) -> int:
        return self.participants if self.mode == "together" else 1

    def to_dict(self) -> JSONDict:
        return {
            "target": self.target,
            "successes": self.successes,
            "status": self.status,
            "mode": self.mode,
            "participants": self.participants,
            "period_seconds": self.period_seconds,
            "limit_seconds": self.limit_seconds,
            "rolls": self.rolls,
            "periods_elapsed": self.periods_elapsed,
            "rolls_this_period": self.rolls_this_period,
            "elapsed_seconds": self.elapsed_seconds,
            "max_periods": self.max_periods,
            "periods_left": self.periods_left,
        }


def start_task(
    target: int,
    period_seconds: int,
    limit_seconds: int | None = None,
    mode: TaskMode = "together",
    participants: int = 1,
) -> LongTask:
    return LongTask(target, period_seconds, limit_seconds, mode, participants)


def add_roll(task: LongTask, successes: int) -> LongTask:
    """Pool one test's successes; completion is checked before the time limit."""
    if task.status != "running":
        raise RollError(
            msg("the task is {task_status}: it takes no more rolls", task_status=task.status)
        )
    gained = _int(successes, "successes", 0, MAX_SUCCESSES)
    pooled = task.successes + gained
    in_period = task.rolls_this_period + 1
    periods = task.periods_elapsed
    if in_period == task.rolls_per_period:
        periods, in_period = periods + 1, 0
    status: TaskStatus = "running"
    if pooled >= task.target:
        status = "completed"
        if in_period:  # a started `together` period was worked through
            periods += 1
    elif periods == task.max_periods:
        status = "failed"
    return replace(
        task,
        successes=pooled,
        rolls=task.rolls + 1,
        periods_elapsed=periods,
        rolls_this_period=in_period,
        status=status,
    )
