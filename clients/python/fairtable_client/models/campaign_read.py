from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.campaign_read_role import CampaignReadRole, check_campaign_read_role
from ..models.campaign_read_ruleset import CampaignReadRuleset, check_campaign_read_ruleset

if TYPE_CHECKING:
    from ..models.campaign_read_settings import CampaignReadSettings


T = TypeVar("T", bound="CampaignRead")


@_attrs_define
class CampaignRead:
    """
    Attributes:
        id (str):
        name (str):
        ruleset (CampaignReadRuleset):
        settings (CampaignReadSettings):
        created_at (datetime.datetime):
        role (CampaignReadRole): The caller's role in this campaign.
    """

    id: str
    name: str
    ruleset: CampaignReadRuleset
    settings: CampaignReadSettings
    created_at: datetime.datetime
    role: CampaignReadRole
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        ruleset: str = self.ruleset

        settings = self.settings.to_dict()

        created_at = self.created_at.isoformat()

        role: str = self.role

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "ruleset": ruleset,
                "settings": settings,
                "created_at": created_at,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.campaign_read_settings import CampaignReadSettings  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        ruleset = check_campaign_read_ruleset(d.pop("ruleset"))

        settings = CampaignReadSettings.from_dict(d.pop("settings"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        role = check_campaign_read_role(d.pop("role"))

        campaign_read = cls(
            id=id,
            name=name,
            ruleset=ruleset,
            settings=settings,
            created_at=created_at,
            role=role,
        )

        campaign_read.additional_properties = d
        return campaign_read

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
