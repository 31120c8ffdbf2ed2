"""Rules engine benchmark: rolls per second against the ``d20`` package and a bare loop.

Run from the repo root::

    .venv/bin/python bench/rules_bench.py            # full run, ~30 s
    .venv/bin/python bench/rules_bench.py --quick    # CI smoke, a few seconds
    .venv/bin/python bench/rules_bench.py --strict   # exit 1 when a target is missed

Every workload runs in several rounds, round-robin, so drift on a shared machine hits all
of them alike; the median rate per workload is reported. The last lines are machine
readable: ``RATIO <name> <value>``, ``ODDS_US <name> <value>`` and ``TARGETS ...``.
"""

from __future__ import annotations

import argparse
import importlib
import secrets
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from app.rules import d20 as rules_d20  # noqa: E402
from app.rules import formula, formula_odds, threed6, threed6_odds  # noqa: E402
from app.rules.dice import SeededDice, SystemDice  # noqa: E402

Workload = Callable[[int], int]
"""Runs ``n`` iterations and returns the elapsed time in nanoseconds."""

RATIO_TARGETS = {
    "3d6_system_vs_d20pkg": 3.0,
    "3d6_seeded_vs_d20pkg": 2.0,
    "4d6kh3_vs_d20pkg": 3.0,
    "formula_mix_vs_d20pkg": 2.0,
}
FORMULA_MIX = ("4d6kh3", "8d6rr1", "3d6e6", "(1d20+5)*2", "10d10k>5", "4dF+2")
"""Rich formulas, parsed (from the memo) and rolled from the CSPRNG each iteration."""
D20PKG_MIX = ("4d6kh3", "8d6rr1", "3d6e6", "(1d20+5)*2", "10d10k>5", "4d3-8+2")
"""The same for ``d20.roll``, which has no fudge dice: ``4d3-8`` rolls what ``4dF`` does."""
ODDS_TARGET_US = 50.0


def load_d20pkg() -> ModuleType:
    """The ``d20`` PyPI package (Avrae's dice engine), imported only when benchmarking."""
    try:
        return importlib.import_module("d20")
    except ImportError:
        raise SystemExit(
            "rules_bench needs the 'd20' package as a baseline: pip install -e '.[bench]'"
        ) from None


def make_workloads(d20pkg: ModuleType) -> dict[str, Workload]:
    """Each workload times its own loop, so loop overhead is the same for all of them."""
    dice = SystemDice()
    seed = secrets.token_bytes(32)
    nonce = 0
    clock = time.perf_counter_ns
    randbelow = secrets.randbelow

    def system_3d6(n: int) -> int:
        start = clock()
        for _ in range(n):
            threed6.roll_test(dice, 3, difficulty=2)
        return clock() - start

    def system_3d6_dict(n: int) -> int:
        start = clock()
        for _ in range(n):
            threed6.roll_test(dice, 3, difficulty=2).to_dict()
        return clock() - start

    def seeded_3d6(n: int) -> int:
        nonlocal nonce  # each roll takes the next nonce, as in production
        first = nonce
        nonce += n
        start = clock()
        for i in range(first, first + n):
            threed6.roll_test(SeededDice(seed, "bench", i), 3, difficulty=2)
        return clock() - start

    def d20_adv(n: int) -> int:
        start = clock()
        for _ in range(n):
            rules_d20.roll_test(dice, 2, difficulty=15, advantage=True)
        return clock() - start

    def formula_4d6kh3(n: int) -> int:
        start = clock()
        for _ in range(n):
            formula.roll_formula(dice, "4d6kh3+2")
        return clock() - start

    def formula_mix(n: int) -> int:
        start = clock()
        for _ in range(n):
            for text in FORMULA_MIX:
                formula.roll_formula(dice, text)
        return clock() - start

    def pkg_mix(n: int) -> int:
        roll = d20pkg.roll
        start = clock()
        for _ in range(n):
            for text in D20PKG_MIX:
                roll(text)
        return clock() - start

    def odds_formula_mix(n: int) -> int:
        start = clock()
        for _ in range(n):
            for text in FORMULA_MIX:
                formula_odds.formula_odds_json(text)
        return clock() - start

    def pkg_3d6(n: int) -> int:
        roll = d20pkg.roll
        start = clock()
        for _ in range(n):
            roll("3d6")
        return clock() - start

    def pkg_4d6kh3(n: int) -> int:
        roll = d20pkg.roll
        start = clock()
        for _ in range(n):
            roll("4d6kh3+2")
        return clock() - start

    def bare_randbelow(n: int) -> int:
        start = clock()
        for _ in range(n):
            _ = randbelow(6) + 1
            _ = randbelow(6) + 1
            _ = randbelow(6) + 1
        return clock() - start

    def odds_3d6(n: int) -> int:
        start = clock()
        for _ in range(n):
            threed6_odds.odds_3d6(3, 3, 2, 1)
        return clock() - start

    def odds_d20(n: int) -> int:
        start = clock()
        for _ in range(n):
            rules_d20.d20_odds(2, 15, "advantage")
        return clock() - start

    threed6_odds.odds_3d6(3, 3, 2, 1)  # warm the memo: the bench times answered queries
    rules_d20.d20_odds(2, 15, "advantage")
    for text in FORMULA_MIX:
        formula_odds.formula_odds_json(text)
    return {
        "3d6_system": system_3d6,
        "3d6_system+to_dict": system_3d6_dict,
        "3d6_seeded": seeded_3d6,
        "d20_adv": d20_adv,
        "4d6kh3+2": formula_4d6kh3,
        "formula_mix": formula_mix,
        "d20pkg_3d6": pkg_3d6,
        "d20pkg_4d6kh3+2": pkg_4d6kh3,
        "d20pkg_mix": pkg_mix,
        "randbelow_3x": bare_randbelow,
        "odds_3d6": odds_3d6,
        "odds_d20": odds_d20,
        "odds_formula_mix": odds_formula_mix,
    }


