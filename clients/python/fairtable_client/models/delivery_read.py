from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delivery_read_outcome import DeliveryReadOutcome, check_delivery_read_outcome

T = TypeVar("T", bound="DeliveryRead")


@_attrs_define
class DeliveryRead:
    """
    Attributes:
        id (str):
        seq (int):
        type_ (str):
        attempt (int): 1 for the first attempt at this event.
        outcome (DeliveryReadOutcome):
        status_code (int | None):
        error (None | str):
        duration_ms (int):
        at (datetime.datetime):
    """

    id: str
    seq: int
    type_: str
    attempt: int
    outcome: DeliveryReadOutcome
    status_code: int | None
    error: None | str
    duration_ms: int
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        seq = self.seq

        type_ = self.type_

        attempt = self.attempt

        outcome: str = self.outcome

        status_code: int | None
        status_code = self.status_code

        error: None | str
        error = self.error

        duration_ms = self.duration_ms

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "seq": seq,
                "type": type_,
                "attempt": attempt,
                "outcome": outcome,
                "status_code": status_code,
                "error": error,
                "duration_ms": duration_ms,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        seq = d.pop("seq")

        type_ = d.pop("type")

        attempt = d.pop("attempt")

        outcome = check_delivery_read_outcome(d.pop("outcome"))

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        duration_ms = d.pop("duration_ms")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        delivery_read = cls(
            id=id,
            seq=seq,
            type_=type_,
            attempt=attempt,
            outcome=outcome,
            status_code=status_code,
            error=error,
            duration_ms=duration_ms,
            at=at,
        )

        delivery_read.additional_properties = d
        return delivery_read

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
