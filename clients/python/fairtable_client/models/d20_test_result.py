from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.d20_test_result_critical_type_0 import D20TestResultCriticalType0, check_d20_test_result_critical_type_0
from ..models.d20_test_result_mode import D20TestResultMode, check_d20_test_result_mode
from ..types import UNSET, Unset

T = TypeVar("T", bound="D20TestResult")


@_attrs_define
class D20TestResult:
    """`result` of a d20 test (`ruleset: "d20"`, `kind: "test"`).

    Attributes:
        kept (int): The face that counts (of two, with advantage or disadvantage).
        modifier (int):
        total (int):
        difficulty (int):
        success (bool):
        critical (D20TestResultCriticalType0 | None):
        mode (D20TestResultMode):
        ability (None | str):
        request_id (str | Unset): The roll request it answers, if any.
    """

    kept: int
    modifier: int
    total: int
    difficulty: int
    success: bool
    critical: D20TestResultCriticalType0 | None
    mode: D20TestResultMode
    ability: None | str
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

        def _parse_critical(data: object) -> D20TestResultCriticalType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                critical_type_0 = check_d20_test_result_critical_type_0(data)

                return critical_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(D20TestResultCriticalType0 | None, data)

        critical = _parse_critical(d.pop("critical"))

        mode = check_d20_test_result_mode(d.pop("mode"))

        def _parse_ability(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ability = _parse_ability(d.pop("ability"))

        request_id = d.pop("request_id", UNSET)

        d20_test_result = cls(
            kept=kept,
            modifier=modifier,
            total=total,
            difficulty=difficulty,
            success=success,
            critical=critical,
            mode=mode,
            ability=ability,
            request_id=request_id,
        )

        d20_test_result.additional_properties = d
        return d20_test_result

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
