"""GET /odds/{ruleset}: exact chances without rolling, checked against the engine and against
an enumeration of every equally likely way the dice can fall."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from httpx import AsyncClient

from app.rules import d20, matrix, threed6_odds
from app.rules.formula_odds import formula_odds_json
from tests.service.table import expect


def _close(a: float, b: Fraction | float) -> bool:
    return abs(a - float(b)) < 1e-12


def _enumerate_3d6(dice: int, score: int, rerolls: int) -> dict[int, Fraction]:
    """Successes over every face sequence: first the dice, then one face per reroll, each
    reroll spent on a die without success while one is left (the engine's stated policy)."""
    counts: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=dice + rerolls):
        successes = sum(1 for f in faces[:dice] if f <= score)
        for face in faces[dice:]:
            if successes == dice:
                break
            successes += face <= score
        counts[successes] = counts.get(successes, 0) + 1
    total = 6 ** (dice + rerolls)
    return {k: Fraction(v, total) for k, v in counts.items()}


def _boon_after_rerolls(dice: int, score: int, rerolls: int) -> Fraction:
    """Three equal faces over every face sequence, each reroll spent on the first die
    without success while one is left (the policy the odds state)."""
    boons = 0
    for faces in product(range(1, 7), repeat=dice + rerolls):
        shown = list(faces[:dice])
        for face in faces[dice:]:
            missed = next((i for i, f in enumerate(shown) if f > score), None)
            if missed is None:
                break
            shown[missed] = face
        boons += max(shown.count(f) for f in shown) >= 3
    return Fraction(boons, 6 ** (dice + rerolls))


async def _get(client: AsyncClient, path: str, status: int = 200) -> dict:  # type: ignore[type-arg]
    answer = await client.get(path)
    body = expect(answer, status)
    if status != 200:
        assert answer.headers["content-type"].startswith("application/problem+json")
        assert body["status"] == status and body["detail"]
    return body


@pytest.mark.parametrize(
    ("dice", "score", "rerolls", "difficulty"),
    [(3, 3, 1, 2), (3, 3, 0, 2), (4, 5, 2, 4), (2, 1, 0, 1), (3, 0, 3, 1), (2, 6, 1, 2)],
)
async def test_3d6_odds_are_exact(
    client: AsyncClient, dice: int, score: int, rerolls: int, difficulty: int
) -> None:
    odds = await _get(
        client, f"/odds/3d6?score={score}&dice={dice}&rerolls={rerolls}&difficulty={difficulty}"
    )
    assert odds == threed6_odds.odds_3d6(dice, score, difficulty, rerolls).to_dict()
    exact = _enumerate_3d6(dice, score, rerolls)
    assert set(odds["successes"]) == {str(k) for k in range(dice + 1)}
    for k in range(dice + 1):
        assert _close(odds["successes"][str(k)], exact.get(k, Fraction(0)))
    success = sum((p for k, p in exact.items() if k >= difficulty), Fraction(0))
    botch = exact.get(0, Fraction(0))
    assert set(odds["outcomes"]) == {"success", "partial", "botch"}
    assert _close(odds["outcomes"]["success"], success)
    assert _close(odds["outcomes"]["botch"], botch)
    assert _close(odds["outcomes"]["partial"], 1 - success - botch)
    assert _close(sum(odds["outcomes"].values()), 1)
    assert _close(sum(odds["successes"].values()), 1)
    # Three equal faces once the rerolls are spent (docs/rules.md: "after rerolls").
    assert _close(odds["boon"], _boon_after_rerolls(dice, score, rerolls))


async def test_3d6_odds_of_the_contract_example(client: AsyncClient) -> None:
    odds = await _get(client, "/odds/3d6?score=3&dice=3&rerolls=1&difficulty=2")
    # p = 1/2 per die; with one reroll a 0- or 1-success throw may gain one.
    assert _close(odds["successes"]["0"], Fraction(1, 16))
    assert _close(odds["outcomes"]["success"], Fraction(11, 16))
    assert _close(odds["outcomes"]["botch"], Fraction(1, 16))
    assert _close(odds["boon"], Fraction(1, 24))  # 1/36 on the first throw, before the reroll


async def test_3d6_difficulty_is_a_number_or_a_name(client: AsyncClient) -> None:
    for name, level in (("easy", 1), ("medium", 2), ("Difficult", 3), (" LEGENDARY ", 4)):
        by_name = await _get(client, f"/odds/3d6?score=4&dice=3&difficulty={name}")
        by_number = await _get(client, f"/odds/3d6?score=4&dice=3&difficulty={level}")
        assert by_name == by_number
    opened = await _get(client, "/odds/3d6?score=4")
    assert set(opened["outcomes"]) == {"open", "botch"}  # no success is a botch even here
    assert _close(opened["outcomes"]["botch"], Fraction(1, 27))
    assert opened == threed6_odds.odds_3d6(3, 4, None, 0).to_dict()


