from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="MessageCreate")


@_attrs_define
class MessageCreate:
    """A message: ``to`` absent or null for the whole table, else a whisper to those
    members (the sender reads it too, named or not). ``in_character`` speaks as
    ``character_id``, a character the sender may roll for.

        Attributes:
            text (str): Plain text, 1 to 2,000 characters.
            to (list[str] | None | Unset): Members to whisper to (user ids; duplicates count once); null: the table.
            in_character (bool | Unset): Spoken by ``character_id`` rather than by its player. Default: False.
            character_id (None | str | Unset): The character speaking; required with ``in_character``, else refused.
    """

    text: str
    to: list[str] | None | Unset = UNSET
    in_character: bool | Unset = False
    character_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        to: list[str] | None | Unset
        if isinstance(self.to, Unset):
            to = UNSET
        elif isinstance(self.to, list):
            to = self.to

        else:
            to = self.to

        in_character = self.in_character

        character_id: None | str | Unset
        if isinstance(self.character_id, Unset):
            character_id = UNSET
        else:
            character_id = self.character_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
            }
        )
        if to is not UNSET:
            field_dict["to"] = to
        if in_character is not UNSET:
            field_dict["in_character"] = in_character
        if character_id is not UNSET:
            field_dict["character_id"] = character_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        text = d.pop("text")

        def _parse_to(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                to_type_0 = cast(list[str], data)

                return to_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        to = _parse_to(d.pop("to", UNSET))

        in_character = d.pop("in_character", UNSET)

        def _parse_character_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        character_id = _parse_character_id(d.pop("character_id", UNSET))

        message_create = cls(
            text=text,
            to=to,
            in_character=in_character,
            character_id=character_id,
        )

        return message_create
