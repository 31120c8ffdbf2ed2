from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.delegation_create_scopes_item import DelegationCreateScopesItem, check_delegation_create_scopes_item

T = TypeVar("T", bound="DelegationCreate")


@_attrs_define
class DelegationCreate:
    """
    Attributes:
        bot_user_id (str): The bot's user id (its `GET /users/me`).
        character_ids (list[str]): Characters of the campaign the caller owns, each once.
        scopes (list[DelegationCreateScopesItem]): `roll`: roll for the characters and answer their roll requests;
            `read`: read their rolls and roll requests as the player reads them.
    """

    bot_user_id: str
    character_ids: list[str]
    scopes: list[DelegationCreateScopesItem]

    def to_dict(self) -> dict[str, Any]:
        bot_user_id = self.bot_user_id

        character_ids = self.character_ids

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bot_user_id": bot_user_id,
                "character_ids": character_ids,
                "scopes": scopes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bot_user_id = d.pop("bot_user_id")

        character_ids = cast(list[str], d.pop("character_ids"))

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = check_delegation_create_scopes_item(scopes_item_data)

            scopes.append(scopes_item)

        delegation_create = cls(
            bot_user_id=bot_user_id,
            character_ids=character_ids,
            scopes=scopes,
        )

        return delegation_create
