from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.seed_part import SeedPart


T = TypeVar("T", bound="FairnessPart")


@_attrs_define
class FairnessPart:
    """The GET /campaigns/{cid}/fairness answer, as the export embeds it.

    Attributes:
        campaign_id (str):
        seed_number (int):
        commitment (str):
        client_seed (str):
        next_nonce (int):
        last_seq (int):
        chain_head (str):
        seeds (list[SeedPart]):
    """

    campaign_id: str
    seed_number: int
    commitment: str
    client_seed: str
    next_nonce: int
    last_seq: int
    chain_head: str
    seeds: list[SeedPart]

    def to_dict(self) -> dict[str, Any]:
        campaign_id = self.campaign_id

        seed_number = self.seed_number

        commitment = self.commitment

        client_seed = self.client_seed

        next_nonce = self.next_nonce

        last_seq = self.last_seq

        chain_head = self.chain_head

        seeds = []
        for seeds_item_data in self.seeds:
            seeds_item = seeds_item_data.to_dict()
            seeds.append(seeds_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "campaign_id": campaign_id,
                "seed_number": seed_number,
                "commitment": commitment,
                "client_seed": client_seed,
                "next_nonce": next_nonce,
                "last_seq": last_seq,
                "chain_head": chain_head,
                "seeds": seeds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seed_part import SeedPart  # noqa: PLC0415

        d = dict(src_dict)
        campaign_id = d.pop("campaign_id")

        seed_number = d.pop("seed_number")

        commitment = d.pop("commitment")

        client_seed = d.pop("client_seed")

        next_nonce = d.pop("next_nonce")

        last_seq = d.pop("last_seq")

        chain_head = d.pop("chain_head")

        seeds = []
        _seeds = d.pop("seeds")
        for seeds_item_data in _seeds:
            seeds_item = SeedPart.from_dict(seeds_item_data)

            seeds.append(seeds_item)

        fairness_part = cls(
            campaign_id=campaign_id,
            seed_number=seed_number,
            commitment=commitment,
            client_seed=client_seed,
            next_nonce=next_nonce,
            last_seq=last_seq,
            chain_head=chain_head,
            seeds=seeds,
        )

        return fairness_part
