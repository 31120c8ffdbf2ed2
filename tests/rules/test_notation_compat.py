"""The free formula reads and rolls the notation as the ``d20`` package (Avrae's engine) does.

The package is driven with scripted randomness: its ``random`` is replaced by faces from a
seeded generator, recorded as (sides, face) draws, and our engine is fed the very same
draws. Then the two must agree on everything: accept or refuse, the total, which dice are
kept, dropped or rerolled, and the text (the package's ``str(result)``).

One thing in the package is not deterministic: dice a reroll or explosion picks together
are walked as a Python set of objects, in an order that follows memory addresses. Here its
selection is pinned to left to right, the order our engine uses; no total depends on it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import d20
import pytest
from d20 import diceast, expression
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.rules.errors import FormulaError, RulesError
from app.rules.formula import parse_formula, roll_formula
from app.rules.results import Die
from tests.rules.notation_corpus import FUDGE, PACKAGE_TESTS, README, REFUSED, corpus

SEEDS = range(6)


class _Picked(list[Any]):
    """A selection as a list in the set's order; ``explode`` asks it for a difference."""

    def difference(self, other: Any) -> _Picked:
        return _Picked(x for x in self if x not in other)


def _select_left_to_right(self: Any, target: Any, max_targets: int | None = None) -> _Picked:
    """``SetOperator.select`` of the package, returning its picks in the set's order."""
    chosen: dict[int, Any] = {}
    for selector in self.sels:
        batch = None
        if max_targets is not None:
            batch = max_targets - len(chosen)
            if batch == 0:
                break
        for node in selector.select(target, max_targets=batch):
            chosen[id(node)] = node
    return _Picked(n for n in target.set if id(n) in chosen)


class _Faces:
    """The package's ``random``: faces from a seeded generator, each draw written down."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.draws: list[tuple[int, int]] = []

    def randrange(self, *args: int) -> int:
        if len(args) == 1:  # randrange(size) + 1 is a face
            face = self.rng.randint(1, args[0])
            self.draws.append((args[0], face))
            return face - 1
        assert args == (0, 100, 10)  # the percentile die
        face = self.rng.randint(1, 10)
        self.draws.append((10, face))
        return (face - 1) * 10


class _Replay:
    """Our dice source: the package's draws, in order, each for a die of the same size."""

    def __init__(self, draws: list[tuple[int, int]]) -> None:
        self.draws = draws
        self.at = 0

    def roll(self, sides: int, count: int = 1) -> list[int]:
        out = []
        for _ in range(count):
            drawn_sides, face = self.draws[self.at]
            assert drawn_sides == sides, (self.at, drawn_sides, sides)
            out.append(face)
            self.at += 1
        return out


def package_tree(text: str) -> Any:
    """The package's tree, or None when its grammar refuses ``text``. Its parser is called
    without ``d20.roll``'s cache, which keys a text by its blank-free form (after "1d6",
    it would accept "1 d6")."""
    try:
        return diceast.parser.parse(text, start="expr")
    except Exception:
        return None


class Package:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch
        monkeypatch.setattr(expression.SetOperator, "select", _select_left_to_right)

    def parse(self, text: str) -> Any:
        return package_tree(text)

    def roll(self, tree: Any, seed: int) -> tuple[Any, list[tuple[int, int]]]:
        """(the result or the package's error, the draws it made)."""
        faces = _Faces(seed)
        self.monkeypatch.setattr(expression, "random", faces)
        try:
            result = d20.Roller().roll(tree)
            _ = result.total, str(result)  # the package computes both lazily
        except d20.RollError as exc:
            return exc, faces.draws
        return result, faces.draws


@pytest.fixture
def package(monkeypatch: pytest.MonkeyPatch) -> Package:
    return Package(monkeypatch)


def _package_dice(node: Any, counted: bool = True) -> Iterator[tuple[Any, list[Any], bool]]:
    """(value, values rerolled away, whether it counts) for every die, left to right."""
    counted = counted and node.kept
    if isinstance(node, expression.Dice):
        for die in node.values:
            faces = [literal.number for literal in die.values]
            yield faces[-1], faces[:-1], counted and die.kept
        return
    for child in node.children:
        yield from _package_dice(child, counted)


def _our_dice(dice: tuple[Die, ...]) -> list[tuple[Any, list[Any], bool]]:
    return [(d.value, list(d.history), d.kept is not False) for d in dice]


def _agree(package: Package, text: str, seeds: range = SEEDS) -> None:
    """The assertion every formula of the corpus goes through (see the module doc)."""
    tree = package.parse(text)
    if tree is None:
        with pytest.raises(FormulaError) as refused:
            parse_formula(text)
        assert 0 <= refused.value.position <= len(text)
        return
    outcomes = [package.roll(tree, seed) for seed in seeds]
    if text in REFUSED:
        with pytest.raises(FormulaError, match=REFUSED[text].replace("(", r"\(")):
            parse_formula(text)
        return
    failed = [result for result, _ in outcomes if isinstance(result, d20.RollError)]
    assert not failed, f"the package refuses {text!r} for some faces: {failed[0]}"
    parsed = parse_formula(text)
    for result, draws in outcomes:
        source = _Replay(draws)
        ours = roll_formula(source, parsed)
        assert source.at == len(draws), "we rolled fewer dice than the package"
        assert (ours.total, ours.text) == (result.total, str(result))
        assert _our_dice(ours.dice) == list(_package_dice(result.expr))


