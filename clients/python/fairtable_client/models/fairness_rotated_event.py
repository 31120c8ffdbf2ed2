from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.seed_rotation import SeedRotation


T = TypeVar("T", bound="FairnessRotatedEvent")


@_attrs_define
class FairnessRotatedEvent:
    """A seed revealed and a new one committed (docs/fairness.md).

    Attributes:
        seq (int): The event's place in the campaign's stream (1, 2, 3, …).
        campaign_id (str):
        at (datetime.datetime):
        type_ (Literal['fairness.rotated']):
        data (SeedRotation):
    """

    seq: int
    campaign_id: str
    at: datetime.datetime
    type_: Literal["fairness.rotated"]
    data: SeedRotation
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        campaign_id = self.campaign_id

        at = self.at.isoformat()

        type_ = self.type_

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
        from ..models.seed_rotation import SeedRotation  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        campaign_id = d.pop("campaign_id")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        type_ = cast(Literal["fairness.rotated"], d.pop("type"))
        if type_ != "fairness.rotated":
            raise ValueError(f"type must match const 'fairness.rotated', got '{type_}'")

        data = SeedRotation.from_dict(d.pop("data"))

        fairness_rotated_event = cls(
            seq=seq,
            campaign_id=campaign_id,
            at=at,
            type_=type_,
            data=data,
        )

        fairness_rotated_event.additional_properties = d
        return fairness_rotated_event

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
