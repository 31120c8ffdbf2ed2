from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.campaign_export_audit_item import CampaignExportAuditItem
    from ..models.campaign_part import CampaignPart
    from ..models.character_part import CharacterPart
    from ..models.contest_part import ContestPart
    from ..models.event_part import EventPart
    from ..models.fairness_part import FairnessPart
    from ..models.grant_part import GrantPart
    from ..models.group_roll_part import GroupRollPart
    from ..models.member_part import MemberPart
    from ..models.roll_part import RollPart
    from ..models.task_part import TaskPart


T = TypeVar("T", bound="CampaignExport")


@_attrs_define
class CampaignExport:
    """``GET /campaigns/{cid}/export``; ``POST /campaigns/import`` takes it back.

    ``fairness`` and ``audit`` are exactly what GET /fairness and GET /audit answer the
    exporting storyteller, so ``fairtable verify`` checks an export as it is. ``audit`` is
    derived from ``events`` and is not read back: the import rebuilds it from ``events``.

        Attributes:
            format_ (Literal['fairtable-campaign']):
            version (Literal[2]):
            exported_at (datetime.datetime):
            campaign (CampaignPart):
            members (list[MemberPart]):
            characters (list[CharacterPart]):
            rolls (list[RollPart]):
            events (list[EventPart]):
            fairness (FairnessPart): The GET /campaigns/{cid}/fairness answer, as the export embeds it.
            audit (list[CampaignExportAuditItem]):
            contests (list[ContestPart] | Unset):
            group_rolls (list[GroupRollPart] | Unset):
            tasks (list[TaskPart] | Unset):
            grants (list[GrantPart] | Unset):
    """

    format_: Literal["fairtable-campaign"]
    version: Literal[2]
    exported_at: datetime.datetime
    campaign: CampaignPart
    members: list[MemberPart]
    characters: list[CharacterPart]
    rolls: list[RollPart]
    events: list[EventPart]
    fairness: FairnessPart
    audit: list[CampaignExportAuditItem]
    contests: list[ContestPart] | Unset = UNSET
    group_rolls: list[GroupRollPart] | Unset = UNSET
    tasks: list[TaskPart] | Unset = UNSET
    grants: list[GrantPart] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_

        version = self.version

        exported_at = self.exported_at.isoformat()

        campaign = self.campaign.to_dict()

        members = []
        for members_item_data in self.members:
            members_item = members_item_data.to_dict()
            members.append(members_item)

        characters = []
        for characters_item_data in self.characters:
            characters_item = characters_item_data.to_dict()
            characters.append(characters_item)

        rolls = []
        for rolls_item_data in self.rolls:
            rolls_item = rolls_item_data.to_dict()
            rolls.append(rolls_item)

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        fairness = self.fairness.to_dict()

        audit = []
        for audit_item_data in self.audit:
            audit_item = audit_item_data.to_dict()
            audit.append(audit_item)

        contests: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.contests, Unset):
            contests = []
            for contests_item_data in self.contests:
                contests_item = contests_item_data.to_dict()
                contests.append(contests_item)

        group_rolls: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.group_rolls, Unset):
            group_rolls = []
            for group_rolls_item_data in self.group_rolls:
                group_rolls_item = group_rolls_item_data.to_dict()
                group_rolls.append(group_rolls_item)

        tasks: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tasks, Unset):
            tasks = []
            for tasks_item_data in self.tasks:
                tasks_item = tasks_item_data.to_dict()
                tasks.append(tasks_item)

        grants: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.grants, Unset):
            grants = []
            for grants_item_data in self.grants:
                grants_item = grants_item_data.to_dict()
                grants.append(grants_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "version": version,
                "exported_at": exported_at,
                "campaign": campaign,
                "members": members,
                "characters": characters,
                "rolls": rolls,
                "events": events,
                "fairness": fairness,
                "audit": audit,
            }
        )
        if contests is not UNSET:
            field_dict["contests"] = contests
        if group_rolls is not UNSET:
            field_dict["group_rolls"] = group_rolls
        if tasks is not UNSET:
            field_dict["tasks"] = tasks
        if grants is not UNSET:
            field_dict["grants"] = grants

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.campaign_export_audit_item import CampaignExportAuditItem  # noqa: PLC0415
        from ..models.campaign_part import CampaignPart  # noqa: PLC0415
        from ..models.character_part import CharacterPart  # noqa: PLC0415
        from ..models.contest_part import ContestPart  # noqa: PLC0415
        from ..models.event_part import EventPart  # noqa: PLC0415
        from ..models.fairness_part import FairnessPart  # noqa: PLC0415
        from ..models.grant_part import GrantPart  # noqa: PLC0415
        from ..models.group_roll_part import GroupRollPart  # noqa: PLC0415
        from ..models.member_part import MemberPart  # noqa: PLC0415
        from ..models.roll_part import RollPart  # noqa: PLC0415
        from ..models.task_part import TaskPart  # noqa: PLC0415

        d = dict(src_dict)
        format_ = cast(Literal["fairtable-campaign"], d.pop("format"))
        if format_ != "fairtable-campaign":
            raise ValueError(f"format must match const 'fairtable-campaign', got '{format_}'")

        version = cast(Literal[2], d.pop("version"))
        if version != 2:
            raise ValueError(f"version must match const 2, got '{version}'")

        exported_at = datetime.datetime.fromisoformat(d.pop("exported_at"))

        campaign = CampaignPart.from_dict(d.pop("campaign"))

        members = []
        _members = d.pop("members")
        for members_item_data in _members:
            members_item = MemberPart.from_dict(members_item_data)

            members.append(members_item)

        characters = []
        _characters = d.pop("characters")
        for characters_item_data in _characters:
            characters_item = CharacterPart.from_dict(characters_item_data)

            characters.append(characters_item)

        rolls = []
        _rolls = d.pop("rolls")
        for rolls_item_data in _rolls:
            rolls_item = RollPart.from_dict(rolls_item_data)

            rolls.append(rolls_item)

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = EventPart.from_dict(events_item_data)

            events.append(events_item)

        fairness = FairnessPart.from_dict(d.pop("fairness"))

        audit = []
        _audit = d.pop("audit")
        for audit_item_data in _audit:
            audit_item = CampaignExportAuditItem.from_dict(audit_item_data)

            audit.append(audit_item)

        _contests = d.pop("contests", UNSET)
        contests: list[ContestPart] | Unset = UNSET
        if _contests is not UNSET:
            contests = []
            for contests_item_data in _contests:
                contests_item = ContestPart.from_dict(contests_item_data)

                contests.append(contests_item)

        _group_rolls = d.pop("group_rolls", UNSET)
        group_rolls: list[GroupRollPart] | Unset = UNSET
        if _group_rolls is not UNSET:
            group_rolls = []
            for group_rolls_item_data in _group_rolls:
                group_rolls_item = GroupRollPart.from_dict(group_rolls_item_data)

                group_rolls.append(group_rolls_item)

        _tasks = d.pop("tasks", UNSET)
        tasks: list[TaskPart] | Unset = UNSET
        if _tasks is not UNSET:
            tasks = []
            for tasks_item_data in _tasks:
                tasks_item = TaskPart.from_dict(tasks_item_data)

                tasks.append(tasks_item)

        _grants = d.pop("grants", UNSET)
        grants: list[GrantPart] | Unset = UNSET
        if _grants is not UNSET:
            grants = []
            for grants_item_data in _grants:
                grants_item = GrantPart.from_dict(grants_item_data)

                grants.append(grants_item)

        campaign_export = cls(
            format_=format_,
            version=version,
            exported_at=exported_at,
            campaign=campaign,
            members=members,
            characters=characters,
            rolls=rolls,
            events=events,
            fairness=fairness,
            audit=audit,
            contests=contests,
            group_rolls=group_rolls,
            tasks=tasks,
            grants=grants,
        )

        return campaign_export
