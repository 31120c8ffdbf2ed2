"""The shapes of a character's ``sheet`` and ``derived``, per ruleset, for the OpenAPI
document and the clients generated from it.

The campaign's ruleset checks a sheet (app/rules, with a message naming the field), so
the routes take and answer sheets as dicts; ``Sheet`` and ``Derived`` are ``dict`` fields
the document shows as a ``oneOf`` of the shapes below. A character does not carry its
ruleset: each shape has its own required fields (``qualities``, ``rows``, ``abilities``),
which tell them apart. The limits of each field are in docs/rules.md.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from app.core.openapi import Absent, Shape, one_of


class Sheet3d6(Shape):
    """A 3d6 sheet: qualities scored 0..6, and the items and gifts that grant rerolls."""

    qualities: dict[str, int] = Field(description="1..32 qualities, each 0..6, by name.")
    items: list[str] | Absent = Field(default=None, description="Each cites one reroll per roll.")
    gifts: list[str] | Absent = Field(default=None, description="Each cites one reroll per roll.")


class MatrixRows(Shape):
    body: int
    mind: int
    soul: int


class MatrixColumns(Shape):
    power: int
    resistance: int
    maneuver: int
    precision: int


class MatrixCounters(Shape):
    fatigue: int | Absent = None
    mortality: int | Absent = None
    madness: int | Absent = None


class MatrixStates(Shape):
    unconscious: bool | Absent = None
    dead: bool | Absent = None
    panicked: bool | Absent = None


class SheetMatrix(Shape):
    """A matrix sheet: three rows and four columns, 1..10 each, and the counters and
    states only a storyteller changes (left out: 0 and false)."""

    rows: MatrixRows
    columns: MatrixColumns
    counters: MatrixCounters | Absent = None
    states: MatrixStates | Absent = None


class D20Abilities(Shape):
    str_: int = Field(alias="str")
    dex: int
    con: int
    wis: int
    cha: int
    int_: int = Field(alias="int")


class SheetD20(Shape):
    """A d20 sheet: six abilities, 1..30, and the conditions the character suffers."""

    abilities: D20Abilities
    conditions: list[str] | Absent = Field(
        default=None, description="Only a storyteller changes them."
    )


class Derived3d6(Shape):
    """What a 3d6 sheet implies."""

    qualities: list[str] = Field(description="The quality names, sorted.")
    reroll_sources: int = Field(description="Items and gifts together.")


class DerivedMatrix(Shape):
    """What a matrix sheet implies: the twelve stats, from the rows worn by the counters."""

    stats: dict[str, int] = Field(description="The twelve stats by their English names.")
    effective_rows: MatrixRows


class DerivedD20(Shape):
    """What a d20 sheet implies: each ability's modifier."""

    modifiers: D20Abilities


Sheet = Annotated[
    dict[str, Any],
    one_of(
        Sheet3d6,
        SheetMatrix,
        SheetD20,
        description="Its shape is the campaign's ruleset's: 3d6, matrix or d20.",
    ),
]
Derived = Annotated[
    dict[str, Any],
    one_of(
        Derived3d6,
        DerivedMatrix,
        DerivedD20,
        description="Worked out from the sheet by the campaign's ruleset; never sent.",
    ),
]
