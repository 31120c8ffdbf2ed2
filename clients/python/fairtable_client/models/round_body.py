from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.round_side import RoundSide


T = TypeVar("T", bound="RoundBody")


@_attrs_define
class RoundBody:
    """
    Attributes:
        a (RoundSide | Unset): What one side's roll takes in this round, besides the side's own advantage or
            disadvantage (set when the contest opened; a round's flags add to them, and an
            advantage with a disadvantage cancel out). Cited rerolls are spent later, each on a die
            its character's player chooses (the storyteller's, for a non-player character).
        b (RoundSide | Unset): What one side's roll takes in this round, besides the side's own advantage or
            disadvantage (set when the contest opened; a round's flags add to them, and an
            advantage with a disadvantage cancel out). Cited rerolls are spent later, each on a die
            its character's player chooses (the storyteller's, for a non-player character).
    """

    a: RoundSide | Unset = UNSET
    b: RoundSide | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        a: dict[str, Any] | Unset = UNSET
        if not isinstance(self.a, Unset):
            a = self.a.to_dict()

        b: dict[str, Any] | Unset = UNSET
        if not isinstance(self.b, Unset):
            b = self.b.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if a is not UNSET:
            field_dict["a"] = a
        if b is not UNSET:
            field_dict["b"] = b

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.round_side import RoundSide  # noqa: PLC0415

        d = dict(src_dict)
        _a = d.pop("a", UNSET)
        a: RoundSide | Unset
        if isinstance(_a, Unset):
            a = UNSET
        else:
            a = RoundSide.from_dict(_a)

        _b = d.pop("b", UNSET)
        b: RoundSide | Unset
        if isinstance(_b, Unset):
            b = UNSET
        else:
            b = RoundSide.from_dict(_b)

        round_body = cls(
            a=a,
            b=b,
        )

        return round_body
