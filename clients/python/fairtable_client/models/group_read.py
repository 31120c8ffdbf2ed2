from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.group_read_status import GroupReadStatus, check_group_read_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.group_member_read import GroupMemberRead
    from ..models.roll_read import RollRead


T = TypeVar("T", bound="GroupRead")


@_attrs_define
class GroupRead:
    """
    Attributes:
        id (str):
        campaign_id (str):
        status (GroupReadStatus): `pending` while a member's roll holds rerolls its player may spend.
        quality (str):
        difficulty (int):
        members (list[GroupMemberRead]):
        participants (int):
        succeeded (int): Members who succeeded (so far, while pending).
        success (bool | None): null while the group action is pending.
        created_by (str):
        created_at (datetime.datetime):
        rolls (list[RollRead] | None | Unset): The members' rolls; left out of lists (see the roll ids).
    """

    id: str
    campaign_id: str
    status: GroupReadStatus
    quality: str
    difficulty: int
    members: list[GroupMemberRead]
    participants: int
    succeeded: int
    success: bool | None
    created_by: str
    created_at: datetime.datetime
    rolls: list[RollRead] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        campaign_id = self.campaign_id

        status: str = self.status

        quality = self.quality

        difficulty = self.difficulty

        members = []
        for members_item_data in self.members:
            members_item = members_item_data.to_dict()
            members.append(members_item)

        participants = self.participants

        succeeded = self.succeeded

        success: bool | None
        success = self.success

        created_by = self.created_by

        created_at = self.created_at.isoformat()

        rolls: list[dict[str, Any]] | None | Unset
        if isinstance(self.rolls, Unset):
            rolls = UNSET
        elif isinstance(self.rolls, list):
            rolls = []
            for rolls_type_0_item_data in self.rolls:
                rolls_type_0_item = rolls_type_0_item_data.to_dict()
                rolls.append(rolls_type_0_item)

        else:
            rolls = self.rolls

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "campaign_id": campaign_id,
                "status": status,
                "quality": quality,
                "difficulty": difficulty,
                "members": members,
                "participants": participants,
                "succeeded": succeeded,
                "success": success,
                "created_by": created_by,
                "created_at": created_at,
            }
        )
        if rolls is not UNSET:
            field_dict["rolls"] = rolls

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.group_member_read import GroupMemberRead  # noqa: PLC0415
        from ..models.roll_read import RollRead  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        campaign_id = d.pop("campaign_id")

        status = check_group_read_status(d.pop("status"))

        quality = d.pop("quality")

        difficulty = d.pop("difficulty")

        members = []
        _members = d.pop("members")
        for members_item_data in _members:
            members_item = GroupMemberRead.from_dict(members_item_data)

            members.append(members_item)

        participants = d.pop("participants")

        succeeded = d.pop("succeeded")

        def _parse_success(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        success = _parse_success(d.pop("success"))

        created_by = d.pop("created_by")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_rolls(data: object) -> list[RollRead] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                rolls_type_0 = []
                _rolls_type_0 = data
                for rolls_type_0_item_data in _rolls_type_0:
                    rolls_type_0_item = RollRead.from_dict(rolls_type_0_item_data)

                    rolls_type_0.append(rolls_type_0_item)

                return rolls_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[RollRead] | None | Unset, data)

        rolls = _parse_rolls(d.pop("rolls", UNSET))

        group_read = cls(
            id=id,
            campaign_id=campaign_id,
            status=status,
            quality=quality,
            difficulty=difficulty,
            members=members,
            participants=participants,
            succeeded=succeeded,
            success=success,
            created_by=created_by,
            created_at=created_at,
            rolls=rolls,
        )

        group_read.additional_properties = d
        return group_read

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
