from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.matrix_margins_below_difficulty import MatrixMarginsBelowDifficulty
    from ..models.matrix_margins_failure import MatrixMarginsFailure
    from ..models.matrix_margins_success import MatrixMarginsSuccess


T = TypeVar("T", bound="MatrixMargins")


@_attrs_define
class MatrixMargins:
    """
    Attributes:
        success (MatrixMarginsSuccess):
        failure (MatrixMarginsFailure):
        below_difficulty (MatrixMarginsBelowDifficulty): The failures short of the difficulty, also counted in
            `failure`.
    """

    success: MatrixMarginsSuccess
    failure: MatrixMarginsFailure
    below_difficulty: MatrixMarginsBelowDifficulty
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success.to_dict()

        failure = self.failure.to_dict()

        below_difficulty = self.below_difficulty.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "success": success,
                "failure": failure,
                "below_difficulty": below_difficulty,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.matrix_margins_below_difficulty import MatrixMarginsBelowDifficulty  # noqa: PLC0415
        from ..models.matrix_margins_failure import MatrixMarginsFailure  # noqa: PLC0415
        from ..models.matrix_margins_success import MatrixMarginsSuccess  # noqa: PLC0415

        d = dict(src_dict)
        success = MatrixMarginsSuccess.from_dict(d.pop("success"))

        failure = MatrixMarginsFailure.from_dict(d.pop("failure"))

        below_difficulty = MatrixMarginsBelowDifficulty.from_dict(d.pop("below_difficulty"))

        matrix_margins = cls(
            success=success,
            failure=failure,
            below_difficulty=below_difficulty,
        )

        matrix_margins.additional_properties = d
        return matrix_margins

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
