from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.character_part_sheet import CharacterPartSheet


T = TypeVar("T", bound="CharacterPart")


@_attrs_define
class CharacterPart:
    """
    Attributes:
        id (str):
        name (str):
        npc (bool):
        owner_id (None | str):
        version (int):
        sheet (CharacterPartSheet):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    name: str
    npc: bool
    owner_id: None | str
    version: int
    sheet: CharacterPartSheet
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        npc = self.npc

        owner_id: None | str
        owner_id = self.owner_id

        version = self.version

        sheet = self.sheet.to_dict()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "npc": npc,
                "owner_id": owner_id,
                "version": version,
                "sheet": sheet,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.character_part_sheet import CharacterPartSheet  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        npc = d.pop("npc")

        def _parse_owner_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        owner_id = _parse_owner_id(d.pop("owner_id"))

        version = d.pop("version")

        sheet = CharacterPartSheet.from_dict(d.pop("sheet"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        character_part = cls(
            id=id,
            name=name,
            npc=npc,
            owner_id=owner_id,
            version=version,
            sheet=sheet,
            created_at=created_at,
            updated_at=updated_at,
        )

        return character_part
