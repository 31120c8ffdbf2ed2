from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.group_member import GroupMember


T = TypeVar("T", bound="GroupCreate")


@_attrs_define
class GroupCreate:
    """
    Attributes:
        quality (str):
        difficulty (int | str): 1..4, or easy, medium, difficult, legendary.
        character_ids (list[str] | None | Unset): The participants, each rolling a plain test; or name them in
            `members`.
        members (list[GroupMember] | None | Unset): The participants with what each roll takes (instead of
            `character_ids`).
    """

    quality: str
    difficulty: int | str
    character_ids: list[str] | None | Unset = UNSET
    members: list[GroupMember] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        quality = self.quality

        difficulty: int | str
        difficulty = self.difficulty

        character_ids: list[str] | None | Unset
        if isinstance(self.character_ids, Unset):
            character_ids = UNSET
        elif isinstance(self.character_ids, list):
            character_ids = self.character_ids

        else:
            character_ids = self.character_ids

        members: list[dict[str, Any]] | None | Unset
        if isinstance(self.members, Unset):
            members = UNSET
        elif isinstance(self.members, list):
            members = []
            for members_type_0_item_data in self.members:
                members_type_0_item = members_type_0_item_data.to_dict()
                members.append(members_type_0_item)

        else:
            members = self.members

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "quality": quality,
                "difficulty": difficulty,
            }
        )
        if character_ids is not UNSET:
            field_dict["character_ids"] = character_ids
        if members is not UNSET:
            field_dict["members"] = members

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.group_member import GroupMember  # noqa: PLC0415

        d = dict(src_dict)
        quality = d.pop("quality")

        def _parse_difficulty(data: object) -> int | str:
            return cast(int | str, data)

        difficulty = _parse_difficulty(d.pop("difficulty"))

        def _parse_character_ids(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                character_ids_type_0 = cast(list[str], data)

                return character_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        character_ids = _parse_character_ids(d.pop("character_ids", UNSET))

        def _parse_members(data: object) -> list[GroupMember] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                members_type_0 = []
                _members_type_0 = data
                for members_type_0_item_data in _members_type_0:
                    members_type_0_item = GroupMember.from_dict(members_type_0_item_data)

                    members_type_0.append(members_type_0_item)

                return members_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[GroupMember] | None | Unset, data)

        members = _parse_members(d.pop("members", UNSET))

        group_create = cls(
            quality=quality,
            difficulty=difficulty,
            character_ids=character_ids,
            members=members,
        )

        return group_create
