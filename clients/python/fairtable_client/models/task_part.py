from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.task_part_status import TaskPartStatus, check_task_part_status

if TYPE_CHECKING:
    from ..models.task_part_data import TaskPartData


T = TypeVar("T", bound="TaskPart")


@_attrs_define
class TaskPart:
    """
    Attributes:
        id (str):
        campaign_id (str):
        data (TaskPartData):
        created_by (str):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        status (TaskPartStatus):
    """

    id: str
    campaign_id: str
    data: TaskPartData
    created_by: str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    status: TaskPartStatus

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        campaign_id = self.campaign_id

        data = self.data.to_dict()

        created_by = self.created_by

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        status: str = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "campaign_id": campaign_id,
                "data": data,
                "created_by": created_by,
                "created_at": created_at,
                "updated_at": updated_at,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.task_part_data import TaskPartData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        campaign_id = d.pop("campaign_id")

        data = TaskPartData.from_dict(d.pop("data"))

        created_by = d.pop("created_by")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        status = check_task_part_status(d.pop("status"))

        task_part = cls(
            id=id,
            campaign_id=campaign_id,
            data=data,
            created_by=created_by,
            created_at=created_at,
            updated_at=updated_at,
            status=status,
        )

        return task_part
