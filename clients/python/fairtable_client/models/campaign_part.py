from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.campaign_part_ruleset import CampaignPartRuleset, check_campaign_part_ruleset

if TYPE_CHECKING:
    from ..models.campaign_part_settings import CampaignPartSettings


T = TypeVar("T", bound="CampaignPart")


@_attrs_define
class CampaignPart:
    """
    Attributes:
        id (str):
        name (str):
        ruleset (CampaignPartRuleset):
        settings (CampaignPartSettings):
        created_at (datetime.datetime):
    """

    id: str
    name: str
    ruleset: CampaignPartRuleset
    settings: CampaignPartSettings
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        ruleset: str = self.ruleset

        settings = self.settings.to_dict()

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "ruleset": ruleset,
                "settings": settings,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.campaign_part_settings import CampaignPartSettings  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        ruleset = check_campaign_part_ruleset(d.pop("ruleset"))

        settings = CampaignPartSettings.from_dict(d.pop("settings"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        campaign_part = cls(
            id=id,
            name=name,
            ruleset=ruleset,
            settings=settings,
            created_at=created_at,
        )

        return campaign_part
