from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.grant_part_status import GrantPartStatus, check_grant_part_status

T = TypeVar("T", bound="GrantPart")


@_attrs_define
class GrantPart:
    """A storyteller's grant made before a roll (``app.grants``), as stored: ``open``, or
    ``used`` by the roll ``roll_id`` at ``used_at``. ``app.exchange.checks.grant_problem``
    checks it against the file.

        Attributes:
            id (str):
            campaign_id (str):
            character_id (str):
            name (None | str):
            status (GrantPartStatus):
            granted_by (str):
            roll_id (None | str):
            created_at (datetime.datetime):
            used_at (datetime.datetime | None):
    """

    id: str
    campaign_id: str
    character_id: str
    name: None | str
    status: GrantPartStatus
    granted_by: str
    roll_id: None | str
    created_at: datetime.datetime
    used_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        campaign_id = self.campaign_id

        character_id = self.character_id

        name: None | str
        name = self.name

        status: str = self.status

        granted_by = self.granted_by

        roll_id: None | str
        roll_id = self.roll_id

        created_at = self.created_at.isoformat()

        used_at: None | str
        if isinstance(self.used_at, datetime.datetime):
            used_at = self.used_at.isoformat()
        else:
            used_at = self.used_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "campaign_id": campaign_id,
                "character_id": character_id,
                "name": name,
                "status": status,
                "granted_by": granted_by,
                "roll_id": roll_id,
                "created_at": created_at,
                "used_at": used_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        campaign_id = d.pop("campaign_id")

        character_id = d.pop("character_id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        status = check_grant_part_status(d.pop("status"))

        granted_by = d.pop("granted_by")

        def _parse_roll_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        roll_id = _parse_roll_id(d.pop("roll_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                used_at_type_0 = datetime.datetime.fromisoformat(data)

                return used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        used_at = _parse_used_at(d.pop("used_at"))

        grant_part = cls(
            id=id,
            campaign_id=campaign_id,
            character_id=character_id,
            name=name,
            status=status,
            granted_by=granted_by,
            roll_id=roll_id,
            created_at=created_at,
            used_at=used_at,
        )

        return grant_part
