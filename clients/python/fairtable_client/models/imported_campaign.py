from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.imported_campaign_settings import ImportedCampaignSettings
    from ..models.placeholder import Placeholder


T = TypeVar("T", bound="ImportedCampaign")


@_attrs_define
class ImportedCampaign:
    """The campaign an import created, and what it holds.

    Attributes:
        id (str):
        name (str):
        ruleset (str):
        settings (ImportedCampaignSettings):
        created_at (datetime.datetime):
        members (int):
        characters (int):
        rolls (int):
        events (int):
        mapped_to_you (list[str]): Usernames of members this instance does not know: their characters went to you.
        placeholders (list[Placeholder] | Unset): Every other member of the document: seated nowhere here (an import
            seats only you), to be invited again. Their rolls keep their names in the log.
    """

    id: str
    name: str
    ruleset: str
    settings: ImportedCampaignSettings
    created_at: datetime.datetime
    members: int
    characters: int
    rolls: int
    events: int
    mapped_to_you: list[str]
    placeholders: list[Placeholder] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        ruleset = self.ruleset

        settings = self.settings.to_dict()

        created_at = self.created_at.isoformat()

        members = self.members

        characters = self.characters

        rolls = self.rolls

        events = self.events

        mapped_to_you = self.mapped_to_you

        placeholders: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.placeholders, Unset):
            placeholders = []
            for placeholders_item_data in self.placeholders:
                placeholders_item = placeholders_item_data.to_dict()
                placeholders.append(placeholders_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "ruleset": ruleset,
                "settings": settings,
                "created_at": created_at,
                "members": members,
                "characters": characters,
                "rolls": rolls,
                "events": events,
                "mapped_to_you": mapped_to_you,
            }
        )
        if placeholders is not UNSET:
            field_dict["placeholders"] = placeholders

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.imported_campaign_settings import ImportedCampaignSettings  # noqa: PLC0415
        from ..models.placeholder import Placeholder  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        ruleset = d.pop("ruleset")

        settings = ImportedCampaignSettings.from_dict(d.pop("settings"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        members = d.pop("members")

        characters = d.pop("characters")

        rolls = d.pop("rolls")

        events = d.pop("events")

        mapped_to_you = cast(list[str], d.pop("mapped_to_you"))

        _placeholders = d.pop("placeholders", UNSET)
        placeholders: list[Placeholder] | Unset = UNSET
        if _placeholders is not UNSET:
            placeholders = []
            for placeholders_item_data in _placeholders:
                placeholders_item = Placeholder.from_dict(placeholders_item_data)

                placeholders.append(placeholders_item)

        imported_campaign = cls(
            id=id,
            name=name,
            ruleset=ruleset,
            settings=settings,
            created_at=created_at,
            members=members,
            characters=characters,
            rolls=rolls,
            events=events,
            mapped_to_you=mapped_to_you,
            placeholders=placeholders,
        )

        imported_campaign.additional_properties = d
        return imported_campaign

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
