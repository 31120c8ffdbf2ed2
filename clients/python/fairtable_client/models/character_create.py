from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.sheet_3d6 import Sheet3D6
    from ..models.sheet_d20 import SheetD20
    from ..models.sheet_matrix import SheetMatrix


T = TypeVar("T", bound="CharacterCreate")


@_attrs_define
class CharacterCreate:
    """
    Attributes:
        name (str):
        sheet (Sheet3D6 | SheetD20 | SheetMatrix): Its shape is the campaign's ruleset's: 3d6, matrix or d20.
        npc (bool | Unset):  Default: False.
        owner_id (None | str | Unset):
    """

    name: str
    sheet: Sheet3D6 | SheetD20 | SheetMatrix
    npc: bool | Unset = False
    owner_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.sheet_3d6 import Sheet3D6  # noqa: PLC0415
        from ..models.sheet_matrix import SheetMatrix  # noqa: PLC0415

        name = self.name

        sheet: dict[str, Any]
        if isinstance(self.sheet, Sheet3D6):
            sheet = self.sheet.to_dict()
        elif isinstance(self.sheet, SheetMatrix):
            sheet = self.sheet.to_dict()
        else:
            sheet = self.sheet.to_dict()

        npc = self.npc

        owner_id: None | str | Unset
        if isinstance(self.owner_id, Unset):
            owner_id = UNSET
        else:
            owner_id = self.owner_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "sheet": sheet,
            }
        )
        if npc is not UNSET:
            field_dict["npc"] = npc
        if owner_id is not UNSET:
            field_dict["owner_id"] = owner_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sheet_3d6 import Sheet3D6  # noqa: PLC0415
        from ..models.sheet_d20 import SheetD20  # noqa: PLC0415
        from ..models.sheet_matrix import SheetMatrix  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_sheet(data: object) -> Sheet3D6 | SheetD20 | SheetMatrix:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sheet_type_0 = Sheet3D6.from_dict(data)

                return sheet_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sheet_type_1 = SheetMatrix.from_dict(data)

                return sheet_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            sheet_type_2 = SheetD20.from_dict(data)

            return sheet_type_2

        sheet = _parse_sheet(d.pop("sheet"))

        npc = d.pop("npc", UNSET)

        def _parse_owner_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        owner_id = _parse_owner_id(d.pop("owner_id", UNSET))

        character_create = cls(
            name=name,
            sheet=sheet,
            npc=npc,
            owner_id=owner_id,
        )

        return character_create
