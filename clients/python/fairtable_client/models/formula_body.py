from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.formula_body_visibility import FormulaBodyVisibility, check_formula_body_visibility
from ..types import UNSET, Unset

T = TypeVar("T", bound="FormulaBody")


@_attrs_define
class FormulaBody:
    """A free dice formula such as ``4d6kh3+2``, in any campaign.

    Attributes:
        kind (Literal['formula']):
        formula (str):
        visibility (FormulaBodyVisibility | Unset):  Default: 'public'.
        note (None | str | Unset):
        character_id (None | str | Unset):
    """

    kind: Literal["formula"]
    formula: str
    visibility: FormulaBodyVisibility | Unset = "public"
    note: None | str | Unset = UNSET
    character_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        formula = self.formula

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        character_id: None | str | Unset
        if isinstance(self.character_id, Unset):
            character_id = UNSET
        else:
            character_id = self.character_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "formula": formula,
            }
        )
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if note is not UNSET:
            field_dict["note"] = note
        if character_id is not UNSET:
            field_dict["character_id"] = character_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["formula"], d.pop("kind"))
        if kind != "formula":
            raise ValueError(f"kind must match const 'formula', got '{kind}'")

        formula = d.pop("formula")

        _visibility = d.pop("visibility", UNSET)
        visibility: FormulaBodyVisibility | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = check_formula_body_visibility(_visibility)

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

        def _parse_character_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        character_id = _parse_character_id(d.pop("character_id", UNSET))

        formula_body = cls(
            kind=kind,
            formula=formula,
            visibility=visibility,
            note=note,
            character_id=character_id,
        )

        return formula_body
