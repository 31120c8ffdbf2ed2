from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="MatrixTestResult")


@_attrs_define
class MatrixTestResult:
    """`result` of a matrix test (`ruleset: "matrix"`, `kind: "test"`), a faith roll
    included; a check rolled by damage adds `counter`, `threshold` and `state_set`.

        Attributes:
            stat (int):
            face (int):
            success (bool):
            margin (int):
            below_difficulty (bool): A failure under the stat that fell short of the difficulty.
            shortfall (int | None): D − face when `below_difficulty`, else null.
            difficulty (int):
            trait (None | str):
            counter (str | Unset): Damage checks only: the counter that crossed a multiple of 10.
            threshold (int | Unset): Damage checks only: that multiple.
            state_set (None | str | Unset): Damage checks only: the state a failure set.
            request_id (str | Unset): The roll request it answers, if any.
    """

    stat: int
    face: int
    success: bool
    margin: int
    below_difficulty: bool
    shortfall: int | None
    difficulty: int
    trait: None | str
    counter: str | Unset = UNSET
    threshold: int | Unset = UNSET
    state_set: None | str | Unset = UNSET
    request_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        stat = self.stat

        face = self.face

        success = self.success

        margin = self.margin

        below_difficulty = self.below_difficulty

        shortfall: int | None
        shortfall = self.shortfall

        difficulty = self.difficulty

        trait: None | str
        trait = self.trait

        counter = self.counter

        threshold = self.threshold

        state_set: None | str | Unset
        if isinstance(self.state_set, Unset):
            state_set = UNSET
        else:
            state_set = self.state_set

        request_id = self.request_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "stat": stat,
                "face": face,
                "success": success,
                "margin": margin,
                "below_difficulty": below_difficulty,
                "shortfall": shortfall,
                "difficulty": difficulty,
                "trait": trait,
            }
        )
        if counter is not UNSET:
            field_dict["counter"] = counter
        if threshold is not UNSET:
            field_dict["threshold"] = threshold
        if state_set is not UNSET:
            field_dict["state_set"] = state_set
        if request_id is not UNSET:
            field_dict["request_id"] = request_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        stat = d.pop("stat")

        face = d.pop("face")

        success = d.pop("success")

        margin = d.pop("margin")

        below_difficulty = d.pop("below_difficulty")

        def _parse_shortfall(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        shortfall = _parse_shortfall(d.pop("shortfall"))

        difficulty = d.pop("difficulty")

        def _parse_trait(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        trait = _parse_trait(d.pop("trait"))

        counter = d.pop("counter", UNSET)

        threshold = d.pop("threshold", UNSET)

        def _parse_state_set(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        state_set = _parse_state_set(d.pop("state_set", UNSET))

        request_id = d.pop("request_id", UNSET)

        matrix_test_result = cls(
            stat=stat,
            face=face,
            success=success,
            margin=margin,
            below_difficulty=below_difficulty,
            shortfall=shortfall,
            difficulty=difficulty,
            trait=trait,
            counter=counter,
            threshold=threshold,
            state_set=state_set,
            request_id=request_id,
        )

        matrix_test_result.additional_properties = d
        return matrix_test_result

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
