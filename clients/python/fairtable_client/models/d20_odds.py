from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="D20Odds")


@_attrs_define
class D20Odds:
    """`odds` of a d20 test or save, as `GET /odds/d20` answers them.

    Attributes:
        success (float):
        critical_success (float):
        critical_failure (float):
    """

    success: float
    critical_success: float
    critical_failure: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        critical_success = self.critical_success

        critical_failure = self.critical_failure

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "success": success,
                "critical_success": critical_success,
                "critical_failure": critical_failure,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        success = d.pop("success")

        critical_success = d.pop("critical_success")

        critical_failure = d.pop("critical_failure")

        d20_odds = cls(
            success=success,
            critical_success=critical_success,
            critical_failure=critical_failure,
        )

        d20_odds.additional_properties = d
        return d20_odds

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
