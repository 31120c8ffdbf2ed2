from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.roll_request_create_kind import RollRequestCreateKind, check_roll_request_create_kind
from ..models.roll_request_create_visibility import RollRequestCreateVisibility, check_roll_request_create_visibility
from ..types import UNSET, Unset

T = TypeVar("T", bound="RollRequestCreate")


@_attrs_define
class RollRequestCreate:
    """What a storyteller asks for: the roll every addressed character makes. Its kind,
    trait, difficulty, condition and visibility are the request's, never the answer's;
    ``advantage``/``disadvantage``, when given, are fixed too (otherwise each player may
    claim them, as on any roll). ``expires_in``: seconds, or an ISO 8601 duration.

        Attributes:
            character_ids (list[str]):
            kind (RollRequestCreateKind):
            trait (str):
            difficulty (int | None | str | Unset):
            advantage (bool | None | Unset):
            disadvantage (bool | None | Unset):
            condition (None | str | Unset):
            visibility (RollRequestCreateVisibility | Unset):  Default: 'public'.
            note (None | str | Unset):
            expires_in (int | None | str | Unset): Seconds (1..604800) or an ISO 8601 duration (PT5M, P1D).
    """

    character_ids: list[str]
    kind: RollRequestCreateKind
    trait: str
    difficulty: int | None | str | Unset = UNSET
    advantage: bool | None | Unset = UNSET
    disadvantage: bool | None | Unset = UNSET
    condition: None | str | Unset = UNSET
    visibility: RollRequestCreateVisibility | Unset = "public"
    note: None | str | Unset = UNSET
    expires_in: int | None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        character_ids = self.character_ids

        kind: str = self.kind

        trait = self.trait

        difficulty: int | None | str | Unset
        if isinstance(self.difficulty, Unset):
            difficulty = UNSET
        else:
            difficulty = self.difficulty

        advantage: bool | None | Unset
        if isinstance(self.advantage, Unset):
            advantage = UNSET
        else:
            advantage = self.advantage

        disadvantage: bool | None | Unset
        if isinstance(self.disadvantage, Unset):
            disadvantage = UNSET
        else:
            disadvantage = self.disadvantage

        condition: None | str | Unset
        if isinstance(self.condition, Unset):
            condition = UNSET
        else:
            condition = self.condition

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        expires_in: int | None | str | Unset
        if isinstance(self.expires_in, Unset):
            expires_in = UNSET
        else:
            expires_in = self.expires_in

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "character_ids": character_ids,
                "kind": kind,
                "trait": trait,
            }
        )
        if difficulty is not UNSET:
            field_dict["difficulty"] = difficulty
        if advantage is not UNSET:
            field_dict["advantage"] = advantage
        if disadvantage is not UNSET:
            field_dict["disadvantage"] = disadvantage
        if condition is not UNSET:
            field_dict["condition"] = condition
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if note is not UNSET:
            field_dict["note"] = note
        if expires_in is not UNSET:
            field_dict["expires_in"] = expires_in

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        character_ids = cast(list[str], d.pop("character_ids"))

        kind = check_roll_request_create_kind(d.pop("kind"))

        trait = d.pop("trait")

        def _parse_difficulty(data: object) -> int | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | str | Unset, data)

        difficulty = _parse_difficulty(d.pop("difficulty", UNSET))

        def _parse_advantage(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        advantage = _parse_advantage(d.pop("advantage", UNSET))

        def _parse_disadvantage(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        disadvantage = _parse_disadvantage(d.pop("disadvantage", UNSET))

        def _parse_condition(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        condition = _parse_condition(d.pop("condition", UNSET))

        _visibility = d.pop("visibility", UNSET)
        visibility: RollRequestCreateVisibility | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = check_roll_request_create_visibility(_visibility)

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

        def _parse_expires_in(data: object) -> int | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | str | Unset, data)

        expires_in = _parse_expires_in(d.pop("expires_in", UNSET))

        roll_request_create = cls(
            character_ids=character_ids,
            kind=kind,
            trait=trait,
            difficulty=difficulty,
            advantage=advantage,
            disadvantage=disadvantage,
            condition=condition,
            visibility=visibility,
            note=note,
            expires_in=expires_in,
        )

        return roll_request_create
