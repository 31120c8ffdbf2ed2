"""The ``3d6`` sheet: named qualities 0..6, and the items and gifts that may grant rerolls.

Split from ``app.rules.threed6`` (which re-exports all of it) so the test roll reads on its
own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from app.rules.errors import RollError, SheetError
from app.rules.message import msg
from app.rules.results import JSONDict

__all__ = ["MAX_ENTRY_NAME", "ThreeD6Sheet", "derived", "parse_sheet"]

MAX_QUALITIES = 32
MAX_QUALITY_NAME = 40
MAX_ENTRIES = 50
MAX_ENTRY_NAME = 80
_QUALITY_NAME = re.compile(r"[a-z0-9_-]+")
_SHEET_KEYS = frozenset({"qualities", "items", "gifts"})


def _int_in(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _names(value: object, field: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise SheetError(msg("must be a list of names"), (field,))
    if len(value) > MAX_ENTRIES:
        raise SheetError(
            msg(
                "at most {max_entries} entries, not {value_count}",
                max_entries=MAX_ENTRIES,
                value_count=len(value),
            ),
            (field,),
        )
    seen: set[str] = set()
    for i, name in enumerate(value):
        if not isinstance(name, str) or not name.strip():
            raise SheetError(msg("must be a non-empty name"), (field, i))
        if len(name) > MAX_ENTRY_NAME:
            raise SheetError(
                msg("at most {max_entry_name} characters", max_entry_name=MAX_ENTRY_NAME),
                (field, i),
            )
        if name in seen:
            raise SheetError(msg("duplicate name {name!r}", name=name), (field, i))
        seen.add(name)
    return tuple(value)


def _qualities(value: object) -> Mapping[str, int]:
    if not isinstance(value, Mapping):
        raise SheetError(msg("must be an object of quality: score"), ("qualities",))
    if not 1 <= len(value) <= MAX_QUALITIES:
        raise SheetError(
            msg(
                "needs 1..{max_qualities} qualities, not {value_count}",
                max_qualities=MAX_QUALITIES,
                value_count=len(value),
            ),
            ("qualities",),
        )
    for name, score in value.items():
        if not isinstance(name, str) or not _QUALITY_NAME.fullmatch(name):
            raise SheetError(
                msg("a quality name uses lowercase letters a-z, digits, '_' and '-'"),
                ("qualities", str(name)),
            )
        if len(name) > MAX_QUALITY_NAME:
            raise SheetError(
                msg("at most {max_quality_name} characters", max_quality_name=MAX_QUALITY_NAME),
                ("qualities", name),
            )
        if not _int_in(score, 0, 6):
            raise SheetError(
                msg("score must be an integer 0..6, not {score!r}", score=score),
                ("qualities", name),
            )
    return MappingProxyType(dict(value))


@dataclass(frozen=True, slots=True)
class ThreeD6Sheet:
    """A kitten's sheet: qualities 0..6, and the items and gifts that may grant rerolls.

    Built only from valid data: the constructor checks everything ``parse_sheet`` does.
    """

    qualities: Mapping[str, int]
    items: tuple[str, ...] = ()
    gifts: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "qualities", _qualities(self.qualities))
        object.__setattr__(self, "items", _names(self.items, "items"))
        object.__setattr__(self, "gifts", _names(self.gifts, "gifts"))

    def score(self, quality: str) -> int:
        """The score of ``quality``; a test naming a quality the sheet lacks is refused."""
        score = self.qualities.get(quality) if isinstance(quality, str) else None
        if score is None:
            raise RollError(msg("the sheet has no quality {quality!r}", quality=quality))
        return score

    def to_dict(self) -> JSONDict:
        qualities, items, gifts = dict(self.qualities), list(self.items), list(self.gifts)
        return {"qualities": qualities, "items": items, "gifts": gifts}


def parse_sheet(data: Mapping[str, Any]) -> ThreeD6Sheet:
    """Validate a JSON sheet; ``SheetError.path`` names the first offending field."""
    if not isinstance(data, Mapping):
        raise SheetError(msg("a 3d6 sheet must be an object"))
    for key in data:
        if key not in _SHEET_KEYS:
            raise SheetError(msg("unknown field (expected qualities, items, gifts)"), (str(key),))
    if "qualities" not in data:
        raise SheetError(msg("is required"), ("qualities",))
    return ThreeD6Sheet(data["qualities"], data.get("items", ()), data.get("gifts", ()))


def derived(sheet: ThreeD6Sheet) -> JSONDict:
    """What clients show beside the sheet: quality names in order, rerolls it can cite."""
    return {"qualities": sorted(sheet.qualities), "reroll_sources": len(sheet.items + sheet.gifts)}
