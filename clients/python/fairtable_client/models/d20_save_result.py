from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.d20_save_result_critical_type_0 import D20SaveResultCriticalType0, check_d20_save_result_critical_type_0
from ..models.d20_save_result_mode import D20SaveResultMode, check_d20_save_result_mode
from ..types import UNSET, Unset

T = TypeVar("T", bound="D20SaveResult")


@_attrs_define
class D20SaveResult:
    """`result` of a d20 saving throw (`ruleset: "d20"`, `kind: "save"`): a test, plus the
    condition a failure puts on the sheet.

        Attributes:
            kept (int): The face that counts (of two, with advantage or disadvantage).
            modifier (int):
            total (int):
            difficulty (int):
            success (bool):
            critical (D20SaveResultCriticalType0 | None):
            mode (D20SaveResultMode):
            ability (None | str):
            condition (str):
            condition_applied (bool):
            request_id (str | Unset): The roll request it answers, if any.
    """

    kept: int
    modifier: int
    total: int
    difficulty: int
    success: bool
    critical: D20SaveResultCriticalType0 | None
    mode: D20SaveResultMode
    ability: None | str
    condition: str
    condition_applied: bool
    request_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kept = self.kept

        modifier = self.modifier

        total = self.total

        difficulty = self.difficulty

        success = self.success

        critical: None | str
        if isinstance(self.critical, str):
            critical = self.critical
        else:
            critical = self.critical

        mode: str = self.mode

        ability: None | str
        ability = self.ability

        condition = self.condition

        condition_applied = self.condition_applied

        request_id = self.request_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kept": kept,
                "modifier": modifier,
                "total": total,
                "difficulty": difficulty,
                "success": success,
                "critical": critical,
                "mode": mode,
                "ability": ability,
                "condition": condition,
                "condition_applied": condition_applied,
            }
        )
        if request_id is not UNSET:
            field_dict["request_id"] = request_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kept = d.pop("kept")

        modifier = d.pop("modifier")

        total = d.pop("total")

        difficulty = d.pop("difficulty")

        success = d.pop("success")

        def _parse_critical(data: object) -> D20SaveResultCriticalType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                critical_type_0 = check_d20_save_result_critical_type_0(data)

                return critical_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(D20SaveResultCriticalType0 | None, data)

        critical = _parse_critical(d.pop("critical"))

        mode = check_d20_save_result_mode(d.pop("mode"))

        def _parse_ability(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ability = _parse_ability(d.pop("ability"))

        condition = d.pop("condition")

        condition_applied = d.pop("condition_applied")

        request_id = d.pop("request_id", UNSET)

        d20_save_result = cls(
            kept=kept,
            modifier=modifier,
            total=total,
            difficulty=difficulty,
            success=success,
            critical=critical,
            mode=mode,
            ability=ability,
            condition=condition,
            condition_applied=condition_applied,
            request_id=request_id,
        )

        d20_save_result.additional_properties = d
        return d20_save_result

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
