from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.derived_3d6 import Derived3D6
    from ..models.derived_d20 import DerivedD20
    from ..models.derived_matrix import DerivedMatrix
    from ..models.sheet_3d6 import Sheet3D6
    from ..models.sheet_d20 import SheetD20
    from ..models.sheet_matrix import SheetMatrix


T = TypeVar("T", bound="CharacterRead")


@_attrs_define
class CharacterRead:
    """
    Attributes:
        id (str):
        campaign_id (str):
        name (str):
        npc (bool):
        owner_id (None | str):
        version (int):
        sheet (Sheet3D6 | SheetD20 | SheetMatrix): Its shape is the campaign's ruleset's: 3d6, matrix or d20.
        derived (Derived3D6 | DerivedD20 | DerivedMatrix): Worked out from the sheet by the campaign's ruleset; never
            sent.
    """

    id: str
    campaign_id: str
    name: str
    npc: bool
    owner_id: None | str
    version: int
    sheet: Sheet3D6 | SheetD20 | SheetMatrix
    derived: Derived3D6 | DerivedD20 | DerivedMatrix
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.derived_3d6 import Derived3D6  # noqa: PLC0415
        from ..models.derived_matrix import DerivedMatrix  # noqa: PLC0415
        from ..models.sheet_3d6 import Sheet3D6  # noqa: PLC0415
        from ..models.sheet_matrix import SheetMatrix  # noqa: PLC0415

        id = self.id

        campaign_id = self.campaign_id

        name = self.name

        npc = self.npc

        owner_id: None | str
        owner_id = self.owner_id

        version = self.version

        sheet: dict[str, Any]
        if isinstance(self.sheet, Sheet3D6):
            sheet = self.sheet.to_dict()
        elif isinstance(self.sheet, SheetMatrix):
            sheet = self.sheet.to_dict()
        else:
            sheet = self.sheet.to_dict()

        derived: dict[str, Any]
        if isinstance(self.derived, Derived3D6):
            derived = self.derived.to_dict()
        elif isinstance(self.derived, DerivedMatrix):
            derived = self.derived.to_dict()
        else:
            derived = self.derived.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "campaign_id": campaign_id,
                "name": name,
                "npc": npc,
                "owner_id": owner_id,
                "version": version,
                "sheet": sheet,
                "derived": derived,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.derived_3d6 import Derived3D6  # noqa: PLC0415
        from ..models.derived_d20 import DerivedD20  # noqa: PLC0415
        from ..models.derived_matrix import DerivedMatrix  # noqa: PLC0415
        from ..models.sheet_3d6 import Sheet3D6  # noqa: PLC0415
        from ..models.sheet_d20 import SheetD20  # noqa: PLC0415
        from ..models.sheet_matrix import SheetMatrix  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        campaign_id = d.pop("campaign_id")

        name = d.pop("name")

        npc = d.pop("npc")

        def _parse_owner_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        owner_id = _parse_owner_id(d.pop("owner_id"))

        version = d.pop("version")

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

        def _parse_derived(data: object) -> Derived3D6 | DerivedD20 | DerivedMatrix:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                derived_type_0 = Derived3D6.from_dict(data)

                return derived_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                derived_type_1 = DerivedMatrix.from_dict(data)

                return derived_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            derived_type_2 = DerivedD20.from_dict(data)

            return derived_type_2

        derived = _parse_derived(d.pop("derived"))

        character_read = cls(
            id=id,
            campaign_id=campaign_id,
            name=name,
            npc=npc,
            owner_id=owner_id,
            version=version,
            sheet=sheet,
            derived=derived,
        )

        character_read.additional_properties = d
        return character_read

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
