from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.roll_part_ruleset import RollPartRuleset, check_roll_part_ruleset
from ..models.roll_part_status import RollPartStatus, check_roll_part_status
from ..models.roll_part_visibility import RollPartVisibility, check_roll_part_visibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.roll_part_dice_item import RollPartDiceItem
    from ..models.roll_part_odds import RollPartOdds
    from ..models.roll_part_proof_item import RollPartProofItem
    from ..models.roll_part_result import RollPartResult
    from ..models.roll_part_state import RollPartState


T = TypeVar("T", bound="RollPart")


@_attrs_define
class RollPart:
    """
    Attributes:
        id (str):
        campaign_id (str):
        seq (int):
        ruleset (RollPartRuleset):
        kind (str):
        character_id (None | str):
        user_id (str):
        visibility (RollPartVisibility):
        note (None | str):
        status (RollPartStatus):
        dice (list[RollPartDiceItem]):
        result (RollPartResult):
        odds (RollPartOdds):
        state (RollPartState):
        proof (list[RollPartProofItem]):
        prev_hash (str):
        hash_ (str):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        acted_by (None | str | Unset):
    """

    id: str
    campaign_id: str
    seq: int
    ruleset: RollPartRuleset
    kind: str
    character_id: None | str
    user_id: str
    visibility: RollPartVisibility
    note: None | str
    status: RollPartStatus
    dice: list[RollPartDiceItem]
    result: RollPartResult
    odds: RollPartOdds
    state: RollPartState
    proof: list[RollPartProofItem]
    prev_hash: str
    hash_: str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    acted_by: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        campaign_id = self.campaign_id

        seq = self.seq

        ruleset: str = self.ruleset

        kind = self.kind

        character_id: None | str
        character_id = self.character_id

        user_id = self.user_id

        visibility: str = self.visibility

        note: None | str
        note = self.note

        status: str = self.status

        dice = []
        for dice_item_data in self.dice:
            dice_item = dice_item_data.to_dict()
            dice.append(dice_item)

        result = self.result.to_dict()

        odds = self.odds.to_dict()

        state = self.state.to_dict()

        proof = []
        for proof_item_data in self.proof:
            proof_item = proof_item_data.to_dict()
            proof.append(proof_item)

        prev_hash = self.prev_hash

        hash_ = self.hash_

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        acted_by: None | str | Unset
        if isinstance(self.acted_by, Unset):
            acted_by = UNSET
        else:
            acted_by = self.acted_by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "campaign_id": campaign_id,
                "seq": seq,
                "ruleset": ruleset,
                "kind": kind,
                "character_id": character_id,
                "user_id": user_id,
                "visibility": visibility,
                "note": note,
                "status": status,
                "dice": dice,
                "result": result,
                "odds": odds,
                "state": state,
                "proof": proof,
                "prev_hash": prev_hash,
                "hash": hash_,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if acted_by is not UNSET:
            field_dict["acted_by"] = acted_by

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.roll_part_dice_item import RollPartDiceItem  # noqa: PLC0415
        from ..models.roll_part_odds import RollPartOdds  # noqa: PLC0415
        from ..models.roll_part_proof_item import RollPartProofItem  # noqa: PLC0415
        from ..models.roll_part_result import RollPartResult  # noqa: PLC0415
        from ..models.roll_part_state import RollPartState  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        campaign_id = d.pop("campaign_id")

        seq = d.pop("seq")

        ruleset = check_roll_part_ruleset(d.pop("ruleset"))

        kind = d.pop("kind")

        def _parse_character_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        character_id = _parse_character_id(d.pop("character_id"))

        user_id = d.pop("user_id")

        visibility = check_roll_part_visibility(d.pop("visibility"))

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        status = check_roll_part_status(d.pop("status"))

        dice = []
        _dice = d.pop("dice")
        for dice_item_data in _dice:
            dice_item = RollPartDiceItem.from_dict(dice_item_data)

            dice.append(dice_item)

        result = RollPartResult.from_dict(d.pop("result"))

        odds = RollPartOdds.from_dict(d.pop("odds"))

        state = RollPartState.from_dict(d.pop("state"))

        proof = []
        _proof = d.pop("proof")
        for proof_item_data in _proof:
            proof_item = RollPartProofItem.from_dict(proof_item_data)

            proof.append(proof_item)

        prev_hash = d.pop("prev_hash")

        hash_ = d.pop("hash")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_acted_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        acted_by = _parse_acted_by(d.pop("acted_by", UNSET))

        roll_part = cls(
            id=id,
            campaign_id=campaign_id,
            seq=seq,
            ruleset=ruleset,
            kind=kind,
            character_id=character_id,
            user_id=user_id,
            visibility=visibility,
            note=note,
            status=status,
            dice=dice,
            result=result,
            odds=odds,
            state=state,
            proof=proof,
            prev_hash=prev_hash,
            hash_=hash_,
            created_at=created_at,
            updated_at=updated_at,
            acted_by=acted_by,
        )

        return roll_part
