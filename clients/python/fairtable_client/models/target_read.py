from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.target_read_status import TargetReadStatus, check_target_read_status

T = TypeVar("T", bound="TargetRead")


@_attrs_define
class TargetRead:
    """One addressed character and where it stands; never the outcome of its roll.

    Attributes:
        character_id (str):
        status (TargetReadStatus):
        roll_id (None | str): The roll that answered, once `rolled`.
        at (datetime.datetime | None): When it was answered, cancelled or expired.
    """

    character_id: str
    status: TargetReadStatus
    roll_id: None | str
    at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        character_id = self.character_id

        status: str = self.status

        roll_id: None | str
        roll_id = self.roll_id

        at: None | str
        if isinstance(self.at, datetime.datetime):
            at = self.at.isoformat()
        else:
            at = self.at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "character_id": character_id,
                "status": status,
                "roll_id": roll_id,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        character_id = d.pop("character_id")

        status = check_target_read_status(d.pop("status"))

        def _parse_roll_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        roll_id = _parse_roll_id(d.pop("roll_id"))

        def _parse_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                at_type_0 = datetime.datetime.fromisoformat(data)

                return at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        at = _parse_at(d.pop("at"))

        target_read = cls(
            character_id=character_id,
            status=status,
            roll_id=roll_id,
            at=at,
        )

        target_read.additional_properties = d
        return target_read

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
