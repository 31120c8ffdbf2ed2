from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delegation_read_scopes_item import DelegationReadScopesItem, check_delegation_read_scopes_item

T = TypeVar("T", bound="DelegationRead")


@_attrs_define
class DelegationRead:
    """
    Attributes:
        id (str):
        campaign_id (str):
        user_id (str): The player who delegated.
        bot_user_id (str):
        character_ids (list[str]): The characters it still covers (a deleted character leaves it), by id.
        scopes (list[DelegationReadScopesItem]):
        created_at (datetime.datetime):
        revoked_at (datetime.datetime | None): When it ended; null while it is live.
        revoked_by (None | str): Who ended it: its player, a storyteller, or its player by leaving.
    """

    id: str
    campaign_id: str
    user_id: str
    bot_user_id: str
    character_ids: list[str]
    scopes: list[DelegationReadScopesItem]
    created_at: datetime.datetime
    revoked_at: datetime.datetime | None
    revoked_by: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        campaign_id = self.campaign_id

        user_id = self.user_id

        bot_user_id = self.bot_user_id

        character_ids = self.character_ids

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)

        created_at = self.created_at.isoformat()

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        revoked_by: None | str
        revoked_by = self.revoked_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "campaign_id": campaign_id,
                "user_id": user_id,
                "bot_user_id": bot_user_id,
                "character_ids": character_ids,
                "scopes": scopes,
                "created_at": created_at,
                "revoked_at": revoked_at,
                "revoked_by": revoked_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        campaign_id = d.pop("campaign_id")

        user_id = d.pop("user_id")

        bot_user_id = d.pop("bot_user_id")

        character_ids = cast(list[str], d.pop("character_ids"))

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = check_delegation_read_scopes_item(scopes_item_data)

            scopes.append(scopes_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)

                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))

        def _parse_revoked_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        revoked_by = _parse_revoked_by(d.pop("revoked_by"))

        delegation_read = cls(
            id=id,
            campaign_id=campaign_id,
            user_id=user_id,
            bot_user_id=bot_user_id,
            character_ids=character_ids,
            scopes=scopes,
            created_at=created_at,
            revoked_at=revoked_at,
            revoked_by=revoked_by,
        )

        delegation_read.additional_properties = d
        return delegation_read

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
