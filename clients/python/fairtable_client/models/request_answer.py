from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.request_answer_on_partial_type_0 import (
    RequestAnswerOnPartialType0,
    check_request_answer_on_partial_type_0,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.reroll_cite import RerollCite


T = TypeVar("T", bound="RequestAnswer")


@_attrs_define
class RequestAnswer:
    """An answer to a roll request (app/roll_requests): the request fixes the roll's kind,
    trait, difficulty, condition and visibility (sending one is refused, naming it); the
    answer names the character and adds what the request leaves to the player.

        Attributes:
            request_id (str):
            character_id (str):
            note (None | str | Unset):
            advantage (bool | Unset): False when left out: send it only to set it.
            disadvantage (bool | Unset): False when left out: send it only to set it.
            helper_id (None | str | Unset):
            rerolls (list[RerollCite] | Unset):
            on_partial (None | RequestAnswerOnPartialType0 | Unset):
            spend_rerolls (bool | Unset): False when left out: send it only to set it.
    """

    request_id: str
    character_id: str
    note: None | str | Unset = UNSET
    advantage: bool | Unset = UNSET
    disadvantage: bool | Unset = UNSET
    helper_id: None | str | Unset = UNSET
    rerolls: list[RerollCite] | Unset = UNSET
    on_partial: None | RequestAnswerOnPartialType0 | Unset = UNSET
    spend_rerolls: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        request_id = self.request_id

        character_id = self.character_id

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

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
                "request_id": request_id,
                "character_id": character_id,
            }
        )
        if note is not UNSET:
            field_dict["note"] = note
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
        request_id = d.pop("request_id")

        character_id = d.pop("character_id")

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

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

        def _parse_on_partial(data: object) -> None | RequestAnswerOnPartialType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                on_partial_type_0 = check_request_answer_on_partial_type_0(data)

                return on_partial_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RequestAnswerOnPartialType0 | Unset, data)

        on_partial = _parse_on_partial(d.pop("on_partial", UNSET))

        spend_rerolls = d.pop("spend_rerolls", UNSET)

        request_answer = cls(
            request_id=request_id,
            character_id=character_id,
            note=note,
            advantage=advantage,
            disadvantage=disadvantage,
            helper_id=helper_id,
            rerolls=rerolls,
            on_partial=on_partial,
            spend_rerolls=spend_rerolls,
        )

        return request_answer
