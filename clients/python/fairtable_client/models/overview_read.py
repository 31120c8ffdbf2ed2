from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.campaign_read import CampaignRead
    from ..models.character_read import CharacterRead
    from ..models.member_read import MemberRead
    from ..models.roll_read import RollRead
    from ..models.roll_request_read import RollRequestRead


T = TypeVar("T", bound="OverviewRead")


@_attrs_define
class OverviewRead:
    """
    Attributes:
        campaign (CampaignRead):
        members (list[MemberRead]): As `GET /campaigns/{cid}/members` answers.
        characters (list[CharacterRead]): Every character, newest first, as `GET /characters/{id}` answers each.
        pending_rolls (list[RollRead]): The pending rolls the caller may see, newest first, as the log has them.
        open_requests (list[RollRequestRead]): The open roll requests the caller may read, newest first.
        last_seq (int): The campaign's latest event seq, read before the rest: open the websocket (or poll the events)
            with `after=last_seq` and nothing is missed.
    """

    campaign: CampaignRead
    members: list[MemberRead]
    characters: list[CharacterRead]
    pending_rolls: list[RollRead]
    open_requests: list[RollRequestRead]
    last_seq: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign = self.campaign.to_dict()

        members = []
        for members_item_data in self.members:
            members_item = members_item_data.to_dict()
            members.append(members_item)

        characters = []
        for characters_item_data in self.characters:
            characters_item = characters_item_data.to_dict()
            characters.append(characters_item)

        pending_rolls = []
        for pending_rolls_item_data in self.pending_rolls:
            pending_rolls_item = pending_rolls_item_data.to_dict()
            pending_rolls.append(pending_rolls_item)

        open_requests = []
        for open_requests_item_data in self.open_requests:
            open_requests_item = open_requests_item_data.to_dict()
            open_requests.append(open_requests_item)

        last_seq = self.last_seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign": campaign,
                "members": members,
                "characters": characters,
                "pending_rolls": pending_rolls,
                "open_requests": open_requests,
                "last_seq": last_seq,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.campaign_read import CampaignRead  # noqa: PLC0415
        from ..models.character_read import CharacterRead  # noqa: PLC0415
        from ..models.member_read import MemberRead  # noqa: PLC0415
        from ..models.roll_read import RollRead  # noqa: PLC0415
        from ..models.roll_request_read import RollRequestRead  # noqa: PLC0415

        d = dict(src_dict)
        campaign = CampaignRead.from_dict(d.pop("campaign"))

        members = []
        _members = d.pop("members")
        for members_item_data in _members:
            members_item = MemberRead.from_dict(members_item_data)

            members.append(members_item)

        characters = []
        _characters = d.pop("characters")
        for characters_item_data in _characters:
            characters_item = CharacterRead.from_dict(characters_item_data)

            characters.append(characters_item)

        pending_rolls = []
        _pending_rolls = d.pop("pending_rolls")
        for pending_rolls_item_data in _pending_rolls:
            pending_rolls_item = RollRead.from_dict(pending_rolls_item_data)

            pending_rolls.append(pending_rolls_item)

        open_requests = []
        _open_requests = d.pop("open_requests")
        for open_requests_item_data in _open_requests:
            open_requests_item = RollRequestRead.from_dict(open_requests_item_data)

            open_requests.append(open_requests_item)

        last_seq = d.pop("last_seq")

        overview_read = cls(
            campaign=campaign,
            members=members,
            characters=characters,
            pending_rolls=pending_rolls,
            open_requests=open_requests,
            last_seq=last_seq,
        )

        overview_read.additional_properties = d
        return overview_read

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