async def test_d20_odds_are_exact(client: AsyncClient) -> None:
    for modifier, difficulty, mode, query in (
        (2, 15, "advantage", "modifier=2&difficulty=15&advantage=true"),
        (0, 12, "normal", ""),
        (-4, 18, "disadvantage", "modifier=-4&difficulty=extreme&disadvantage=true"),
        (3, 9, "normal", "modifier=3&difficulty=easy&advantage=true&disadvantage=true"),
        (4, 100, "normal", "modifier=4&difficulty=100"),
        (0, -100, "advantage", "difficulty=-100&advantage=1"),
    ):
        odds = await _get(client, f"/odds/d20?{query}")
        assert odds == d20.d20_odds(modifier, difficulty, mode).to_dict()
        # Enumerate the kept die of every equally likely throw.
        throws = list(product(range(1, 21), repeat=1 if mode == "normal" else 2))
        wins = crit_win = crit_fail = 0
        for throw in throws:
            kept = max(throw) if mode == "advantage" else min(throw)
            crit_win += kept == 20
            crit_fail += kept == 1
            wins += kept == 20 or (kept != 1 and kept + modifier >= difficulty)
        assert _close(odds["success"], Fraction(wins, len(throws)))
        assert _close(odds["critical_success"], Fraction(crit_win, len(throws)))
        assert _close(odds["critical_failure"], Fraction(crit_fail, len(throws)))


async def test_d20_difficulty_names(client: AsyncClient) -> None:
    for name, value in (("easy", 9), ("medium", 12), ("difficult", 15), ("extreme", 18)):
        by_name = await _get(client, f"/odds/d20?modifier=1&difficulty={name}")
        assert by_name == await _get(client, f"/odds/d20?modifier=1&difficulty={value}")


async def test_matrix_odds_are_exact(client: AsyncClient) -> None:
    for stat, difficulty in ((14, 0), (11, 3), (0, 0), (20, 20), (5, 3)):
        odds = await _get(client, f"/odds/matrix?stat={stat}&difficulty={difficulty}")
        assert odds == matrix.matrix_odds(stat, difficulty).to_dict()
        won: dict[str, Fraction] = {}
        lost: dict[str, Fraction] = {}
        for face in range(1, 21):
            if face > stat:
                lost[str(face - stat)] = lost.get(str(face - stat), Fraction(0)) + Fraction(1, 20)
            elif face >= difficulty:
                won[str(face)] = won.get(str(face), Fraction(0)) + Fraction(1, 20)
            else:
                lost[str(face)] = lost.get(str(face), Fraction(0)) + Fraction(1, 20)
        assert _close(odds["success"], sum(won.values(), Fraction(0)))
        assert _close(odds["success"] + odds["failure"], 1)
        assert set(odds["margins"]["success"]) == set(won)
        assert set(odds["margins"]["failure"]) == set(lost)
        for margin, p in won.items():
            assert _close(odds["margins"]["success"][margin], p)
        for margin, p in lost.items():
            assert _close(odds["margins"]["failure"][margin], p)


@pytest.mark.parametrize(
    "query",
    [
        "/odds/3d6",
        "/odds/3d6?score=7",
        "/odds/3d6?score=-1",
        "/odds/3d6?score=three",
        "/odds/3d6?score=3&dice=1",
        "/odds/3d6?score=3&dice=5",
        "/odds/3d6?score=3&rerolls=-1",
        "/odds/3d6?score=3&rerolls=21",
        "/odds/3d6?score=3&difficulty=0",
        "/odds/3d6?score=3&difficulty=5",
        "/odds/3d6?score=3&difficulty=-2",
        "/odds/3d6?score=3&difficulty=impossible",
        "/odds/3d6?score=3&difficulty=",
        "/odds/3d6?score=3&difficulty=--5",
        "/odds/3d6?score=3&difficulty=%C2%B2",
        "/odds/3d6?score=3&difficulty=1.5",
        "/odds/3d6?score=3&difficulty=99999999999999999999",
        "/odds/d20?modifier=101",
        "/odds/d20?modifier=x",
        "/odds/d20?difficulty=101",
        "/odds/d20?difficulty=-101",
        "/odds/d20?difficulty=--5",
        "/odds/d20?difficulty=%C2%B2",
        "/odds/d20?difficulty=hard",
        "/odds/d20?difficulty=1e3",
        "/odds/d20?advantage=maybe",
        "/odds/matrix",
        "/odds/matrix?stat=21",
        "/odds/matrix?stat=-1",
        "/odds/matrix?stat=10&difficulty=21",
        "/odds/matrix?stat=10&difficulty=easy",
    ],
)
async def test_bad_odds_parameters_are_refused(client: AsyncClient, query: str) -> None:
    await _get(client, query, 422)


async def test_odds_of_an_unknown_ruleset_are_not_found(client: AsyncClient) -> None:
    await _get(client, "/odds/d100?score=3", 404)


async def test_formula_odds_give_the_chance_of_every_total(client: AsyncClient) -> None:
    odds = await _get(client, "/odds/formula?formula=2d6kh1%2B1")
    assert (odds["min"], odds["max"]) == (2, 7)
    assert _close(odds["mean"], Fraction(161, 36) + 1)
    for k in range(1, 7):  # the higher of 2d6 is k in 2k - 1 of 36 rolls
        assert _close(odds["totals"][str(k + 1)], Fraction(2 * k - 1, 36))
    assert odds == formula_odds_json("2d6kh1+1")


async def test_formula_odds_of_a_huge_formula_keep_bounds_and_mean(client: AsyncClient) -> None:
    assert await _get(client, "/odds/formula?formula=100d1000") == {
        "min": 100,
        "max": 100_000,
        "mean": 50_050.0,
        "no_totals": "more than 200 possible totals",
    }


async def test_a_bad_formula_gets_a_422_problem(client: AsyncClient) -> None:
    for query in ("formula=1x6", "formula=", "formula=101d6", "", "formula=" + "1" * 201):
        answer = await client.get(f"/odds/formula?{query}")
        assert answer.status_code == 422, query
        assert answer.headers["content-type"].startswith("application/problem+json")
