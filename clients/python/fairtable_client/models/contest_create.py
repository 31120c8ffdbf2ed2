from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.contest_side import ContestSide


T = TypeVar("T", bound="ContestCreate")


@_attrs_define
class ContestCreate:
    """
    Attributes:
        a (ContestSide): One side of a contest: who rolls, which quality, with advantage or disadvantage.
        b (ContestSide): One side of a contest: who rolls, which quality, with advantage or disadvantage.
        rounds_to_win (int | Unset):  Default: 1.
    """

    a: ContestSide
    b: ContestSide
    rounds_to_win: int | Unset = 1

    def to_dict(self) -> dict[str, Any]:
        a = self.a.to_dict()

        b = self.b.to_dict()

        rounds_to_win = self.rounds_to_win

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "a": a,
                "b": b,
            }
        )
        if rounds_to_win is not UNSET:
            field_dict["rounds_to_win"] = rounds_to_win

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contest_side import ContestSide  # noqa: PLC0415

        d = dict(src_dict)
        a = ContestSide.from_dict(d.pop("a"))

        b = ContestSide.from_dict(d.pop("b"))

        rounds_to_win = d.pop("rounds_to_win", UNSET)

        contest_create = cls(
            a=a,
            b=b,
            rounds_to_win=rounds_to_win,
        )

        return contest_create
