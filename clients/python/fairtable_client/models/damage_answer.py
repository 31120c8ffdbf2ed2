from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.character_read import CharacterRead
    from ..models.die_read import DieRead
    from ..models.roll_read import RollRead


T = TypeVar("T", bound="DamageAnswer")


@_attrs_define
class DamageAnswer:
    """A hit, applied (answered as the damage service builds it; this model documents it).

    Attributes:
        dice (list[DieRead]): The damage dice.
        mortality (int): The points the hit dealt to each counter.
        fatigue (int):
        madness (int):
        checks (list[RollRead]): One matrix test per multiple of 10 crossed.
        character (CharacterRead):
        roll (RollRead): A roll as the API answers it. ``redacted`` rolls (blind, seen by their roller) carry
            no dice, result or odds.
    """

    dice: list[DieRead]
    mortality: int
    fatigue: int
    madness: int
    checks: list[RollRead]
    character: CharacterRead
    roll: RollRead
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        dice = []
        for dice_item_data in self.dice:
            dice_item = dice_item_data.to_dict()
            dice.append(dice_item)

        mortality = self.mortality

        fatigue = self.fatigue

        madness = self.madness

        checks = []
        for checks_item_data in self.checks:
            checks_item = checks_item_data.to_dict()
            checks.append(checks_item)

        character = self.character.to_dict()

        roll = self.roll.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "dice": dice,
                "mortality": mortality,
                "fatigue": fatigue,
                "madness": madness,
                "checks": checks,
                "character": character,
                "roll": roll,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.character_read import CharacterRead  # noqa: PLC0415
        from ..models.die_read import DieRead  # noqa: PLC0415
        from ..models.roll_read import RollRead  # noqa: PLC0415

        d = dict(src_dict)
        dice = []
        _dice = d.pop("dice")
        for dice_item_data in _dice:
            dice_item = DieRead.from_dict(dice_item_data)

            dice.append(dice_item)

        mortality = d.pop("mortality")

        fatigue = d.pop("fatigue")

        madness = d.pop("madness")

        checks = []
        _checks = d.pop("checks")
        for checks_item_data in _checks:
            checks_item = RollRead.from_dict(checks_item_data)

            checks.append(checks_item)

        character = CharacterRead.from_dict(d.pop("character"))

        roll = RollRead.from_dict(d.pop("roll"))

        damage_answer = cls(
            dice=dice,
            mortality=mortality,
            fatigue=fatigue,
            madness=madness,
            checks=checks,
            character=character,
            roll=roll,
        )

        damage_answer.additional_properties = d
        return damage_answer

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
