from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deleted import Deleted


T = TypeVar("T", bound="MessageRead")


@_attrs_define
class MessageRead:
    """A message as its readers see it. A deleted one keeps its place (``seq``) with
    ``text`` null and ``deleted`` saying who deleted it and when.

        Attributes:
            id (str):
            seq (int):
            campaign_id (str):
            user_id (str): The sender.
            character_id (None | str): The character speaking, when in character.
            to (list[str] | None): The recipients of a whisper; null: the table.
            text (None | str): Null once the message is deleted.
            in_character (bool):
            created_at (datetime.datetime):
            deleted (Deleted | None | Unset): Only on a deleted message.
    """

    id: str
    seq: int
    campaign_id: str
    user_id: str
    character_id: None | str
    to: list[str] | None
    text: None | str
    in_character: bool
    created_at: datetime.datetime
    deleted: Deleted | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.deleted import Deleted  # noqa: PLC0415

        id = self.id

        seq = self.seq

        campaign_id = self.campaign_id

        user_id = self.user_id

        character_id: None | str
        character_id = self.character_id

        to: list[str] | None
        if isinstance(self.to, list):
            to = self.to

        else:
            to = self.to

        text: None | str
        text = self.text

        in_character = self.in_character

        created_at = self.created_at.isoformat()

        deleted: dict[str, Any] | None | Unset
        if isinstance(self.deleted, Unset):
            deleted = UNSET
        elif isinstance(self.deleted, Deleted):
            deleted = self.deleted.to_dict()
        else:
            deleted = self.deleted

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "seq": seq,
                "campaign_id": campaign_id,
                "user_id": user_id,
                "character_id": character_id,
                "to": to,
                "text": text,
                "in_character": in_character,
                "created_at": created_at,
            }
        )
        if deleted is not UNSET:
            field_dict["deleted"] = deleted

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deleted import Deleted  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        seq = d.pop("seq")

        campaign_id = d.pop("campaign_id")

        user_id = d.pop("user_id")

        def _parse_character_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        character_id = _parse_character_id(d.pop("character_id"))

        def _parse_to(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                to_type_0 = cast(list[str], data)

                return to_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        to = _parse_to(d.pop("to"))

        def _parse_text(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        text = _parse_text(d.pop("text"))

        in_character = d.pop("in_character")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_deleted(data: object) -> Deleted | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deleted_type_0 = Deleted.from_dict(data)

                return deleted_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Deleted | None | Unset, data)

        deleted = _parse_deleted(d.pop("deleted", UNSET))

        message_read = cls(
            id=id,
            seq=seq,
            campaign_id=campaign_id,
            user_id=user_id,
            character_id=character_id,
            to=to,
            text=text,
            in_character=in_character,
            created_at=created_at,
            deleted=deleted,
        )

        message_read.additional_properties = d
        return message_read

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
