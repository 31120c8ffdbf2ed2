from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.roll_request_read_kind import RollRequestReadKind, check_roll_request_read_kind
from ..models.roll_request_read_status import RollRequestReadStatus, check_roll_request_read_status
from ..models.roll_request_read_visibility import RollRequestReadVisibility, check_roll_request_read_visibility

if TYPE_CHECKING:
    from ..models.target_read import TargetRead


T = TypeVar("T", bound="RollRequestRead")


@_attrs_define
class RollRequestRead:
    """A roll request as a member who may read it sees it.

    Attributes:
        id (str):
        campaign_id (str):
        seq (int):
        ruleset (str):
        kind (RollRequestReadKind):
        trait (str):
        difficulty (int | None | str):
        advantage (bool | None):
        disadvantage (bool | None):
        condition (None | str):
        visibility (RollRequestReadVisibility):
        note (None | str):
        status (RollRequestReadStatus): `open` while a character may answer; `answered` once every one has; `expired`
            past `expires_at`, `cancelled` after a cancel (with some unanswered).
        expires_at (datetime.datetime | None):
        targets (list[TargetRead]):
        created_by (str):
        cancelled_by (None | str):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        hash_ (str): The request's latest link of the hash chain.
    """

    id: str
    campaign_id: str
    seq: int
    ruleset: str
    kind: RollRequestReadKind
    trait: str
    difficulty: int | None | str
    advantage: bool | None
    disadvantage: bool | None
    condition: None | str
    visibility: RollRequestReadVisibility
    note: None | str
    status: RollRequestReadStatus
    expires_at: datetime.datetime | None
    targets: list[TargetRead]
    created_by: str
    cancelled_by: None | str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    hash_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        campaign_id = self.campaign_id

        seq = self.seq

        ruleset = self.ruleset

        kind: str = self.kind

        trait = self.trait

        difficulty: int | None | str
        difficulty = self.difficulty

        advantage: bool | None
        advantage = self.advantage

        disadvantage: bool | None
        disadvantage = self.disadvantage

        condition: None | str
        condition = self.condition

        visibility: str = self.visibility

        note: None | str
        note = self.note

        status: str = self.status

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        targets = []
        for targets_item_data in self.targets:
            targets_item = targets_item_data.to_dict()
            targets.append(targets_item)

        created_by = self.created_by

        cancelled_by: None | str
        cancelled_by = self.cancelled_by

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        hash_ = self.hash_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "campaign_id": campaign_id,
                "seq": seq,
                "ruleset": ruleset,
                "kind": kind,
                "trait": trait,
                "difficulty": difficulty,
                "advantage": advantage,
                "disadvantage": disadvantage,
                "condition": condition,
                "visibility": visibility,
                "note": note,
                "status": status,
                "expires_at": expires_at,
                "targets": targets,
                "created_by": created_by,
                "cancelled_by": cancelled_by,
                "created_at": created_at,
                "updated_at": updated_at,
                "hash": hash_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.target_read import TargetRead  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        campaign_id = d.pop("campaign_id")

        seq = d.pop("seq")

        ruleset = d.pop("ruleset")

        kind = check_roll_request_read_kind(d.pop("kind"))

        trait = d.pop("trait")

        def _parse_difficulty(data: object) -> int | None | str:
            if data is None:
                return data
            return cast(int | None | str, data)

        difficulty = _parse_difficulty(d.pop("difficulty"))

        def _parse_advantage(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        advantage = _parse_advantage(d.pop("advantage"))

        def _parse_disadvantage(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        disadvantage = _parse_disadvantage(d.pop("disadvantage"))

        def _parse_condition(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        condition = _parse_condition(d.pop("condition"))

        visibility = check_roll_request_read_visibility(d.pop("visibility"))

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        status = check_roll_request_read_status(d.pop("status"))

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        targets = []
        _targets = d.pop("targets")
        for targets_item_data in _targets:
            targets_item = TargetRead.from_dict(targets_item_data)

            targets.append(targets_item)

        created_by = d.pop("created_by")

        def _parse_cancelled_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cancelled_by = _parse_cancelled_by(d.pop("cancelled_by"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        hash_ = d.pop("hash")

        roll_request_read = cls(
            id=id,
            campaign_id=campaign_id,
            seq=seq,
            ruleset=ruleset,
            kind=kind,
            trait=trait,
            difficulty=difficulty,
            advantage=advantage,
            disadvantage=disadvantage,
            condition=condition,
            visibility=visibility,
            note=note,
            status=status,
            expires_at=expires_at,
            targets=targets,
            created_by=created_by,
            cancelled_by=cancelled_by,
            created_at=created_at,
            updated_at=updated_at,
            hash_=hash_,
        )

        roll_request_read.additional_properties = d
        return roll_request_read

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
