from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.reroll_cite import RerollCite


T = TypeVar("T", bound="TaskRollBody")


@_attrs_define
class TaskRollBody:
    """
    Attributes:
        character_id (str):
        advantage (bool | Unset):  Default: False.
        disadvantage (bool | Unset):  Default: False.
        helper_id (None | str | Unset):
        rerolls (list[RerollCite] | Unset):
        quality (None | str | Unset): Only for a task without a quality of its own.
    """

    character_id: str
    advantage: bool | Unset = False
    disadvantage: bool | Unset = False
    helper_id: None | str | Unset = UNSET
    rerolls: list[RerollCite] | Unset = UNSET
    quality: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        character_id = self.character_id

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

        quality: None | str | Unset
        if isinstance(self.quality, Unset):
            quality = UNSET
        else:
            quality = self.quality

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "character_id": character_id,
            }
        )
        if advantage is not UNSET:
            field_dict["advantage"] = advantage
        if disadvantage is not UNSET:
            field_dict["disadvantage"] = disadvantage
        if helper_id is not UNSET:
            field_dict["helper_id"] = helper_id
        if rerolls is not UNSET:
            field_dict["rerolls"] = rerolls
        if quality is not UNSET:
            field_dict["quality"] = quality

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.reroll_cite import RerollCite  # noqa: PLC0415

        d = dict(src_dict)
        character_id = d.pop("character_id")

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

        def _parse_quality(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        quality = _parse_quality(d.pop("quality", UNSET))

        task_roll_body = cls(
            character_id=character_id,
            advantage=advantage,
            disadvantage=disadvantage,
            helper_id=helper_id,
            rerolls=rerolls,
            quality=quality,
        )

        return task_roll_body
