from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.matrix_margins import MatrixMargins


T = TypeVar("T", bound="MatrixOdds")


@_attrs_define
class MatrixOdds:
    """`odds` of a matrix test, as `GET /odds/matrix` answers them.

    Attributes:
        success (float):
        failure (float):
        margins (MatrixMargins):
    """

    success: float
    failure: float
    margins: MatrixMargins
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        failure = self.failure

        margins = self.margins.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "success": success,
                "failure": failure,
                "margins": margins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.matrix_margins import MatrixMargins  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        failure = d.pop("failure")

        margins = MatrixMargins.from_dict(d.pop("margins"))

        matrix_odds = cls(
            success=success,
            failure=failure,
            margins=margins,
        )

        matrix_odds.additional_properties = d
        return matrix_odds

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
