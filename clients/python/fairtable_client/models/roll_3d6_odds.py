from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.roll_3d6_odds_outcomes import Roll3D6OddsOutcomes
    from ..models.roll_3d6_odds_successes import Roll3D6OddsSuccesses


T = TypeVar("T", bound="Roll3D6Odds")


@_attrs_define
class Roll3D6Odds:
    """`odds` of a 3d6 test, as `GET /odds/3d6` answers them.

    Attributes:
        outcomes (Roll3D6OddsOutcomes): `{success, partial, botch}`, or `{open, botch}` for an open action.
        successes (Roll3D6OddsSuccesses): The chance of each number of successes.
        boon (float): The chance of three equal faces once rerolls are spent.
    """

    outcomes: Roll3D6OddsOutcomes
    successes: Roll3D6OddsSuccesses
    boon: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        outcomes = self.outcomes.to_dict()

        successes = self.successes.to_dict()

        boon = self.boon

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "outcomes": outcomes,
                "successes": successes,
                "boon": boon,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.roll_3d6_odds_outcomes import Roll3D6OddsOutcomes  # noqa: PLC0415
        from ..models.roll_3d6_odds_successes import Roll3D6OddsSuccesses  # noqa: PLC0415

        d = dict(src_dict)
        outcomes = Roll3D6OddsOutcomes.from_dict(d.pop("outcomes"))

        successes = Roll3D6OddsSuccesses.from_dict(d.pop("successes"))

        boon = d.pop("boon")

        roll_3d6_odds = cls(
            outcomes=outcomes,
            successes=successes,
            boon=boon,
        )

        roll_3d6_odds.additional_properties = d
        return roll_3d6_odds

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
