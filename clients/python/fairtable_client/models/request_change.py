from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.roll_request_read import RollRequestRead


T = TypeVar("T", bound="RequestChange")


@_attrs_define
class RequestChange:
    """The request as its readers read it at that moment. The storytellers' event of a
    creation or a cancel also carries, beside it, the request's record as its link of the
    hash chain covers it (docs/fairness.md).

        Attributes:
            request (RollRequestRead): A roll request as a member who may read it sees it.
    """

    request: RollRequestRead
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        request = self.request.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "request": request,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.roll_request_read import RollRequestRead  # noqa: PLC0415

        d = dict(src_dict)
        request = RollRequestRead.from_dict(d.pop("request"))

        request_change = cls(
            request=request,
        )

        request_change.additional_properties = d
        return request_change

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
