from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.contest_read_status import ContestReadStatus, check_contest_read_status
from ..models.contest_read_winner_type_0 import ContestReadWinnerType0, check_contest_read_winner_type_0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.contest_round_read import ContestRoundRead
    from ..models.contest_side import ContestSide
    from ..models.pending_round_read import PendingRoundRead


T = TypeVar("T", bound="ContestRead")


@_attrs_define
class ContestRead:
    """
    Attributes:
        id (str):
        campaign_id (str):
        status (ContestReadStatus):
        winner (ContestReadWinnerType0 | None):
        winner_character_id (None | str):
        rounds_to_win (int):
        wins_a (int):
        wins_b (int):
        a (ContestSide): One side of a contest: who rolls, which quality, with advantage or disadvantage.
        b (ContestSide): One side of a contest: who rolls, which quality, with advantage or disadvantage.
        rounds (list[ContestRoundRead]):
        created_by (str):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        pending_round (None | PendingRoundRead | Unset):
    """

    id: str
    campaign_id: str
    status: ContestReadStatus
    winner: ContestReadWinnerType0 | None
    winner_character_id: None | str
    rounds_to_win: int
    wins_a: int
    wins_b: int
    a: ContestSide
    b: ContestSide
    rounds: list[ContestRoundRead]
    created_by: str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    pending_round: None | PendingRoundRead | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.pending_round_read import PendingRoundRead  # noqa: PLC0415

        id = self.id

        campaign_id = self.campaign_id

        status: str = self.status

        winner: None | str
        if isinstance(self.winner, str):
            winner = self.winner
        else:
            winner = self.winner

        winner_character_id: None | str
        winner_character_id = self.winner_character_id

        rounds_to_win = self.rounds_to_win

        wins_a = self.wins_a

        wins_b = self.wins_b

        a = self.a.to_dict()

        b = self.b.to_dict()

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        created_by = self.created_by

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        pending_round: dict[str, Any] | None | Unset
        if isinstance(self.pending_round, Unset):
            pending_round = UNSET
        elif isinstance(self.pending_round, PendingRoundRead):
            pending_round = self.pending_round.to_dict()
        else:
            pending_round = self.pending_round

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "campaign_id": campaign_id,
                "status": status,
                "winner": winner,
                "winner_character_id": winner_character_id,
                "rounds_to_win": rounds_to_win,
                "wins_a": wins_a,
                "wins_b": wins_b,
                "a": a,
                "b": b,
                "rounds": rounds,
                "created_by": created_by,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if pending_round is not UNSET:
            field_dict["pending_round"] = pending_round

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contest_round_read import ContestRoundRead  # noqa: PLC0415
        from ..models.contest_side import ContestSide  # noqa: PLC0415
        from ..models.pending_round_read import PendingRoundRead  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        campaign_id = d.pop("campaign_id")

        status = check_contest_read_status(d.pop("status"))

        def _parse_winner(data: object) -> ContestReadWinnerType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                winner_type_0 = check_contest_read_winner_type_0(data)

                return winner_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContestReadWinnerType0 | None, data)

        winner = _parse_winner(d.pop("winner"))

        def _parse_winner_character_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        winner_character_id = _parse_winner_character_id(d.pop("winner_character_id"))

        rounds_to_win = d.pop("rounds_to_win")

        wins_a = d.pop("wins_a")

        wins_b = d.pop("wins_b")

        a = ContestSide.from_dict(d.pop("a"))

        b = ContestSide.from_dict(d.pop("b"))

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = ContestRoundRead.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        created_by = d.pop("created_by")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_pending_round(data: object) -> None | PendingRoundRead | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pending_round_type_0 = PendingRoundRead.from_dict(data)

                return pending_round_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PendingRoundRead | Unset, data)

        pending_round = _parse_pending_round(d.pop("pending_round", UNSET))

        contest_read = cls(
            id=id,
            campaign_id=campaign_id,
            status=status,
            winner=winner,
            winner_character_id=winner_character_id,
            rounds_to_win=rounds_to_win,
            wins_a=wins_a,
            wins_b=wins_b,
            a=a,
            b=b,
            rounds=rounds,
            created_by=created_by,
            created_at=created_at,
            updated_at=updated_at,
            pending_round=pending_round,
        )

        contest_read.additional_properties = d
        return contest_read

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
