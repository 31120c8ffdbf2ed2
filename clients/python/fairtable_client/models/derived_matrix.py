from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.derived_matrix_stats import DerivedMatrixStats
    from ..models.matrix_rows import MatrixRows


T = TypeVar("T", bound="DerivedMatrix")


@_attrs_define
class DerivedMatrix:
    """What a matrix sheet implies: the twelve stats, from the rows worn by the counters.

    Attributes:
        stats (DerivedMatrixStats): The twelve stats by their English names.
        effective_rows (MatrixRows):
    """

    stats: DerivedMatrixStats
    effective_rows: MatrixRows
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        stats = self.stats.to_dict()

        effective_rows = self.effective_rows.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "stats": stats,
                "effective_rows": effective_rows,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.derived_matrix_stats import DerivedMatrixStats  # noqa: PLC0415
        from ..models.matrix_rows import MatrixRows  # noqa: PLC0415

        d = dict(src_dict)
        stats = DerivedMatrixStats.from_dict(d.pop("stats"))

        effective_rows = MatrixRows.from_dict(d.pop("effective_rows"))

        derived_matrix = cls(
            stats=stats,
            effective_rows=effective_rows,
        )

        derived_matrix.additional_properties = d
        return derived_matrix

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
