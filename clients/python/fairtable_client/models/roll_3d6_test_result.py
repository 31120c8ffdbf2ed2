from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.roll_3d6_test_result_choice_type_0 import (
    Roll3D6TestResultChoiceType0,
    check_roll_3d6_test_result_choice_type_0,
)
from ..models.roll_3d6_test_result_outcome import Roll3D6TestResultOutcome, check_roll_3d6_test_result_outcome
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.roll_3d6_reroll import Roll3D6Reroll


T = TypeVar("T", bound="Roll3D6TestResult")


@_attrs_define
class Roll3D6TestResult:
    """`result` of a 3d6 test (`ruleset: "3d6"`, `kind: "test"`): successes counted
    against the difficulty (docs/rules.md).

        Attributes:
            successes (int):
            difficulty (int | None): 1..4, or null for an open action.
            outcome (Roll3D6TestResultOutcome):
            boon (bool): Three equal faces.
            choice (None | Roll3D6TestResultChoiceType0): The choice that settled a partial success.
            rerolls_left (int):
            rerolls (list[Roll3D6Reroll]):
            helper_id (str | Unset): The character who helped, if any.
            request_id (str | Unset): The roll request it answers, if any.
    """

    successes: int
    difficulty: int | None
    outcome: Roll3D6TestResultOutcome
    boon: bool
    choice: None | Roll3D6TestResultChoiceType0
    rerolls_left: int
    rerolls: list[Roll3D6Reroll]
    helper_id: str | Unset = UNSET
    request_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        successes = self.successes

        difficulty: int | None
        difficulty = self.difficulty

        outcome: str = self.outcome

        boon = self.boon

        choice: None | str
        if isinstance(self.choice, str):
            choice = self.choice
        else:
            choice = self.choice

        rerolls_left = self.rerolls_left

        rerolls = []
        for rerolls_item_data in self.rerolls:
            rerolls_item = rerolls_item_data.to_dict()
            rerolls.append(rerolls_item)

        helper_id = self.helper_id

        request_id = self.request_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "successes": successes,
                "difficulty": difficulty,
                "outcome": outcome,
                "boon": boon,
                "choice": choice,
                "rerolls_left": rerolls_left,
                "rerolls": rerolls,
            }
        )
        if helper_id is not UNSET:
            field_dict["helper_id"] = helper_id
        if request_id is not UNSET:
            field_dict["request_id"] = request_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.roll_3d6_reroll import Roll3D6Reroll  # noqa: PLC0415

        d = dict(src_dict)
        successes = d.pop("successes")

        def _parse_difficulty(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        difficulty = _parse_difficulty(d.pop("difficulty"))

        outcome = check_roll_3d6_test_result_outcome(d.pop("outcome"))

        boon = d.pop("boon")

        def _parse_choice(data: object) -> None | Roll3D6TestResultChoiceType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                choice_type_0 = check_roll_3d6_test_result_choice_type_0(data)

                return choice_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Roll3D6TestResultChoiceType0, data)

        choice = _parse_choice(d.pop("choice"))

        rerolls_left = d.pop("rerolls_left")

        rerolls = []
        _rerolls = d.pop("rerolls")
        for rerolls_item_data in _rerolls:
            rerolls_item = Roll3D6Reroll.from_dict(rerolls_item_data)

            rerolls.append(rerolls_item)

        helper_id = d.pop("helper_id", UNSET)

        request_id = d.pop("request_id", UNSET)

        roll_3d6_test_result = cls(
            successes=successes,
            difficulty=difficulty,
            outcome=outcome,
            boon=boon,
            choice=choice,
            rerolls_left=rerolls_left,
            rerolls=rerolls,
            helper_id=helper_id,
            request_id=request_id,
        )

        roll_3d6_test_result.additional_properties = d
        return roll_3d6_test_result

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