@pytest.mark.parametrize("text", corpus())
def test_the_server_reads_and_rolls_every_formula_as_the_package_does(
    package: Package, text: str
) -> None:
    _agree(package, text)


def test_the_corpus_holds_the_package_examples_its_tests_and_300_more() -> None:
    texts = corpus()
    assert len(texts) >= 450
    assert set(README) | set(PACKAGE_TESTS) <= set(texts)
    valid = [t for t in texts if package_tree(t) is not None]
    assert len(valid) >= 250 and len(texts) - len(valid) >= 100
    assert set(REFUSED) <= set(texts)


def test_refused_formulas_are_ones_the_package_parses(package: Package) -> None:
    """Every entry of REFUSED is a real decision: the package's grammar reads the text."""
    assert all(package.parse(text) is not None for text in REFUSED)


def test_a_refusal_for_some_faces_is_a_refusal_for_all(package: Package) -> None:
    """``1/(1d6-1)``: the package fails when the die shows 1 and rolls otherwise; the
    server refuses the text itself, so a 422 never tells what the die would have shown."""
    outcomes = {type(package.roll(package.parse("1/(1d6-1)"), seed)[0]) for seed in range(40)}
    assert d20.RollValueError in outcomes and d20.RollResult in outcomes
    with pytest.raises(FormulaError, match="the divisor of '/' can be 0 at position 1"):
        parse_formula("1/(1d6-1)")


@pytest.mark.parametrize("text", FUDGE)
def test_fudge_dice_are_ours_and_roll_as_d3_minus_2(package: Package, text: str) -> None:
    """The package has no ``dF``; ours draws a d3 per die and shows the face minus 2."""
    assert package.parse(text) is None
    roll = roll_formula(_Replay([(3, f) for f in [1, 2, 3, 3, 1, 2, 3, 1] * 40]), text)
    assert all(d.sides == "F" and d.value in (-1, 0, 1) for d in roll.dice)


def test_four_fudge_dice_total_what_4d3_minus_8_totals_with_the_same_faces() -> None:
    for seed in SEEDS:
        rng = random.Random(seed)
        faces = [(3, rng.randint(1, 3)) for _ in range(4)]
        fudge = roll_formula(_Replay(faces), "4dF+2")
        plain = roll_formula(_Replay(faces), "4d3-8+2")
        assert fudge.total == plain.total
        assert [d.value for d in fudge.dice] == [f - 2 for _, f in faces]


# --- random formulas ----------------------------------------------------------------------


def _selector(draw: st.DrawFn, typed: bool = True) -> str:
    cats = ["", "h", "l", "<", ">"] if typed else ["", "<", ">"]
    return draw(st.sampled_from(cats)) + str(draw(st.integers(0, 7)))


@st.composite
def _dice(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(["", "1", "2", "3", "4", "0"])) + "d"
    text += draw(st.sampled_from(["2", "3", "4", "6", "8", "10", "20", "%", "1"]))
    for _ in range(draw(st.integers(0, 3))):
        op = draw(st.sampled_from(["k", "p", "rr", "ro", "ra", "e", "mi", "ma"]))
        plain = op in ("mi", "ma") or (op == "rr" and draw(st.booleans()))
        text += op + (str(draw(st.integers(0, 7))) if plain else _selector(draw))
    return text


@st.composite
def formulas(draw: st.DrawFn, depth: int = 0) -> str:
    """Any formula of the grammar, often valid, sometimes refused for its dice."""
    kind = draw(st.integers(0, 9)) if depth < 3 else 0
    if kind <= 3:
        atom = draw(st.one_of(_dice(), st.integers(0, 20).map(str), st.sampled_from([".5", "1.5"])))
        return atom + draw(st.sampled_from(["", "", "", "[fire]", " [a][b]"]))
    if kind <= 6:
        op = draw(st.sampled_from(["+", "-", "*", "/", "//", "%", "==", "<", ">=", "!="]))
        blank = draw(st.sampled_from(["", " "]))
        left, right = draw(formulas(depth + 1)), draw(formulas(depth + 1))
        return f"{left}{blank}{op}{blank}{right}"
    if kind == 7:
        return draw(st.sampled_from(["-", "+"])) + draw(formulas(depth + 1))
    items = draw(st.lists(formulas(depth + 1), max_size=3))
    body = ", ".join(items) + ("," if len(items) == 1 and draw(st.booleans()) else "")
    ops = "".join(
        draw(st.sampled_from("kp")) + _selector(draw) for _ in range(draw(st.integers(0, 2)))
    )
    return f"({body}){ops}"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=formulas(), seed=st.integers(0, 2**32))
def test_any_formula_both_roll_gives_the_same_roll(text: str, seed: int) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        package = Package(monkeypatch)
        tree = package.parse(text)
        try:
            parsed = parse_formula(text)
        except RulesError:
            return  # refused up front (a cap, or a failure for some faces): see the corpus
        assert tree is not None, "the server accepts what the package cannot parse"
        result, draws = package.roll(tree, seed)
        assert not isinstance(result, d20.RollError), (text, result)
        source = _Replay(draws)
        ours = roll_formula(source, parsed)
        assert (ours.total, ours.text, source.at) == (result.total, str(result), len(draws))
