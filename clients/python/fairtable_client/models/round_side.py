from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.reroll_cite import RerollCite


T = TypeVar("T", bound="RoundSide")


@_attrs_define
class RoundSide:
    """What one side's roll takes in this round, besides the side's own advantage or
    disadvantage (set when the contest opened; a round's flags add to them, and an
    advantage with a disadvantage cancel out). Cited rerolls are spent later, each on a die
    its character's player chooses (the storyteller's, for a non-player character).

        Attributes:
            advantage (bool | Unset):  Default: False.
            disadvantage (bool | Unset):  Default: False.
            helper_id (None | str | Unset):
            rerolls (list[RerollCite] | Unset):
    """

    advantage: bool | Unset = False
    disadvantage: bool | Unset = False
    helper_id: None | str | Unset = UNSET
    rerolls: list[RerollCite] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        advantage = self.advantage

        disadvantage = self.disadvantage

        helper_id: None | str | Unset
        if isinstance(self.helper_id, Unset):
            helper_id = UNSET
        else:
            helper_id = self.helper_id

        rerolls: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.rerolls, Unset):
            rerolls = []
            for rerolls_item_data in self.rerolls:
                rerolls_item = rerolls_item_data.to_dict()
                rerolls.append(rerolls_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if advantage is not UNSET:
            field_dict["advantage"] = advantage
        if disadvantage is not UNSET:
            field_dict["disadvantage"] = disadvantage
        if helper_id is not UNSET:
            field_dict["helper_id"] = helper_id
        if rerolls is not UNSET:
            field_dict["rerolls"] = rerolls

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.reroll_cite import RerollCite  # noqa: PLC0415

        d = dict(src_dict)
        advantage = d.pop("advantage", UNSET)

        disadvantage = d.pop("disadvantage", UNSET)

        def _parse_helper_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        helper_id = _parse_helper_id(d.pop("helper_id", UNSET))

        _rerolls = d.pop("rerolls", UNSET)
        rerolls: list[RerollCite] | Unset = UNSET
        if _rerolls is not UNSET:
            rerolls = []
            for rerolls_item_data in _rerolls:
                rerolls_item = RerollCite.from_dict(rerolls_item_data)

                rerolls.append(rerolls_item)

        round_side = cls(
            advantage=advantage,
            disadvantage=disadvantage,
            helper_id=helper_id,
            rerolls=rerolls,
        )

        return round_side
