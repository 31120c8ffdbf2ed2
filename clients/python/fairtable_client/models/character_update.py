from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.sheet_3d6 import Sheet3D6
    from ..models.sheet_d20 import SheetD20
    from ..models.sheet_matrix import SheetMatrix


T = TypeVar("T", bound="CharacterUpdate")


@_attrs_define
class CharacterUpdate:
    """Only the fields sent change; ``sheet`` replaces the whole sheet.

    Attributes:
        name (None | str | Unset):
        npc (bool | None | Unset):
        owner_id (None | str | Unset):
        sheet (None | Sheet3D6 | SheetD20 | SheetMatrix | Unset):
    """

    name: None | str | Unset = UNSET
    npc: bool | None | Unset = UNSET
    owner_id: None | str | Unset = UNSET
    sheet: None | Sheet3D6 | SheetD20 | SheetMatrix | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.sheet_3d6 import Sheet3D6  # noqa: PLC0415
        from ..models.sheet_d20 import SheetD20  # noqa: PLC0415
        from ..models.sheet_matrix import SheetMatrix  # noqa: PLC0415

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        npc: bool | None | Unset
        if isinstance(self.npc, Unset):
            npc = UNSET
        else:
            npc = self.npc

        owner_id: None | str | Unset
        if isinstance(self.owner_id, Unset):
            owner_id = UNSET
        else:
            owner_id = self.owner_id

        sheet: dict[str, Any] | None | Unset
        if isinstance(self.sheet, Unset):
            sheet = UNSET
        elif isinstance(self.sheet, Sheet3D6):
            sheet = self.sheet.to_dict()
        elif isinstance(self.sheet, SheetMatrix):
            sheet = self.sheet.to_dict()
        elif isinstance(self.sheet, SheetD20):
            sheet = self.sheet.to_dict()
        else:
            sheet = self.sheet

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if npc is not UNSET:
            field_dict["npc"] = npc
        if owner_id is not UNSET:
            field_dict["owner_id"] = owner_id
        if sheet is not UNSET:
            field_dict["sheet"] = sheet

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sheet_3d6 import Sheet3D6  # noqa: PLC0415
        from ..models.sheet_d20 import SheetD20  # noqa: PLC0415
        from ..models.sheet_matrix import SheetMatrix  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_npc(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        npc = _parse_npc(d.pop("npc", UNSET))

        def _parse_owner_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        owner_id = _parse_owner_id(d.pop("owner_id", UNSET))

        def _parse_sheet(data: object) -> None | Sheet3D6 | SheetD20 | SheetMatrix | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sheet_type_0_type_0 = Sheet3D6.from_dict(data)

                return sheet_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sheet_type_0_type_1 = SheetMatrix.from_dict(data)

                return sheet_type_0_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sheet_type_0_type_2 = SheetD20.from_dict(data)

                return sheet_type_0_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Sheet3D6 | SheetD20 | SheetMatrix | Unset, data)

        sheet = _parse_sheet(d.pop("sheet", UNSET))

        character_update = cls(
            name=name,
            npc=npc,
            owner_id=owner_id,
            sheet=sheet,
        )

        return character_update
