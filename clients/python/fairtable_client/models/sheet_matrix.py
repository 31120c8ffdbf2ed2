from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.matrix_columns import MatrixColumns
    from ..models.matrix_counters import MatrixCounters
    from ..models.matrix_rows import MatrixRows
    from ..models.matrix_states import MatrixStates


T = TypeVar("T", bound="SheetMatrix")


@_attrs_define
class SheetMatrix:
    """A matrix sheet: three rows and four columns, 1..10 each, and the counters and
    states only a storyteller changes (left out: 0 and false).

        Attributes:
            rows (MatrixRows):
            columns (MatrixColumns):
            counters (MatrixCounters | Unset):
            states (MatrixStates | Unset):
    """

    rows: MatrixRows
    columns: MatrixColumns
    counters: MatrixCounters | Unset = UNSET
    states: MatrixStates | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rows = self.rows.to_dict()

        columns = self.columns.to_dict()

        counters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.counters, Unset):
            counters = self.counters.to_dict()

        states: dict[str, Any] | Unset = UNSET
        if not isinstance(self.states, Unset):
            states = self.states.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rows": rows,
                "columns": columns,
            }
        )
        if counters is not UNSET:
            field_dict["counters"] = counters
        if states is not UNSET:
            field_dict["states"] = states

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.matrix_columns import MatrixColumns  # noqa: PLC0415
        from ..models.matrix_counters import MatrixCounters  # noqa: PLC0415
        from ..models.matrix_rows import MatrixRows  # noqa: PLC0415
        from ..models.matrix_states import MatrixStates  # noqa: PLC0415

        d = dict(src_dict)
        rows = MatrixRows.from_dict(d.pop("rows"))

        columns = MatrixColumns.from_dict(d.pop("columns"))

        _counters = d.pop("counters", UNSET)
        counters: MatrixCounters | Unset
        if isinstance(_counters, Unset):
            counters = UNSET
        else:
            counters = MatrixCounters.from_dict(_counters)

        _states = d.pop("states", UNSET)
        states: MatrixStates | Unset
        if isinstance(_states, Unset):
            states = UNSET
        else:
            states = MatrixStates.from_dict(_states)

        sheet_matrix = cls(
            rows=rows,
            columns=columns,
            counters=counters,
            states=states,
        )

        sheet_matrix.additional_properties = d
        return sheet_matrix

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