def calibrate(workload: Workload, round_ns: int) -> int:
    """Iterations that take about ``round_ns``; also warms the workload up."""
    n = 16
    while True:
        elapsed = workload(n)
        if elapsed >= round_ns // 8 or n >= 1 << 24:
            return max(16, round(n * round_ns / max(elapsed, 1)))
        n *= 4


def run(workloads: dict[str, Workload], rounds: int, round_ns: int) -> dict[str, float]:
    """Median rate (iterations per second) of each workload over interleaved rounds."""
    sizes = {name: calibrate(work, round_ns) for name, work in workloads.items()}
    rates: dict[str, list[float]] = {name: [] for name in workloads}
    for _ in range(rounds):
        for name, work in workloads.items():
            rates[name].append(sizes[name] * 1e9 / max(work(sizes[name]), 1))
    return {name: statistics.median(values) for name, values in rates.items()}


def report(rates: dict[str, float]) -> list[str]:
    """Print the table and the machine-readable lines; return the targets missed."""
    print(f"{'workload':<22}{'rate (/s)':>14}{'µs each':>12}  (a mix iteration: 6 formulas)")
    for name, rate in rates.items():
        print(f"{name:<22}{rate:>14,.0f}{1e6 / rate:>12.2f}")
    system = rates["3d6_system"]
    cost_us = 1e6 / rates["3d6_system+to_dict"] - 1e6 / system
    print(f"info: to_dict() adds {cost_us:.2f} µs to a 3d6 test (not a ratio target)")
    print()
    ratios = {
        "3d6_system_vs_d20pkg": system / rates["d20pkg_3d6"],
        "3d6_seeded_vs_d20pkg": rates["3d6_seeded"] / rates["d20pkg_3d6"],
        "4d6kh3_vs_d20pkg": rates["4d6kh3+2"] / rates["d20pkg_4d6kh3+2"],
        "formula_mix_vs_d20pkg": rates["formula_mix"] / rates["d20pkg_mix"],
        "d20_adv_vs_d20pkg": rates["d20_adv"] / rates["d20pkg_3d6"],
        "3d6_system_vs_randbelow": system / rates["randbelow_3x"],
    }
    odds_us = {name: 1e6 / rates[name] for name in ("odds_3d6", "odds_d20")}
    odds_us["odds_formula_mix"] = 1e6 / rates["odds_formula_mix"] / len(FORMULA_MIX)
    missed: list[str] = []
    for name, value in ratios.items():
        print(f"RATIO {name} {value:.2f}")
        if name in RATIO_TARGETS and value < RATIO_TARGETS[name]:
            missed.append(f"{name}<{RATIO_TARGETS[name]:g}")
    for name, value in odds_us.items():
        print(f"ODDS_US {name} {value:.2f}")
        if value >= ODDS_TARGET_US:
            missed.append(f"{name}>={ODDS_TARGET_US:g}us")
    print("TARGETS met" if not missed else f"TARGETS missed: {', '.join(missed)}")
    return missed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="few short rounds (CI smoke)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--rounds", type=int, default=None, help="rounds per workload")
    args = parser.parse_args(argv)
    rounds = args.rounds or (3 if args.quick else 7)
    round_ns = 40_000_000 if args.quick else 400_000_000
    workloads = make_workloads(load_d20pkg())
    start = time.perf_counter()
    rates = run(workloads, rounds, round_ns)
    elapsed = time.perf_counter() - start
    print(f"Fairtable rules bench: {rounds} rounds x {len(workloads)} workloads, {elapsed:.1f} s")
    missed = report(rates)
    return 1 if args.strict and missed else 0


if __name__ == "__main__":
    sys.exit(main())
