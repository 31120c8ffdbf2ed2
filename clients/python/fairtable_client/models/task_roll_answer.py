from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.roll_read import RollRead
    from ..models.task_read import TaskRead


T = TypeVar("T", bound="TaskRollAnswer")


@_attrs_define
class TaskRollAnswer:
    """A task roll just made: the ordinary roll of the log and the task after it.

    Attributes:
        roll (RollRead): A roll as the API answers it. ``redacted`` rolls (blind, seen by their roller) carry
            no dice, result or odds.
        task (TaskRead):
    """

    roll: RollRead
    task: TaskRead
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        roll = self.roll.to_dict()

        task = self.task.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "roll": roll,
                "task": task,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.roll_read import RollRead  # noqa: PLC0415
        from ..models.task_read import TaskRead  # noqa: PLC0415

        d = dict(src_dict)
        roll = RollRead.from_dict(d.pop("roll"))

        task = TaskRead.from_dict(d.pop("task"))

        task_roll_answer = cls(
            roll=roll,
            task=task,
        )

        task_roll_answer.additional_properties = d
        return task_roll_answer

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
