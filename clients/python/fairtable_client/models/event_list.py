from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.campaign_updated_event import CampaignUpdatedEvent
    from ..models.character_deleted_event import CharacterDeletedEvent
    from ..models.character_event import CharacterEvent
    from ..models.contest_event import ContestEvent
    from ..models.fairness_rotated_event import FairnessRotatedEvent
    from ..models.grant_event import GrantEvent
    from ..models.group_event import GroupEvent
    from ..models.member_event import MemberEvent
    from ..models.member_left_event import MemberLeftEvent
    from ..models.message_created_event import MessageCreatedEvent
    from ..models.message_deleted_event import MessageDeletedEvent
    from ..models.other_event import OtherEvent
    from ..models.roll_event import RollEvent
    from ..models.roll_request_event import RollRequestEvent
    from ..models.task_event import TaskEvent


T = TypeVar("T", bound="EventList")


@_attrs_define
class EventList:
    """
    Attributes:
        items (list[CampaignUpdatedEvent | CharacterDeletedEvent | CharacterEvent | ContestEvent | FairnessRotatedEvent
            | GrantEvent | GroupEvent | MemberEvent | MemberLeftEvent | MessageCreatedEvent | MessageDeletedEvent |
            OtherEvent | RollEvent | RollRequestEvent | TaskEvent]):
        next_after (int | None): The last seq examined, to pass back as `after`; null at the end.
        next_cursor (None | str): The same position as an opaque `cursor`; null exactly when `next_after` is.
    """

    items: list[
        CampaignUpdatedEvent
        | CharacterDeletedEvent
        | CharacterEvent
        | ContestEvent
        | FairnessRotatedEvent
        | GrantEvent
        | GroupEvent
        | MemberEvent
        | MemberLeftEvent
        | MessageCreatedEvent
        | MessageDeletedEvent
        | OtherEvent
        | RollEvent
        | RollRequestEvent
        | TaskEvent
    ]
    next_after: int | None
    next_cursor: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.campaign_updated_event import CampaignUpdatedEvent  # noqa: PLC0415
        from ..models.character_deleted_event import CharacterDeletedEvent  # noqa: PLC0415
        from ..models.character_event import CharacterEvent  # noqa: PLC0415
        from ..models.contest_event import ContestEvent  # noqa: PLC0415
        from ..models.fairness_rotated_event import FairnessRotatedEvent  # noqa: PLC0415
        from ..models.grant_event import GrantEvent  # noqa: PLC0415
        from ..models.group_event import GroupEvent  # noqa: PLC0415
        from ..models.member_event import MemberEvent  # noqa: PLC0415
        from ..models.member_left_event import MemberLeftEvent  # noqa: PLC0415
        from ..models.message_created_event import MessageCreatedEvent  # noqa: PLC0415
        from ..models.message_deleted_event import MessageDeletedEvent  # noqa: PLC0415
        from ..models.roll_event import RollEvent  # noqa: PLC0415
        from ..models.roll_request_event import RollRequestEvent  # noqa: PLC0415
        from ..models.task_event import TaskEvent  # noqa: PLC0415

        items = []
        for items_item_data in self.items:
            items_item: dict[str, Any]
            if isinstance(items_item_data, RollEvent):
                items_item = items_item_data.to_dict()
            elif isinstance(items_item_data, CharacterEvent):
                items_item = items_item_data.to_dict()
            elif isinstance(items_item_data, CharacterDeletedEvent):
                items_item = items_item_data.to_dict()
            elif isinstance(items_item_data, MemberEvent):
                items_item = items_item_data.to_dict()
            elif isinstance(items_item_data, MemberLeftEvent):
                items_item = items_item_data.to_dict()
            elif isinstance(items_item_data, CampaignUpdatedEvent):
                items_item = items_item_data.to_dict()
            elif isinstance(items_item_data, ContestEvent):
                items_item = items_item_data.to_dict()
            elif isinstance(items_item_data, GroupEvent):
                items_item = items_item_data.to_dict()
            elif isinstance(items_item_data, TaskEvent):
                items_item = items_item_data.to_dict()
            elif isinstance(items_item_data, GrantEvent):
                items_item = items_item_data.to_dict()
            elif isinstance(items_item_data, FairnessRotatedEvent):
                items_item = items_item_data.to_dict()
            elif isinstance(items_item_data, RollRequestEvent):
                items_item = items_item_data.to_dict()
            elif isinstance(items_item_data, MessageCreatedEvent):
                items_item = items_item_data.to_dict()
            elif isinstance(items_item_data, MessageDeletedEvent):
                items_item = items_item_data.to_dict()
            else:
                items_item = items_item_data.to_dict()

            items.append(items_item)

        next_after: int | None
        next_after = self.next_after

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "items": items,
                "next_after": next_after,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.campaign_updated_event import CampaignUpdatedEvent  # noqa: PLC0415
        from ..models.character_deleted_event import CharacterDeletedEvent  # noqa: PLC0415
        from ..models.character_event import CharacterEvent  # noqa: PLC0415
        from ..models.contest_event import ContestEvent  # noqa: PLC0415
        from ..models.fairness_rotated_event import FairnessRotatedEvent  # noqa: PLC0415
        from ..models.grant_event import GrantEvent  # noqa: PLC0415
        from ..models.group_event import GroupEvent  # noqa: PLC0415
        from ..models.member_event import MemberEvent  # noqa: PLC0415
        from ..models.member_left_event import MemberLeftEvent  # noqa: PLC0415
        from ..models.message_created_event import MessageCreatedEvent  # noqa: PLC0415
        from ..models.message_deleted_event import MessageDeletedEvent  # noqa: PLC0415
        from ..models.other_event import OtherEvent  # noqa: PLC0415
        from ..models.roll_event import RollEvent  # noqa: PLC0415
        from ..models.roll_request_event import RollRequestEvent  # noqa: PLC0415
        from ..models.task_event import TaskEvent  # noqa: PLC0415

        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in _items:

            def _parse_items_item(
                data: object,
            ) -> (
                CampaignUpdatedEvent
                | CharacterDeletedEvent
                | CharacterEvent
                | ContestEvent
                | FairnessRotatedEvent
                | GrantEvent
                | GroupEvent
                | MemberEvent
                | MemberLeftEvent
                | MessageCreatedEvent
                | MessageDeletedEvent
                | OtherEvent
                | RollEvent
                | RollRequestEvent
                | TaskEvent
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    items_item_type_0 = RollEvent.from_dict(data)

                    return items_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    items_item_type_1 = CharacterEvent.from_dict(data)

                    return items_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    items_item_type_2 = CharacterDeletedEvent.from_dict(data)

                    return items_item_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    items_item_type_3 = MemberEvent.from_dict(data)

                    return items_item_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    items_item_type_4 = MemberLeftEvent.from_dict(data)

                    return items_item_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    items_item_type_5 = CampaignUpdatedEvent.from_dict(data)

                    return items_item_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    items_item_type_6 = ContestEvent.from_dict(data)

                    return items_item_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    items_item_type_7 = GroupEvent.from_dict(data)

                    return items_item_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    items_item_type_8 = TaskEvent.from_dict(data)

                    return items_item_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    items_item_type_9 = GrantEvent.from_dict(data)

                    return items_item_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    items_item_type_10 = FairnessRotatedEvent.from_dict(data)

                    return items_item_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    items_item_type_11 = RollRequestEvent.from_dict(data)

                    return items_item_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    items_item_type_12 = MessageCreatedEvent.from_dict(data)

                    return items_item_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    items_item_type_13 = MessageDeletedEvent.from_dict(data)

                    return items_item_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                items_item_type_14 = OtherEvent.from_dict(data)

                return items_item_type_14

            items_item = _parse_items_item(items_item_data)

            items.append(items_item)

        def _parse_next_after(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_after = _parse_next_after(d.pop("next_after"))

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        event_list = cls(
            items=items,
            next_after=next_after,
            next_cursor=next_cursor,
        )

        event_list.additional_properties = d
        return event_list

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
