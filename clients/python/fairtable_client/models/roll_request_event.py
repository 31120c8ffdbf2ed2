from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.roll_request_event_type import RollRequestEventType, check_roll_request_event_type

if TYPE_CHECKING:
    from ..models.request_change import RequestChange


T = TypeVar("T", bound="RollRequestEvent")


@_attrs_define
class RollRequestEvent:
    """A roll request made, answered, cancelled or expired.

    Attributes:
        seq (int): The event's place in the campaign's stream (1, 2, 3, …).
        campaign_id (str):
        at (datetime.datetime):
        type_ (RollRequestEventType):
        data (RequestChange): The request as its readers read it at that moment. The storytellers' event of a
            creation or a cancel also carries, beside it, the request's record as its link of the
            hash chain covers it (docs/fairness.md).
    """

    seq: int
    campaign_id: str
    at: datetime.datetime
    type_: RollRequestEventType
    data: RequestChange
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        campaign_id = self.campaign_id

        at = self.at.isoformat()

        type_: str = self.type_

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "campaign_id": campaign_id,
                "at": at,
                "type": type_,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.request_change import RequestChange  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        campaign_id = d.pop("campaign_id")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        type_ = check_roll_request_event_type(d.pop("type"))

        data = RequestChange.from_dict(d.pop("data"))

        roll_request_event = cls(
            seq=seq,
            campaign_id=campaign_id,
            at=at,
            type_=type_,
            data=data,
        )

        roll_request_event.additional_properties = d
        return roll_request_event

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
