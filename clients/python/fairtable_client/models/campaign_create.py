from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.campaign_create_ruleset import CampaignCreateRuleset, check_campaign_create_ruleset
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.campaign_create_settings_type_0 import CampaignCreateSettingsType0


T = TypeVar("T", bound="CampaignCreate")


@_attrs_define
class CampaignCreate:
    """
    Attributes:
        name (str):
        ruleset (CampaignCreateRuleset):
        settings (CampaignCreateSettingsType0 | None | Unset):
    """

    name: str
    ruleset: CampaignCreateRuleset
    settings: CampaignCreateSettingsType0 | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.campaign_create_settings_type_0 import CampaignCreateSettingsType0  # noqa: PLC0415

        name = self.name

        ruleset: str = self.ruleset

        settings: dict[str, Any] | None | Unset
        if isinstance(self.settings, Unset):
            settings = UNSET
        elif isinstance(self.settings, CampaignCreateSettingsType0):
            settings = self.settings.to_dict()
        else:
            settings = self.settings

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "ruleset": ruleset,
            }
        )
        if settings is not UNSET:
            field_dict["settings"] = settings

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.campaign_create_settings_type_0 import CampaignCreateSettingsType0  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        ruleset = check_campaign_create_ruleset(d.pop("ruleset"))

        def _parse_settings(data: object) -> CampaignCreateSettingsType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                settings_type_0 = CampaignCreateSettingsType0.from_dict(data)

                return settings_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CampaignCreateSettingsType0 | None | Unset, data)

        settings = _parse_settings(d.pop("settings", UNSET))

        campaign_create = cls(
            name=name,
            ruleset=ruleset,
            settings=settings,
        )

        return campaign_create
