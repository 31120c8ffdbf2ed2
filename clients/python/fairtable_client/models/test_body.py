from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.test_body_on_partial_type_0 import TestBodyOnPartialType0, check_test_body_on_partial_type_0
from ..models.test_body_visibility import TestBodyVisibility, check_test_body_visibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.reroll_cite import RerollCite


T = TypeVar("T", bound="TestBody")


@_attrs_define
class TestBody:
    """A test of one trait of a character's stored sheet (score and modifier come from it).

    Attributes:
        kind (Literal['test']):
        character_id (str):
        trait (str):
        visibility (TestBodyVisibility | Unset):  Default: 'public'.
        note (None | str | Unset):
        difficulty (int | None | str | Unset):
        advantage (bool | Unset): False when left out: send it only to set it.
        disadvantage (bool | Unset): False when left out: send it only to set it.
        helper_id (None | str | Unset):
        rerolls (list[RerollCite] | Unset):
        on_partial (None | TestBodyOnPartialType0 | Unset): 3d6: the choice a partial success takes, stated before the
            roll. A blind test takes `fail` when it states none.
        spend_rerolls (bool | Unset): 3d6: spend every cited reroll at once, each on the first die without success while
            one is left (a blind test's rerolls need it). False when left out: send it only to set it.
    """

    kind: Literal["test"]
    character_id: str
    trait: str
    visibility: TestBodyVisibility | Unset = "public"
    note: None | str | Unset = UNSET
    difficulty: int | None | str | Unset = UNSET
    advantage: bool | Unset = UNSET
    disadvantage: bool | Unset = UNSET
    helper_id: None | str | Unset = UNSET
    rerolls: list[RerollCite] | Unset = UNSET
    on_partial: None | TestBodyOnPartialType0 | Unset = UNSET
    spend_rerolls: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        character_id = self.character_id

        trait = self.trait

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

        helper_id: None | str | Unset
        if isinstance(self.helper_id, Unset):
            helper_id = UNSET
        else:
            helper_id = self.helper_id

        rerolls: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.rerolls, Unset):
            rerolls = []
            for rerolls_item_data in self.rerolls:
                rerolls_item = rerolls_item_data.to_dict()
                rerolls.append(rerolls_item)

        on_partial: None | str | Unset
        if isinstance(self.on_partial, Unset):
            on_partial = UNSET
        elif isinstance(self.on_partial, str):
            on_partial = self.on_partial
        else:
            on_partial = self.on_partial

        spend_rerolls = self.spend_rerolls

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "character_id": character_id,
                "trait": trait,
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
        if helper_id is not UNSET:
            field_dict["helper_id"] = helper_id
        if rerolls is not UNSET:
            field_dict["rerolls"] = rerolls
        if on_partial is not UNSET:
            field_dict["on_partial"] = on_partial
        if spend_rerolls is not UNSET:
            field_dict["spend_rerolls"] = spend_rerolls

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.reroll_cite import RerollCite  # noqa: PLC0415

        d = dict(src_dict)
        kind = cast(Literal["test"], d.pop("kind"))
        if kind != "test":
            raise ValueError(f"kind must match const 'test', got '{kind}'")

        character_id = d.pop("character_id")

        trait = d.pop("trait")

        _visibility = d.pop("visibility", UNSET)
        visibility: TestBodyVisibility | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = check_test_body_visibility(_visibility)

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

        def _parse_helper_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        helper_id = _parse_helper_id(d.pop("helper_id", UNSET))

        _rerolls = d.pop("rerolls", UNSET)
        rerolls: list[RerollCite] | Unset = UNSET
        if _rerolls is not UNSET:
            rerolls = []
            for rerolls_item_data in _rerolls:
                rerolls_item = RerollCite.from_dict(rerolls_item_data)

                rerolls.append(rerolls_item)

        def _parse_on_partial(data: object) -> None | TestBodyOnPartialType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                on_partial_type_0 = check_test_body_on_partial_type_0(data)

                return on_partial_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TestBodyOnPartialType0 | Unset, data)

        on_partial = _parse_on_partial(d.pop("on_partial", UNSET))

        spend_rerolls = d.pop("spend_rerolls", UNSET)

        test_body = cls(
            kind=kind,
            character_id=character_id,
            trait=trait,
            visibility=visibility,
            note=note,
            difficulty=difficulty,
            advantage=advantage,
            disadvantage=disadvantage,
            helper_id=helper_id,
            rerolls=rerolls,
            on_partial=on_partial,
            spend_rerolls=spend_rerolls,
        )

        return test_body
