from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.progress_read_status import ProgressReadStatus, check_progress_read_status

T = TypeVar("T", bound="ProgressRead")


@_attrs_define
class ProgressRead:
    """
    Attributes:
        status (ProgressReadStatus):
        successes (int):
        target (int):
        elapsed (str):
        elapsed_seconds (int):
        periods_elapsed (int):
        periods_left (int | None):
        max_periods (int | None):
        rolls (int):
        rolls_this_period (int):
        waiting_for (list[str]):
    """

    status: ProgressReadStatus
    successes: int
    target: int
    elapsed: str
    elapsed_seconds: int
    periods_elapsed: int
    periods_left: int | None
    max_periods: int | None
    rolls: int
    rolls_this_period: int
    waiting_for: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        successes = self.successes

        target = self.target

        elapsed = self.elapsed

        elapsed_seconds = self.elapsed_seconds

        periods_elapsed = self.periods_elapsed

        periods_left: int | None
        periods_left = self.periods_left

        max_periods: int | None
        max_periods = self.max_periods

        rolls = self.rolls

        rolls_this_period = self.rolls_this_period

        waiting_for = self.waiting_for

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "successes": successes,
                "target": target,
                "elapsed": elapsed,
                "elapsed_seconds": elapsed_seconds,
                "periods_elapsed": periods_elapsed,
                "periods_left": periods_left,
                "max_periods": max_periods,
                "rolls": rolls,
                "rolls_this_period": rolls_this_period,
                "waiting_for": waiting_for,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = check_progress_read_status(d.pop("status"))

        successes = d.pop("successes")

        target = d.pop("target")

        elapsed = d.pop("elapsed")

        elapsed_seconds = d.pop("elapsed_seconds")

        periods_elapsed = d.pop("periods_elapsed")

        def _parse_periods_left(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        periods_left = _parse_periods_left(d.pop("periods_left"))

        def _parse_max_periods(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_periods = _parse_max_periods(d.pop("max_periods"))

        rolls = d.pop("rolls")

        rolls_this_period = d.pop("rolls_this_period")

        waiting_for = cast(list[str], d.pop("waiting_for"))

        progress_read = cls(
            status=status,
            successes=successes,
            target=target,
            elapsed=elapsed,
            elapsed_seconds=elapsed_seconds,
            periods_elapsed=periods_elapsed,
            periods_left=periods_left,
            max_periods=max_periods,
            rolls=rolls,
            rolls_this_period=rolls_this_period,
            waiting_for=waiting_for,
        )

        progress_read.additional_properties = d
        return progress_read

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
