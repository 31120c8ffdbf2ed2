from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.contest_read import ContestRead
    from ..models.contest_round_read import ContestRoundRead
    from ..models.roll_read import RollRead


T = TypeVar("T", bound="RoundRead")


@_attrs_define
class RoundRead:
    """A round just played: the round (null while its rolls hold rerolls: see the
    contest's ``pending_round``), both rolls (ordinary rolls of the log), the contest.

        Attributes:
            round_ (ContestRoundRead | None):
            rolls (list[RollRead]):
            contest (ContestRead):
    """

    round_: ContestRoundRead | None
    rolls: list[RollRead]
    contest: ContestRead
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.contest_round_read import ContestRoundRead  # noqa: PLC0415

        round_: dict[str, Any] | None
        if isinstance(self.round_, ContestRoundRead):
            round_ = self.round_.to_dict()
        else:
            round_ = self.round_

        rolls = []
        for rolls_item_data in self.rolls:
            rolls_item = rolls_item_data.to_dict()
            rolls.append(rolls_item)

        contest = self.contest.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "rolls": rolls,
                "contest": contest,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contest_read import ContestRead  # noqa: PLC0415
        from ..models.contest_round_read import ContestRoundRead  # noqa: PLC0415
        from ..models.roll_read import RollRead  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_round_(data: object) -> ContestRoundRead | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                round_type_0 = ContestRoundRead.from_dict(data)

                return round_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContestRoundRead | None, data)

        round_ = _parse_round_(d.pop("round"))

        rolls = []
        _rolls = d.pop("rolls")
        for rolls_item_data in _rolls:
            rolls_item = RollRead.from_dict(rolls_item_data)

            rolls.append(rolls_item)

        contest = ContestRead.from_dict(d.pop("contest"))

        round_read = cls(
            round_=round_,
            rolls=rolls,
            contest=contest,
        )

        round_read.additional_properties = d
        return round_read

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
