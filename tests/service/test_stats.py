"""GET /campaigns/{cid}/stats: luck per roller, against values this test works out on its
own from the dice (binomials, a reroll's step, the 36 sums of 2d6, the 400 pairs of an
advantage roll), for each viewer (a hidden roll counts for nobody who may not see it),
over windows of time, as rolls become final, reopen and are revealed."""

from __future__ import annotations

import asyncio
import math
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import pytest

from tests.roll_requests.conftest import Table, TableOf, table_of
from tests.service.table import ITEM, Person, expect

__all__ = ["table_of"]  # the fixture, shared with tests/roll_requests


# --- what the odds say, worked out here --------------------------------------------------


def threed6_successes(score: int, rerolls: int = 0, dice: int = 3) -> dict[int, float]:
    """Successes of a 3d6 test: each die succeeds on a face ≤ score; each reroll goes to
    a die without success while there is one."""
    p = score / 6
    dist = {k: math.comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1)}
    for _ in range(rerolls):
        step: dict[int, float] = {}
        for k, w in dist.items():
            if k < dice:
                step[k + 1] = step.get(k + 1, 0) + w * p
                step[k] = step.get(k, 0) + w * (1 - p)
            else:
                step[k] = step.get(k, 0) + w
        dist = step
    return dist


def sums_2d6() -> dict[int, float]:
    return {t: sum(a + b == t for a in range(1, 7) for b in range(1, 7)) / 36 for t in range(2, 13)}


def d20_advantage_success(modifier: int, difficulty: int) -> float:
    return sum(max(a, b) + modifier >= difficulty for a in range(1, 21) for b in range(1, 21)) / 400


def moments(dist: dict[int, float]) -> tuple[float, float]:
    mean = sum(k * w for k, w in dist.items())
    return mean, sum((k - mean) ** 2 * w for k, w in dist.items())


