"""Request and answer bodies of fairness: committed seeds and the audit chain."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

_EXAMPLE_SEED: dict[str, Any] = {
    "number": 1,
    "commitment": "5b0f2c3a6f0d1b1e3cd3c6a0c2b7a4e2f7e5b8d1a9c4e6f8b0d2a4c6e8f0a2c4",
    "server_seed": "9a1f6c0e2b4d8f1a3c5e7092b4d6f8a1c3e5079b2d4f6a8c1e3057a9b2d4f6e8",
    "client_seed": "01jd0000000000000000000000",
    "first_nonce": 0,
    "end_nonce": 42,
    "revealed_at": "2025-01-01T20:00:00Z",
    "links_from": 1,
}
_CAMPAIGN_ID = "01jd8m7c4d5e6f7g8h9j0k1m2n"
_CURRENT_SEED: dict[str, Any] = {
    "number": 2,
    "commitment": "e701a2e76e71898ac07e3fd06346ad51b63b110a233fa0d20a21a11375b590d4",
    "server_seed": None,
    "client_seed": "my lucky socks",
    "first_nonce": 42,
    "end_nonce": None,
    "revealed_at": None,
    "links_from": 13,
}
# Answers as the OpenAPI document (/docs) shows them.
FAIRNESS_EXAMPLE: dict[str, Any] = {
    "campaign_id": _CAMPAIGN_ID,
    "seed_number": 2,
    "commitment": _CURRENT_SEED["commitment"],
    "client_seed": "my lucky socks",
    "next_nonce": 45,
    "last_seq": 14,
    "chain_head": "a4b6c8d0e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b2c4d6e8f0a2b4c6d8e0f2a4b6",
    "seeds": [_EXAMPLE_SEED, _CURRENT_SEED],
}
AUDIT_EXAMPLE: dict[str, Any] = {
    "campaign_id": _CAMPAIGN_ID,
    "fairness": FAIRNESS_EXAMPLE,
    "audit": [
        {
            "seq": 13,
            "roll_id": "01jd8mb1c2d3e4f5g6h7j8k9m0",
            "version": 2,
            "salt_seed": 2,
            "salt": "5d2a1c0b9e8f7a6d5c4b3a29180f7e6d5c4b3a2918f0e7d6c5b4a39281706f5e",
            "prev_hash": "3f1c0e2d4b6a8f9e1d3c5b7a9f0e2d4c6b8a0f1e3d5c7b9a1f2e4d6c8b0a2f4e",
            "hash": "c8192d61ffd6c762c1823c1ec205aa051de92cd4dcdc899abb74d47694909be2",
            "record": {
                "id": "01jd8mb1c2d3e4f5g6h7j8k9m0",
                "campaign_id": _CAMPAIGN_ID,
                "seq": 13,
                "link_seq": 13,
                "ruleset": "d20",
                "kind": "formula",
                "character_id": None,
                "user_id": "01jd8m8e1f2g3h4j5k6m7n8p9q",
                "visibility": "public",
                "note": None,
                "status": "final",
                "dice": [{"sides": 20, "value": 17, "history": []}],
                "result": {"formula": "1d20", "total": 17},
                "proof": [
                    {
                        "nonce": 44,
                        "seed": 2,
                        "commitment": _CURRENT_SEED["commitment"],
                        "client_seed": "my lucky socks",
                        "rolls": [{"sides": 20, "faces": [17]}],
                    }
                ],
                "created_at": "2025-01-01T20:15:00Z",
                "updated_at": "2025-01-01T20:15:00Z",
            },
        },
        {
            "seq": 14,
            "roll_id": "01jd8mc2d3e4f5g6h7j8k9m0n1",
            "version": 2,
            "salt_seed": 2,
            "salt": None,
            "prev_hash": "c8192d61ffd6c762c1823c1ec205aa051de92cd4dcdc899abb74d47694909be2",
            "hash": "a4b6c8d0e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b2c4d6e8f0a2b4c6d8e0f2a4b6",
            "record": None,
        },
    ],
    "next_after": None,
}


class ClientSeedBody(BaseModel):
    """A new client seed: 1..64 printable ASCII characters (no control characters)."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"client_seed": "my lucky socks"}]}
    )

    client_seed: str = Field(min_length=1, max_length=64, pattern=r"^[\x20-\x7e]+$")


class SeedRead(BaseModel):
    """One committed seed. ``server_seed`` is null until the seed is revealed by a rotation;
    ``end_nonce`` (exclusive) too: until then the seed serves every new draw."""

    model_config = ConfigDict(json_schema_extra={"examples": [_EXAMPLE_SEED]})

    number: int
    commitment: str
    server_seed: str | None
    client_seed: str
    first_nonce: int
    end_nonce: int | None
    revealed_at: datetime | None
    links_from: int | None = Field(
        default=None,
        description="The first link seq this seed salts (chain v2); null: it salts none.",
    )


class FairnessRead(BaseModel):
    """The campaign's current commitment and every seed it ever used.

    ``last_seq`` and ``chain_head`` are the seq and the hash of the chain's last link as of
    this answer, so a verifier can tell that no link is missing at the end."""

    campaign_id: str
    seed_number: int
    commitment: str
    client_seed: str
    next_nonce: int
    last_seq: int
    chain_head: str
    seeds: list[SeedRead]


class AuditLink(BaseModel):
    """One link of the roll hash chain. ``record`` is null when the caller may not see the
    roll (the hash still chains). ``salt`` (v2) comes with every record you may read, and
    for every link once its ``salt_seed`` is revealed. ``stored`` appears only when the roll
    as the log stores it now does not match this, its latest link (changed or deleted)."""

    seq: int
    roll_id: str
    version: int = Field(default=1, description="1: unsalted (before chain v2); 2: salted.")
    salt_seed: int | None = None
    salt: str | None = None
    prev_hash: str
    hash: str
    record: dict[str, Any] | None
    stored: dict[str, Any] | None = None


class AuditBundle(BaseModel):
    """What ``fairtable verify`` reads: the fairness state and the chain (one page of it).

    Concatenate the ``audit`` lists of every page (``after=next_after``) to get the whole
    chain; the ``fairness`` of the last page matches its end."""

    campaign_id: str
    fairness: FairnessRead
    audit: list[AuditLink]
    next_after: int | None = Field(
        description="Pass as `after` for the next page; null at the end."
    )
