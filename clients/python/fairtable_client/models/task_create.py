from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.task_create_mode import TaskCreateMode, check_task_create_mode
from ..types import UNSET, Unset

T = TypeVar("T", bound="TaskCreate")


@_attrs_define
class TaskCreate:
    """
    Attributes:
        name (str):
        target (int):
        period (str):
        participants (list[str]):
        quality (None | str | Unset): Absent: each roll names the quality its character uses.
        limit (None | str | Unset):
        cost_per_period (None | str | Unset):
        mode (TaskCreateMode | Unset):  Default: 'together'.
    """

    name: str
    target: int
    period: str
    participants: list[str]
    quality: None | str | Unset = UNSET
    limit: None | str | Unset = UNSET
    cost_per_period: None | str | Unset = UNSET
    mode: TaskCreateMode | Unset = "together"

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        target = self.target

        period = self.period

        participants = self.participants

        quality: None | str | Unset
        if isinstance(self.quality, Unset):
            quality = UNSET
        else:
            quality = self.quality

        limit: None | str | Unset
        if isinstance(self.limit, Unset):
            limit = UNSET
        else:
            limit = self.limit

        cost_per_period: None | str | Unset
        if isinstance(self.cost_per_period, Unset):
            cost_per_period = UNSET
        else:
            cost_per_period = self.cost_per_period

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "target": target,
                "period": period,
                "participants": participants,
            }
        )
        if quality is not UNSET:
            field_dict["quality"] = quality
        if limit is not UNSET:
            field_dict["limit"] = limit
        if cost_per_period is not UNSET:
            field_dict["cost_per_period"] = cost_per_period
        if mode is not UNSET:
            field_dict["mode"] = mode

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        target = d.pop("target")

        period = d.pop("period")

        participants = cast(list[str], d.pop("participants"))

        def _parse_quality(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        quality = _parse_quality(d.pop("quality", UNSET))

        def _parse_limit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        limit = _parse_limit(d.pop("limit", UNSET))

        def _parse_cost_per_period(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cost_per_period = _parse_cost_per_period(d.pop("cost_per_period", UNSET))

        _mode = d.pop("mode", UNSET)
        mode: TaskCreateMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = check_task_create_mode(_mode)

        task_create = cls(
            name=name,
            target=target,
            period=period,
            participants=participants,
            quality=quality,
            limit=limit,
            cost_per_period=cost_per_period,
            mode=mode,
        )

        return task_create
