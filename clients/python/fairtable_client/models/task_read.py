from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.task_read_mode import TaskReadMode, check_task_read_mode
from ..models.task_read_status import TaskReadStatus, check_task_read_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.progress_read import ProgressRead
    from ..models.task_pending_read import TaskPendingRead
    from ..models.task_roll_entry import TaskRollEntry


T = TypeVar("T", bound="TaskRead")


@_attrs_define
class TaskRead:
    """
    Attributes:
        id (str):
        campaign_id (str):
        name (str):
        quality (None | str):
        target (int):
        period (str):
        period_seconds (int):
        limit (None | str):
        limit_seconds (int | None):
        cost_per_period (None | str):
        mode (TaskReadMode):
        participants (list[str]):
        status (TaskReadStatus):
        progress (ProgressRead):
        rolls (list[TaskRollEntry]):
        created_by (str):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        pending_roll (None | TaskPendingRead | Unset):
    """

    id: str
    campaign_id: str
    name: str
    quality: None | str
    target: int
    period: str
    period_seconds: int
    limit: None | str
    limit_seconds: int | None
    cost_per_period: None | str
    mode: TaskReadMode
    participants: list[str]
    status: TaskReadStatus
    progress: ProgressRead
    rolls: list[TaskRollEntry]
    created_by: str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    pending_roll: None | TaskPendingRead | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.task_pending_read import TaskPendingRead  # noqa: PLC0415

        id = self.id

        campaign_id = self.campaign_id

        name = self.name

        quality: None | str
        quality = self.quality

        target = self.target

        period = self.period

        period_seconds = self.period_seconds

        limit: None | str
        limit = self.limit

        limit_seconds: int | None
        limit_seconds = self.limit_seconds

        cost_per_period: None | str
        cost_per_period = self.cost_per_period

        mode: str = self.mode

        participants = self.participants

        status: str = self.status

        progress = self.progress.to_dict()

        rolls = []
        for rolls_item_data in self.rolls:
            rolls_item = rolls_item_data.to_dict()
            rolls.append(rolls_item)

        created_by = self.created_by

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        pending_roll: dict[str, Any] | None | Unset
        if isinstance(self.pending_roll, Unset):
            pending_roll = UNSET
        elif isinstance(self.pending_roll, TaskPendingRead):
            pending_roll = self.pending_roll.to_dict()
        else:
            pending_roll = self.pending_roll

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "campaign_id": campaign_id,
                "name": name,
                "quality": quality,
                "target": target,
                "period": period,
                "period_seconds": period_seconds,
                "limit": limit,
                "limit_seconds": limit_seconds,
                "cost_per_period": cost_per_period,
                "mode": mode,
                "participants": participants,
                "status": status,
                "progress": progress,
                "rolls": rolls,
                "created_by": created_by,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if pending_roll is not UNSET:
            field_dict["pending_roll"] = pending_roll

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.progress_read import ProgressRead  # noqa: PLC0415
        from ..models.task_pending_read import TaskPendingRead  # noqa: PLC0415
        from ..models.task_roll_entry import TaskRollEntry  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        campaign_id = d.pop("campaign_id")

        name = d.pop("name")

        def _parse_quality(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        quality = _parse_quality(d.pop("quality"))

        target = d.pop("target")

        period = d.pop("period")

        period_seconds = d.pop("period_seconds")

        def _parse_limit(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        limit = _parse_limit(d.pop("limit"))

        def _parse_limit_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        limit_seconds = _parse_limit_seconds(d.pop("limit_seconds"))

        def _parse_cost_per_period(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cost_per_period = _parse_cost_per_period(d.pop("cost_per_period"))

        mode = check_task_read_mode(d.pop("mode"))

        participants = cast(list[str], d.pop("participants"))

        status = check_task_read_status(d.pop("status"))

        progress = ProgressRead.from_dict(d.pop("progress"))

        rolls = []
        _rolls = d.pop("rolls")
        for rolls_item_data in _rolls:
            rolls_item = TaskRollEntry.from_dict(rolls_item_data)

            rolls.append(rolls_item)

        created_by = d.pop("created_by")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_pending_roll(data: object) -> None | TaskPendingRead | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pending_roll_type_0 = TaskPendingRead.from_dict(data)

                return pending_roll_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaskPendingRead | Unset, data)

        pending_roll = _parse_pending_roll(d.pop("pending_roll", UNSET))

        task_read = cls(
            id=id,
            campaign_id=campaign_id,
            name=name,
            quality=quality,
            target=target,
            period=period,
            period_seconds=period_seconds,
            limit=limit,
            limit_seconds=limit_seconds,
            cost_per_period=cost_per_period,
            mode=mode,
            participants=participants,
            status=status,
            progress=progress,
            rolls=rolls,
            created_by=created_by,
            created_at=created_at,
            updated_at=updated_at,
            pending_roll=pending_roll,
        )

        task_read.additional_properties = d
        return task_read

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
