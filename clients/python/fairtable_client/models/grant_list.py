from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.grant_read import GrantRead


T = TypeVar("T", bound="GrantList")


@_attrs_define
class GrantList:
    """A character's open grants, oldest first (a roll citing one without naming it uses
    the oldest); after a grant, ``granted`` is the new one.

        Attributes:
            character_id (str):
            items (list[GrantRead]):
            granted (GrantRead | None | Unset):
    """

    character_id: str
    items: list[GrantRead]
    granted: GrantRead | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.grant_read import GrantRead  # noqa: PLC0415

        character_id = self.character_id

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        granted: dict[str, Any] | None | Unset
        if isinstance(self.granted, Unset):
            granted = UNSET
        elif isinstance(self.granted, GrantRead):
            granted = self.granted.to_dict()
        else:
            granted = self.granted

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "character_id": character_id,
                "items": items,
            }
        )
        if granted is not UNSET:
            field_dict["granted"] = granted

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.grant_read import GrantRead  # noqa: PLC0415

        d = dict(src_dict)
        character_id = d.pop("character_id")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = GrantRead.from_dict(items_item_data)

            items.append(items_item)

        def _parse_granted(data: object) -> GrantRead | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                granted_type_0 = GrantRead.from_dict(data)

                return granted_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GrantRead | None | Unset, data)

        granted = _parse_granted(d.pop("granted", UNSET))

        grant_list = cls(
            character_id=character_id,
            items=items,
            granted=granted,
        )

        grant_list.additional_properties = d
        return grant_list

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
