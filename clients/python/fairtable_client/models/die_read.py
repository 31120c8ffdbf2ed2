from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.die_read_sides_type_1 import DieReadSidesType1, check_die_read_sides_type_1
from ..types import UNSET, Unset

T = TypeVar("T", bound="DieRead")


@_attrs_define
class DieRead:
    """
    Attributes:
        sides (DieReadSidesType1 | int): Faces of the die; a formula's "%" die shows 0..90, its "F" die -1..1.
        value (int):
        history (list[int]):
        success (bool | None | Unset):
        kept (bool | None | Unset):
        exploded (bool | None | Unset): Formula: it made another die.
        added (bool | None | Unset): Formula: an explosion made it.
        rolled (int | None | Unset): Formula: its face before mi/ma.
    """

    sides: DieReadSidesType1 | int
    value: int
    history: list[int]
    success: bool | None | Unset = UNSET
    kept: bool | None | Unset = UNSET
    exploded: bool | None | Unset = UNSET
    added: bool | None | Unset = UNSET
    rolled: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sides: int | str
        if isinstance(self.sides, str):
            sides = self.sides
        else:
            sides = self.sides

        value = self.value

        history = self.history

        success: bool | None | Unset
        if isinstance(self.success, Unset):
            success = UNSET
        else:
            success = self.success

        kept: bool | None | Unset
        if isinstance(self.kept, Unset):
            kept = UNSET
        else:
            kept = self.kept

        exploded: bool | None | Unset
        if isinstance(self.exploded, Unset):
            exploded = UNSET
        else:
            exploded = self.exploded

        added: bool | None | Unset
        if isinstance(self.added, Unset):
            added = UNSET
        else:
            added = self.added

        rolled: int | None | Unset
        if isinstance(self.rolled, Unset):
            rolled = UNSET
        else:
            rolled = self.rolled

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sides": sides,
                "value": value,
                "history": history,
            }
        )
        if success is not UNSET:
            field_dict["success"] = success
        if kept is not UNSET:
            field_dict["kept"] = kept
        if exploded is not UNSET:
            field_dict["exploded"] = exploded
        if added is not UNSET:
            field_dict["added"] = added
        if rolled is not UNSET:
            field_dict["rolled"] = rolled

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_sides(data: object) -> DieReadSidesType1 | int:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sides_type_1 = check_die_read_sides_type_1(data)

                return sides_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DieReadSidesType1 | int, data)

        sides = _parse_sides(d.pop("sides"))

        value = d.pop("value")

        history = cast(list[int], d.pop("history"))

        def _parse_success(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        success = _parse_success(d.pop("success", UNSET))

        def _parse_kept(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        kept = _parse_kept(d.pop("kept", UNSET))

        def _parse_exploded(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        exploded = _parse_exploded(d.pop("exploded", UNSET))

        def _parse_added(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        added = _parse_added(d.pop("added", UNSET))

        def _parse_rolled(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rolled = _parse_rolled(d.pop("rolled", UNSET))

        die_read = cls(
            sides=sides,
            value=value,
            history=history,
            success=success,
            kept=kept,
            exploded=exploded,
            added=added,
            rolled=rolled,
        )

        die_read.additional_properties = d
        return die_read

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
