from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.roll_read_kind import RollReadKind, check_roll_read_kind
from ..models.roll_read_status import RollReadStatus, check_roll_read_status
from ..models.roll_read_visibility import RollReadVisibility, check_roll_read_visibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.d20_odds import D20Odds
    from ..models.d20_save_result import D20SaveResult
    from ..models.d20_test_result import D20TestResult
    from ..models.damage_result import DamageResult
    from ..models.die_read import DieRead
    from ..models.formula_odds import FormulaOdds
    from ..models.formula_result import FormulaResult
    from ..models.matrix_odds import MatrixOdds
    from ..models.matrix_test_result import MatrixTestResult
    from ..models.roll_3d6_odds import Roll3D6Odds
    from ..models.roll_3d6_test_result import Roll3D6TestResult
    from ..models.roll_read_effects_item import RollReadEffectsItem
    from ..models.roll_read_proof_item import RollReadProofItem
    from ..models.withheld import Withheld


T = TypeVar("T", bound="RollRead")


@_attrs_define
class RollRead:
    """A roll as the API answers it. ``redacted`` rolls (blind, seen by their roller) carry
    no dice, result or odds.

        Attributes:
            id (str):
            campaign_id (str):
            seq (int):
            ruleset (str):
            kind (RollReadKind):
            character_id (None | str):
            user_id (str):
            visibility (RollReadVisibility):
            note (None | str):
            status (RollReadStatus): `hidden` for every redacted roll, whatever its real status.
            dice (list[DieRead]):
            result (D20SaveResult | D20TestResult | DamageResult | FormulaResult | MatrixTestResult | Roll3D6TestResult |
                Withheld): Its shape follows the roll's `ruleset` and `kind`: 3d6 test, matrix test, d20 save, d20 test, formula
                (any ruleset), matrix damage; empty when `redacted`. An answer to a roll request adds `request_id`.
            odds (D20Odds | FormulaOdds | MatrixOdds | Roll3D6Odds | Withheld): The exact chances before the dice fell;
                their shape follows the roll's `ruleset` and `kind` (a formula's are those of `GET /odds/formula`); empty when
                `redacted` and for damage.
            created_at (datetime.datetime):
            updated_at (datetime.datetime):
            acted_by (None | str | Unset): The bot that made the roll for `user_id`, the character's player, through the
                player's delegation; null when the roller made it themself.
            proof (list[RollReadProofItem] | Unset): The draws that rolled the dice, from the campaign's committed seed.
            effects (list[RollReadEffectsItem] | Unset): What the outcome does to its character's sheet (a failed save's
                condition, a faith roll ending panic). A hidden roll holds them until revealed.
            hash_ (None | str | Unset): This roll's link of the hash chain.
            redacted (bool | Unset):  Default: False.
    """

    id: str
    campaign_id: str
    seq: int
    ruleset: str
    kind: RollReadKind
    character_id: None | str
    user_id: str
    visibility: RollReadVisibility
    note: None | str
    status: RollReadStatus
    dice: list[DieRead]
    result: (
        D20SaveResult | D20TestResult | DamageResult | FormulaResult | MatrixTestResult | Roll3D6TestResult | Withheld
    )
    odds: D20Odds | FormulaOdds | MatrixOdds | Roll3D6Odds | Withheld
    created_at: datetime.datetime
    updated_at: datetime.datetime
    acted_by: None | str | Unset = UNSET
    proof: list[RollReadProofItem] | Unset = UNSET
    effects: list[RollReadEffectsItem] | Unset = UNSET
    hash_: None | str | Unset = UNSET
    redacted: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.d20_odds import D20Odds  # noqa: PLC0415
        from ..models.d20_save_result import D20SaveResult  # noqa: PLC0415
        from ..models.d20_test_result import D20TestResult  # noqa: PLC0415
        from ..models.damage_result import DamageResult  # noqa: PLC0415
        from ..models.formula_odds import FormulaOdds  # noqa: PLC0415
        from ..models.formula_result import FormulaResult  # noqa: PLC0415
        from ..models.matrix_odds import MatrixOdds  # noqa: PLC0415
        from ..models.matrix_test_result import MatrixTestResult  # noqa: PLC0415
        from ..models.roll_3d6_odds import Roll3D6Odds  # noqa: PLC0415
        from ..models.roll_3d6_test_result import Roll3D6TestResult  # noqa: PLC0415

        id = self.id

        campaign_id = self.campaign_id

        seq = self.seq

        ruleset = self.ruleset

        kind: str = self.kind

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

        result: dict[str, Any]
        if isinstance(self.result, Roll3D6TestResult):
            result = self.result.to_dict()
        elif isinstance(self.result, MatrixTestResult):
            result = self.result.to_dict()
        elif isinstance(self.result, D20SaveResult):
            result = self.result.to_dict()
        elif isinstance(self.result, D20TestResult):
            result = self.result.to_dict()
        elif isinstance(self.result, FormulaResult):
            result = self.result.to_dict()
        elif isinstance(self.result, DamageResult):
            result = self.result.to_dict()
        else:
            result = self.result.to_dict()

        odds: dict[str, Any]
        if isinstance(self.odds, Roll3D6Odds):
            odds = self.odds.to_dict()
        elif isinstance(self.odds, MatrixOdds):
            odds = self.odds.to_dict()
        elif isinstance(self.odds, D20Odds):
            odds = self.odds.to_dict()
        elif isinstance(self.odds, FormulaOdds):
            odds = self.odds.to_dict()
        else:
            odds = self.odds.to_dict()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        acted_by: None | str | Unset
        if isinstance(self.acted_by, Unset):
            acted_by = UNSET
        else:
            acted_by = self.acted_by

        proof: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.proof, Unset):
            proof = []
            for proof_item_data in self.proof:
                proof_item = proof_item_data.to_dict()
                proof.append(proof_item)

        effects: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.effects, Unset):
            effects = []
            for effects_item_data in self.effects:
                effects_item = effects_item_data.to_dict()
                effects.append(effects_item)

        hash_: None | str | Unset
        if isinstance(self.hash_, Unset):
            hash_ = UNSET
        else:
            hash_ = self.hash_

        redacted = self.redacted

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if acted_by is not UNSET:
            field_dict["acted_by"] = acted_by
        if proof is not UNSET:
            field_dict["proof"] = proof
        if effects is not UNSET:
            field_dict["effects"] = effects
        if hash_ is not UNSET:
            field_dict["hash"] = hash_
        if redacted is not UNSET:
            field_dict["redacted"] = redacted

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.d20_odds import D20Odds  # noqa: PLC0415
        from ..models.d20_save_result import D20SaveResult  # noqa: PLC0415
        from ..models.d20_test_result import D20TestResult  # noqa: PLC0415
        from ..models.damage_result import DamageResult  # noqa: PLC0415
        from ..models.die_read import DieRead  # noqa: PLC0415
        from ..models.formula_odds import FormulaOdds  # noqa: PLC0415
        from ..models.formula_result import FormulaResult  # noqa: PLC0415
        from ..models.matrix_odds import MatrixOdds  # noqa: PLC0415
        from ..models.matrix_test_result import MatrixTestResult  # noqa: PLC0415
        from ..models.roll_3d6_odds import Roll3D6Odds  # noqa: PLC0415
        from ..models.roll_3d6_test_result import Roll3D6TestResult  # noqa: PLC0415
        from ..models.roll_read_effects_item import RollReadEffectsItem  # noqa: PLC0415
        from ..models.roll_read_proof_item import RollReadProofItem  # noqa: PLC0415
        from ..models.withheld import Withheld  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        campaign_id = d.pop("campaign_id")

        seq = d.pop("seq")

        ruleset = d.pop("ruleset")

        kind = check_roll_read_kind(d.pop("kind"))

        def _parse_character_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        character_id = _parse_character_id(d.pop("character_id"))

        user_id = d.pop("user_id")

        visibility = check_roll_read_visibility(d.pop("visibility"))

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        status = check_roll_read_status(d.pop("status"))

        dice = []
        _dice = d.pop("dice")
        for dice_item_data in _dice:
            dice_item = DieRead.from_dict(dice_item_data)

            dice.append(dice_item)

        def _parse_result(
            data: object,
        ) -> (
            D20SaveResult
            | D20TestResult
            | DamageResult
            | FormulaResult
            | MatrixTestResult
            | Roll3D6TestResult
            | Withheld
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = Roll3D6TestResult.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_1 = MatrixTestResult.from_dict(data)

                return result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_2 = D20SaveResult.from_dict(data)

                return result_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_3 = D20TestResult.from_dict(data)

                return result_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_4 = FormulaResult.from_dict(data)

                return result_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_5 = DamageResult.from_dict(data)

                return result_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            result_type_6 = Withheld.from_dict(data)

            return result_type_6

        result = _parse_result(d.pop("result"))

        def _parse_odds(data: object) -> D20Odds | FormulaOdds | MatrixOdds | Roll3D6Odds | Withheld:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                odds_type_0 = Roll3D6Odds.from_dict(data)

                return odds_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                odds_type_1 = MatrixOdds.from_dict(data)

                return odds_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                odds_type_2 = D20Odds.from_dict(data)

                return odds_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                odds_type_3 = FormulaOdds.from_dict(data)

                return odds_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            odds_type_4 = Withheld.from_dict(data)

            return odds_type_4

        odds = _parse_odds(d.pop("odds"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_acted_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        acted_by = _parse_acted_by(d.pop("acted_by", UNSET))

        _proof = d.pop("proof", UNSET)
        proof: list[RollReadProofItem] | Unset = UNSET
        if _proof is not UNSET:
            proof = []
            for proof_item_data in _proof:
                proof_item = RollReadProofItem.from_dict(proof_item_data)

                proof.append(proof_item)

        _effects = d.pop("effects", UNSET)
        effects: list[RollReadEffectsItem] | Unset = UNSET
        if _effects is not UNSET:
            effects = []
            for effects_item_data in _effects:
                effects_item = RollReadEffectsItem.from_dict(effects_item_data)

                effects.append(effects_item)

        def _parse_hash_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        hash_ = _parse_hash_(d.pop("hash", UNSET))

        redacted = d.pop("redacted", UNSET)

        roll_read = cls(
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
            created_at=created_at,
            updated_at=updated_at,
            acted_by=acted_by,
            proof=proof,
            effects=effects,
            hash_=hash_,
            redacted=redacted,
        )

        roll_read.additional_properties = d
        return roll_read

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
