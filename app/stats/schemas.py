"""The answer of the luck statistics (docs/api.md, "Luck statistics")."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

STATS_EXAMPLE: dict[str, Any] = {
    "by": "user",
    "since": "2026-11-30T20:00:00Z",
    "until": None,
    "items": [
        {
            "user_id": "01jd8m8e1f2g3h4j5k6m7n8p9q",
            "character_id": None,
            "rolls": 12,
            "tests": 10,
            "observed": 19.0,
            "expected": 17.25,
            "variance": 6.1875,
            "z": 0.703526,
            "percentile": 75.912,
            "totals": {"rolls": 2, "observed": 21.0, "expected": 21.0, "variance": 11.666666667,
                       "z": 0.0, "percentile": 50.0},
            "faces": [{"sides": 6, "counts": [7, 4, 6, 5, 3, 8], "chi_square": 3.0,
                       "p_value": 0.699985836}],
        }
    ],
}  # fmt: skip


class Luck(BaseModel):
    observed: float = Field(description="What the dice gave: successes, or totals.")
    expected: float = Field(description="What the stored odds expected, summed over the rolls.")
    variance: float = Field(description="The variance of that sum (the rolls are independent).")
    z: float = Field(description="(observed − expected) / √variance; 0 without variance.")
    percentile: float = Field(description="100·Φ(z): how many tables would have done worse.")


class Totals(Luck):
    rolls: int = Field(description="Formula and damage rolls whose odds hold every total.")


class FaceHistogram(BaseModel):
    sides: int
    counts: list[int] = Field(description="How often each face 1..sides fell.")
    chi_square: float = Field(description="Pearson's statistic against a fair die.")
    p_value: float = Field(description="P(χ² ≥ chi_square) with sides − 1 degrees of freedom.")


class StatsItem(Luck):
    user_id: str = Field(description="The roller.")
    character_id: str | None = Field(description="The character (by=character); null by user.")
    rolls: int = Field(description="Every final roll counted.")
    tests: int = Field(description="Of them, the tests and saves: `observed` counts successes.")
    totals: Totals
    faces: list[FaceHistogram]


class StatsRead(BaseModel):
    by: Literal["user", "character"]
    since: str | None
    until: str | None
    items: list[StatsItem]
