from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.reroll_cite_source import RerollCiteSource, check_reroll_cite_source
from ..types import UNSET, Unset

T = TypeVar("T", bound="RerollCite")


@_attrs_define
class RerollCite:
    """One reroll a roll cites: an item or gift of the character's sheet (by name), or a
    storyteller's. A player's storyteller reroll uses up one of the character's open
    grants (``POST /characters/{id}/grants``): the one ``grant_id`` names, else the
    oldest with this ``name``, else the oldest.

        Attributes:
            source (RerollCiteSource):
            name (None | str | Unset):
            grant_id (None | str | Unset):
    """

    source: RerollCiteSource
    name: None | str | Unset = UNSET
    grant_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        source: str = self.source

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        grant_id: None | str | Unset
        if isinstance(self.grant_id, Unset):
            grant_id = UNSET
        else:
            grant_id = self.grant_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source": source,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if grant_id is not UNSET:
            field_dict["grant_id"] = grant_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        source = check_reroll_cite_source(d.pop("source"))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_grant_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        grant_id = _parse_grant_id(d.pop("grant_id", UNSET))

        reroll_cite = cls(
            source=source,
            name=name,
            grant_id=grant_id,
        )

        return reroll_cite
