from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.other_event_data import OtherEventData


T = TypeVar("T", bound="OtherEvent")


@_attrs_define
class OtherEvent:
    """An event of a type this version does not know (a later server's): ignore it.

    Attributes:
        seq (int):
        type_ (str):
        campaign_id (str):
        at (datetime.datetime):
        data (OtherEventData):
    """

    seq: int
    type_: str
    campaign_id: str
    at: datetime.datetime
    data: OtherEventData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        type_ = self.type_

        campaign_id = self.campaign_id

        at = self.at.isoformat()

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "campaign_id": campaign_id,
                "at": at,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.other_event_data import OtherEventData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = d.pop("type")

        campaign_id = d.pop("campaign_id")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        data = OtherEventData.from_dict(d.pop("data"))

        other_event = cls(
            seq=seq,
            type_=type_,
            campaign_id=campaign_id,
            at=at,
            data=data,
        )

        other_event.additional_properties = d
        return other_event

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
