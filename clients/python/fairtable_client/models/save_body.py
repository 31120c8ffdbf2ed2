from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.save_body_visibility import SaveBodyVisibility, check_save_body_visibility
from ..types import UNSET, Unset

T = TypeVar("T", bound="SaveBody")


@_attrs_define
class SaveBody:
    """A d20 saving throw: on failure ``condition`` is added to the character.

    Attributes:
        kind (Literal['save']):
        character_id (str):
        trait (str):
        condition (str):
        visibility (SaveBodyVisibility | Unset):  Default: 'public'.
        note (None | str | Unset):
        difficulty (int | None | str | Unset):
        advantage (bool | Unset):  Default: False.
        disadvantage (bool | Unset):  Default: False.
    """

    kind: Literal["save"]
    character_id: str
    trait: str
    condition: str
    visibility: SaveBodyVisibility | Unset = "public"
    note: None | str | Unset = UNSET
    difficulty: int | None | str | Unset = UNSET
    advantage: bool | Unset = False
    disadvantage: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        character_id = self.character_id

        trait = self.trait

        condition = self.condition

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        difficulty: int | None | str | Unset
        if isinstance(self.difficulty, Unset):
            difficulty = UNSET
        else:
            difficulty = self.difficulty

        advantage = self.advantage

        disadvantage = self.disadvantage

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "character_id": character_id,
                "trait": trait,
                "condition": condition,
            }
        )
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if note is not UNSET:
            field_dict["note"] = note
        if difficulty is not UNSET:
            field_dict["difficulty"] = difficulty
        if advantage is not UNSET:
            field_dict["advantage"] = advantage
        if disadvantage is not UNSET:
            field_dict["disadvantage"] = disadvantage

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["save"], d.pop("kind"))
        if kind != "save":
            raise ValueError(f"kind must match const 'save', got '{kind}'")

        character_id = d.pop("character_id")

        trait = d.pop("trait")

        condition = d.pop("condition")

        _visibility = d.pop("visibility", UNSET)
        visibility: SaveBodyVisibility | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = check_save_body_visibility(_visibility)

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

        def _parse_difficulty(data: object) -> int | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | str | Unset, data)

        difficulty = _parse_difficulty(d.pop("difficulty", UNSET))

        advantage = d.pop("advantage", UNSET)

        disadvantage = d.pop("disadvantage", UNSET)

        save_body = cls(
            kind=kind,
            character_id=character_id,
            trait=trait,
            condition=condition,
            visibility=visibility,
            note=note,
            difficulty=difficulty,
            advantage=advantage,
            disadvantage=disadvantage,
        )

        return save_body