def q_half_integer(a2: int, x: float) -> float:
    """Q(a2/2, x) by the closed forms: e^-x Σ x^k/k! for whole a, erfc and the recurrence
    Q(a+1, x) = Q(a, x) + x^a e^-x / Γ(a+1) for halves."""
    if a2 % 2 == 0:
        return math.exp(-x) * sum(x**k / math.factorial(k) for k in range(a2 // 2))
    q, a = math.erfc(math.sqrt(x)), 0.5
    while a < a2 / 2:
        q += x**a * math.exp(-x) / math.gamma(a + 1)
        a += 1
    return q


# --- the table ---------------------------------------------------------------------------


@dataclass
class Made:
    roll: dict[str, Any]
    who: Person
    success: tuple[float, float, float] | None = None  # observed, expected, variance
    total: tuple[float, float, float] | None = None
    faces: dict[int, list[int]] = field(default_factory=dict)  # sides -> every face drawn

    @property
    def at(self) -> datetime:
        return datetime.fromisoformat(self.roll["created_at"])


async def _test(t: Table, who: Person, character: str, faces: list[int], **body: Any) -> Made:
    t.faces(*faces)
    body = {"kind": "test", "character_id": character, "trait": "strong", **body}
    rolled = await t.post(who, f"/campaigns/{t.cid}/rolls", body)
    mean, variance = moments(threed6_successes(3, len(body.get("rerolls", []))))
    observed = sum(f <= 3 for f in faces)
    return Made(rolled, who, (observed, mean, variance), faces={6: faces})


async def _formula(t: Table, who: Person, faces: list[int], **body: Any) -> Made:
    t.faces(*faces)
    rolled = await t.post(
        who, f"/campaigns/{t.cid}/rolls", {"kind": "formula", "formula": "2d6", **body}
    )
    mean, variance = moments(sums_2d6())
    return Made(rolled, who, total=(float(sum(faces)), mean, variance), faces={6: faces})


def _expected(made: list[Made]) -> dict[str, Any]:
    """The item these rolls make, worked out here."""
    tests = [m.success for m in made if m.success is not None]
    totals = [m.total for m in made if m.total is not None]

    def luck(parts: list[tuple[float, float, float]]) -> dict[str, float]:
        observed, expected, variance = (sum(p[i] for p in parts) for i in range(3))
        z = (observed - expected) / math.sqrt(variance) if variance else 0.0
        percentile = 50 * (1 + math.erf(z / math.sqrt(2)))
        return {"observed": observed, "expected": expected, "variance": variance, "z": z,
                "percentile": percentile}  # fmt: skip

    faces: dict[int, list[int]] = {}
    for m in made:
        for sides, drawn in m.faces.items():
            faces.setdefault(sides, []).extend(drawn)
    histograms = []
    for sides in sorted(faces):
        counted = Counter(faces[sides])
        counts = [counted[f] for f in range(1, sides + 1)]
        e = sum(counts) / sides
        chi = sum((c - e) ** 2 / e for c in counts)
        histograms.append({"sides": sides, "counts": counts, "chi_square": chi,
                           "p_value": q_half_integer(sides - 1, chi / 2)})  # fmt: skip
    return {"rolls": len(made), "tests": len(tests), **luck(tests),
            "totals": {"rolls": len(totals), **luck(totals)}, "faces": histograms}  # fmt: skip


def _close(got: Any, want: Any, path: str = "") -> None:
    if isinstance(want, dict):
        for key, value in want.items():
            _close(got[key], value, f"{path}.{key}")
    elif isinstance(want, list):
        assert len(got) == len(want), path
        for i, (a, b) in enumerate(zip(got, want, strict=True)):
            _close(a, b, f"{path}[{i}]")
    elif isinstance(want, float):
        assert got == pytest.approx(want, rel=1e-6, abs=1e-6), path
    else:
        assert got == want, path


async def _stats(t: Table, who: Person, **params: Any) -> dict[str, Any]:
    answer = await t.http.get(f"/campaigns/{t.cid}/stats", params=params, headers=who.auth)
    return dict(expect(answer, 200))


def _by_user(stats: dict[str, Any]) -> dict[str, dict[str, Any]]:
    assert all(item["character_id"] is None for item in stats["items"])
    return {item["user_id"]: item for item in stats["items"]}


async def session(t: Table) -> list[Made]:
    """The player's three tests and a 2d6, the other player's test, the storyteller's blind
    2d6 and the player's private one."""
    return [
        await _test(t, t.player, t.mara, [1, 2, 3]),
        await _test(t, t.player, t.mara, [4, 5, 6]),
        await _test(t, t.player, t.mara, [1, 6, 2], difficulty=1),
        await _formula(t, t.player, [6, 6]),
        await _test(t, t.other, t.bob, [2, 4, 3]),
        await _formula(t, t.storyteller, [1, 2], visibility="blind"),
        await _formula(t, t.player, [3, 3], visibility="private"),
    ]


async def test_stats_match_the_odds_worked_out_independently(table_of: TableOf) -> None:
    t = await table_of("3d6")
    made = await session(t)
    seen = _by_user(await _stats(t, t.storyteller))
    assert set(seen) == {t.player.id, t.other.id, t.storyteller.id}
    _close(seen[t.player.id], _expected(made[:4]))  # not the private roll
    _close(seen[t.other.id], _expected([made[4]]))
    _close(seen[t.storyteller.id], _expected([made[5]]))


async def test_a_player_never_counts_what_is_hidden_from_them(table_of: TableOf) -> None:
    t = await table_of("3d6")
    made = await session(t)
    mine = _by_user(await _stats(t, t.player))
    assert set(mine) == {t.player.id, t.other.id}, "the blind roll counts nowhere, not even as 0"
    _close(mine[t.player.id], _expected([*made[:4], made[6]]))  # their private roll
    theirs = _by_user(await _stats(t, t.other))
    _close(theirs[t.player.id], _expected(made[:4]))
    watcher = _by_user(await _stats(t, t.spectator))
    assert set(watcher) == {t.player.id, t.other.id}
    # Revealed, the blind roll counts for everyone.
    await t.post(t.storyteller, f"/rolls/{made[5].roll['id']}/reveal", status=200)
    _close(_by_user(await _stats(t, t.other))[t.storyteller.id], _expected([made[5]]))


async def test_a_roll_counts_once_final_and_not_while_reopened(table_of: TableOf) -> None:
    t = await table_of("3d6")
    pending = await _test(t, t.player, t.mara, [6, 2, 5], difficulty=2, rerolls=[ITEM])
    assert pending.roll["status"] == "pending"
    assert (await _stats(t, t.player))["items"] == []
    t.faces(1)
    await t.post(t.player, f"/rolls/{pending.roll['id']}/reroll", {"die": 0}, status=200)
    done = Made(pending.roll, t.player, (2.0, *moments(threed6_successes(3, 1))),
                faces={6: [6, 2, 5, 1]})  # fmt: skip
    _close(_by_user(await _stats(t, t.player))[t.player.id], _expected([done]))
    # A grant reopens it: it no longer counts, until it is final again with its new odds.
    await t.post(t.storyteller, f"/rolls/{pending.roll['id']}/grant", status=200)
    assert (await _stats(t, t.player))["items"] == []
    t.faces(3)
    await t.post(t.player, f"/rolls/{pending.roll['id']}/reroll", {"die": 2}, status=200)
    again = Made(pending.roll, t.player, (3.0, *moments(threed6_successes(3, 2))),
                 faces={6: [6, 2, 5, 1, 3]})  # fmt: skip
    _close(_by_user(await _stats(t, t.player))[t.player.id], _expected([again]))


async def test_by_character_and_windows_of_time(table_of: TableOf) -> None:
    t = await table_of("3d6")
    made = await session(t)
    by_character = await _stats(t, t.storyteller, by="character")
    items = {(i["user_id"], i["character_id"]): i for i in by_character["items"]}
    assert set(items) == {(t.player.id, t.mara), (t.other.id, t.bob)}, "formulas have no character"
    _close(items[(t.player.id, t.mara)], _expected(made[:3]))
    await check_windows(t, made)


async def check_windows(t: Table, made: list[Made]) -> None:
    """Windows over ``session``'s rolls, as the storyteller sees them: cut inside the
    hour (rolls read themselves), on whole hours (tallies), mixed."""
    visible = made[:6]
    hour = made[0].at.replace(minute=0, second=0, microsecond=0)
    cut = made[2].at
    windows = [
        (cut, None),
        (None, cut),
        (made[1].at, made[4].at),
        (hour, None),
        (hour - timedelta(hours=1), hour + timedelta(hours=2)),
        (hour - timedelta(hours=3), cut),
        (cut, hour + timedelta(hours=5)),
        (hour + timedelta(hours=2), None),
        (cut.replace(second=0, microsecond=0), None),
        (cut - timedelta(seconds=90), cut + timedelta(seconds=61)),
        (hour - timedelta(minutes=1), cut.replace(second=0, microsecond=0) + timedelta(minutes=1)),
    ]
    for since, until in windows:
        params = {k: v.isoformat() for k, v in (("since", since), ("until", until)) if v}
        got = await _stats(t, t.storyteller, **params)
        inside = [
            m
            for m in visible
            if (since is None or m.at >= since) and (until is None or m.at < until)
        ]
        users = {m.who.id for m in inside}
        seen = _by_user(got)
        assert set(seen) == users, params
        for user in users:
            _close(seen[user], _expected([m for m in inside if m.who.id == user]))


async def test_a_d20_advantage_counts_both_dice_and_its_chance(table_of: TableOf) -> None:
    t = await table_of("d20")
    t.faces(7, 11)  # dex 12 (+1) against 12, with advantage: the 11 is kept
    body = {"kind": "test", "character_id": t.mara, "trait": "dex", "advantage": True}
    rolled = await t.post(t.player, f"/campaigns/{t.cid}/rolls", body)
    p = d20_advantage_success(1, 12)
    made = Made(rolled, t.player, (1.0, p, p * (1 - p)), faces={20: [7, 11]})
    _close(_by_user(await _stats(t, t.player))[t.player.id], _expected([made]))


async def test_bad_stats_queries_are_422(table_of: TableOf) -> None:
    t = await table_of("3d6")
    for params in ({"by": "roll"}, {"since": "soon"}, {"extra": "1"},
                   {"since": "2026-12-02T00:00:00Z", "until": "2026-12-01T00:00:00Z"},
                   {"until": "9999-12-31T23:59:59-05:00"}):  # fmt: skip
        answer = await t.http.get(f"/campaigns/{t.cid}/stats", params=params, headers=t.player.auth)
        assert answer.status_code == 422, params
        assert answer.headers["content-type"].startswith("application/problem+json")
    # The edge of time is an empty window, not a fault.
    for since in ("9999-12-31T23:59:59.5Z", "0001-01-01T00:00:00.5Z", "9999-12-31T23:30:00Z"):
        answer = await t.http.get(f"/campaigns/{t.cid}/stats", params={"since": since},
                                  headers=t.player.auth)  # fmt: skip
        assert answer.status_code == 200, answer.text
    stranger = await t.http.get(f"/campaigns/{t.cid}/stats", headers=t.stranger.auth)
    assert stranger.status_code == 404


async def test_rolls_written_in_one_batch_each_count_once(table_of: TableOf) -> None:
    """Rolls that arrive together are written together (one SQLite transaction, whose jobs
    merge their tallies into one upsert per row): each still counts once, for its roller."""
    t = await table_of("3d6")
    rollers = [t.player, t.other, t.storyteller] * 8
    t.faces(*[(i % 6) + 1 for i in range(2 * len(rollers))])

    async def one(who: Person) -> Made:
        rolled = await t.post(
            who, f"/campaigns/{t.cid}/rolls", {"kind": "formula", "formula": "2d6"}
        )
        faces = [die["value"] for die in rolled["dice"]]
        mean, variance = moments(sums_2d6())
        return Made(rolled, who, total=(float(sum(faces)), mean, variance), faces={6: faces})

    made = await asyncio.gather(*(one(who) for who in rollers))
    seen = _by_user(await _stats(t, t.storyteller))
    for who in (t.player, t.other, t.storyteller):
        _close(seen[who.id], _expected([m for m in made if m.who is who]))
