from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.contest_round_read_winner_type_0 import (
    ContestRoundReadWinnerType0,
    check_contest_round_read_winner_type_0,
)

T = TypeVar("T", bound="ContestRoundRead")


@_attrs_define
class ContestRoundRead:
    """
    Attributes:
        number (int):
        successes_a (int):
        successes_b (int):
        winner (ContestRoundReadWinnerType0 | None):
        roll_a (str):
        roll_b (str):
    """

    number: int
    successes_a: int
    successes_b: int
    winner: ContestRoundReadWinnerType0 | None
    roll_a: str
    roll_b: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        successes_a = self.successes_a

        successes_b = self.successes_b

        winner: None | str
        if isinstance(self.winner, str):
            winner = self.winner
        else:
            winner = self.winner

        roll_a = self.roll_a

        roll_b = self.roll_b

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "successes_a": successes_a,
                "successes_b": successes_b,
                "winner": winner,
                "roll_a": roll_a,
                "roll_b": roll_b,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        successes_a = d.pop("successes_a")

        successes_b = d.pop("successes_b")

        def _parse_winner(data: object) -> ContestRoundReadWinnerType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                winner_type_0 = check_contest_round_read_winner_type_0(data)

                return winner_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContestRoundReadWinnerType0 | None, data)

        winner = _parse_winner(d.pop("winner"))

        roll_a = d.pop("roll_a")

        roll_b = d.pop("roll_b")

        contest_round_read = cls(
            number=number,
            successes_a=successes_a,
            successes_b=successes_b,
            winner=winner,
            roll_a=roll_a,
            roll_b=roll_b,
        )

        contest_round_read.additional_properties = d
        return contest_round_read

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
