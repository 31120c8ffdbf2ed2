"""The campaign export document, checked strictly on import: an unknown or missing field
is refused (422) before anything is written."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from app.core.openapi import keep_nulls

Id = Annotated[str, Field(min_length=1, max_length=26)]
Hash = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
Role = Literal["storyteller", "player", "spectator"]
Visibility = Literal["public", "storyteller", "blind", "private"]


_CAMPAIGN = "01jd8m7c4d5e6f7g8h9j0k1m2n"
_STORYTELLER = "01jd8m8e1f2g3h4j5k6m7n8p9q"
_CHARACTER = "01jd8m9f2g3h4j5k6m7n8p9q0r"
_ROLL = "01jd8mb1c2d3e4f5g6h7j8k9m0"
_COMMITMENTS = (
    "5b0f2c3a6f0d1b1e3cd3c6a0c2b7a4e2f7e5b8d1a9c4e6f8b0d2a4c6e8f0a2c4",
    "e701a2e76e71898ac07e3fd06346ad51b63b110a233fa0d20a21a11375b590d4",
)
_GENESIS = "0" * 64
_HASH = "c8192d61ffd6c762c1823c1ec205aa051de92cd4dcdc899abb74d47694909be2"
_AT = "2025-02-01T19:00:00Z"
_ROLL_RECORD: dict[str, Any] = {
    "id": _ROLL,
    "campaign_id": _CAMPAIGN,
    "seq": 3,
    "ruleset": "matrix",
    "kind": "test",
    "character_id": _CHARACTER,
    "user_id": _STORYTELLER,
    "visibility": "private",
    "note": None,
    "status": "final",
    "dice": [{"sides": 20, "value": 7, "history": [], "success": True}],
    "result": {"stat": 11, "face": 7, "success": True, "margin": 4},
    "proof": [
        {
            "nonce": 0,
            "seed": 1,
            "commitment": _COMMITMENTS[0],
            "client_seed": _CAMPAIGN,
            "rolls": [{"sides": 20, "faces": [7]}],
        }
    ],
    "created_at": "2025-02-01T19:30:00Z",
    "updated_at": "2025-02-01T19:30:00Z",
}
# An export as the OpenAPI document (/docs) shows it; docs/export.md tells it part by part.
EXPORT_EXAMPLE: dict[str, Any] = {
    "format": "fairtable-campaign",
    "version": 2,
    "exported_at": "2025-03-01T20:00:00.123456Z",
    "campaign": {
        "id": _CAMPAIGN,
        "name": "The Kittens' Boat",
        "ruleset": "matrix",
        "settings": {"npc_fatigue_only": True},
        "created_at": _AT,
    },
    "members": [
        {
            "user_id": _STORYTELLER,
            "username": "ficelle",
            "display_name": "Ficelle",
            "role": "storyteller",
            "joined_at": _AT,
        }
    ],
    "characters": [
        {
            "id": _CHARACTER,
            "name": "Pelote",
            "npc": False,
            "owner_id": _STORYTELLER,
            "version": 1,
            "sheet": {
                "rows": {"body": 6, "mind": 5, "soul": 4},
                "columns": {"power": 9, "resistance": 7, "maneuver": 5, "precision": 6},
            },
            "created_at": "2025-02-01T19:10:00Z",
            "updated_at": "2025-02-01T19:10:00Z",
        }
    ],
    "rolls": [
        {
            **_ROLL_RECORD,
            "odds": {"success": 0.55, "failure": 0.45},
            "state": {},
            "prev_hash": _GENESIS,
            "hash": _HASH,
        }
    ],
    "events": [
        {
            "seq": 3,
            "type": "roll.created",
            "at": "2025-02-01T19:30:00Z",
            "visibility": "private",
            "user_id": _STORYTELLER,
            "data": {"id": _ROLL, "seq": 3, "kind": "test"},
            "prev_hash": _GENESIS,
            "hash": _HASH,
        },
        {
            "seq": 4,
            "type": "fairness.rotated",
            "at": "2025-02-01T20:00:00Z",
            "visibility": "public",
            "user_id": None,
            "data": {"by": _STORYTELLER},
            "prev_hash": None,
            "hash": None,
        },
    ],
    "fairness": {
        "campaign_id": _CAMPAIGN,
        "seed_number": 2,
        "commitment": _COMMITMENTS[1],
        "client_seed": _CAMPAIGN,
        "next_nonce": 1,
        "last_seq": 4,
        "chain_head": _HASH,
        "seeds": [
            {
                "number": 1,
                "commitment": _COMMITMENTS[0],
                "server_seed": "9a1f6c0e2b4d8f1a3c5e7092b4d6f8a1c3e5079b2d4f6a8c1e3057a9b2d4f6e8",
                "client_seed": _CAMPAIGN,
                "first_nonce": 0,
                "end_nonce": 1,
                "revealed_at": "2025-02-01T20:00:00Z",
                "links_from": 1,
            },
            {
                "number": 2,
                "commitment": _COMMITMENTS[1],
                "server_seed": None,
                "client_seed": _CAMPAIGN,
                "first_nonce": 1,
                "end_nonce": None,
                "revealed_at": None,
                "links_from": 5,
            },
        ],
    },
    "audit": [
        {
            "seq": 3,
            "roll_id": _ROLL,
            "version": 2,
            "salt_seed": 1,
            "salt": "5d2a1c0b9e8f7a6d5c4b3a29180f7e6d5c4b3a2918f0e7d6c5b4a39281706f5e",
            "prev_hash": _GENESIS,
            "hash": _HASH,
            "record": {**_ROLL_RECORD, "link_seq": 3},
        }
    ],
    "contests": [],
    "group_rolls": [],
    "tasks": [],
}
IMPORTED_EXAMPLE: dict[str, Any] = {
    "id": _CAMPAIGN,
    "name": "The Kittens' Boat",
    "ruleset": "matrix",
    "settings": {"npc_fatigue_only": True},
    "created_at": _AT,
    "members": 1,
    "characters": 1,
    "rolls": 1,
    "events": 2,
    "mapped_to_you": ["ficelle"],
    "placeholders": [{"user_id": _STORYTELLER, "username": "ficelle", "role": "storyteller"}],
}


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CampaignPart(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=120)
    ruleset: Literal["3d6", "matrix", "d20"]
    settings: dict[str, Any]
    created_at: AwareDatetime


class MemberPart(Strict):
    user_id: Id
    username: str = Field(min_length=1, max_length=40)
    display_name: str = Field(max_length=80)
    role: Role
    joined_at: AwareDatetime


class CharacterPart(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=80)
    npc: bool
    owner_id: Id | None
    version: int = Field(ge=1)
    sheet: dict[str, Any]
    created_at: AwareDatetime
    updated_at: AwareDatetime


class RollPart(Strict):
    id: Id
    campaign_id: Id
    seq: int = Field(ge=1)
    ruleset: Literal["3d6", "matrix", "d20"]
    kind: str = Field(min_length=1, max_length=10)
    character_id: Id | None
    user_id: Id
    visibility: Visibility
    note: str | None = Field(max_length=500)
    status: Literal["final", "pending"]
    dice: list[dict[str, Any]]
    result: dict[str, Any]
    odds: dict[str, Any]
    state: dict[str, Any]
    proof: list[dict[str, Any]]
    prev_hash: Hash
    hash: Hash
    created_at: AwareDatetime
    updated_at: AwareDatetime


class EventPart(Strict):
    seq: int = Field(ge=1)
    type: str = Field(min_length=1, max_length=40)
    at: AwareDatetime
    visibility: Visibility
    user_id: Id | None
    data: dict[str, Any]
    prev_hash: Hash | None
    hash: Hash | None


class SeedPart(Strict):
    number: int = Field(ge=1)
    commitment: Hash
    server_seed: Hash | None
    client_seed: str = Field(min_length=1, max_length=64)
    first_nonce: int = Field(ge=0)
    end_nonce: int | None = Field(ge=0)
    revealed_at: AwareDatetime | None
    links_from: int | None = Field(ge=0)


class FairnessPart(Strict):
    """The GET /campaigns/{cid}/fairness answer, as the export embeds it."""

    campaign_id: Id
    seed_number: int = Field(ge=1)
    commitment: Hash
    client_seed: str = Field(min_length=1, max_length=64)
    next_nonce: int = Field(ge=0)
    last_seq: int = Field(ge=0)
    chain_head: Hash
    seeds: list[SeedPart] = Field(min_length=1)


class FlowPart(Strict):
    """A row of the 3d6 table flow (``app.table``): its engine state in ``data``, as stored."""

    id: Id
    campaign_id: Id
    data: dict[str, Any]
    created_by: Id
    created_at: AwareDatetime
    updated_at: AwareDatetime


class ContestPart(FlowPart):
    status: Literal["running", "tie", "won", "drawn"]


class GroupRollPart(FlowPart):
    status: Literal["succeeded", "failed"]


class TaskPart(FlowPart):
    status: Literal["running", "completed", "failed"]


class CampaignExport(Strict):
    """``GET /campaigns/{cid}/export``; ``POST /campaigns/import`` takes it back.

    ``fairness`` and ``audit`` are exactly what GET /fairness and GET /audit answer the
    exporting storyteller, so ``fairtable verify`` checks an export as it is. ``audit`` is
    derived from ``events`` and is not read back: the import rebuilds it from ``events``."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [keep_nulls(EXPORT_EXAMPLE)]}
    )

    format: Literal["fairtable-campaign"]
    version: Literal[2]
    exported_at: AwareDatetime
    campaign: CampaignPart
    members: list[MemberPart] = Field(max_length=10_000)
    characters: list[CharacterPart] = Field(max_length=100_000)
    rolls: list[RollPart]
    events: list[EventPart]
    fairness: FairnessPart
    audit: list[dict[str, Any]]
    # The 3d6 table flow; absent in exports made before it travelled, and read as empty.
    contests: list[ContestPart] = Field(default_factory=list, max_length=100_000)
    group_rolls: list[GroupRollPart] = Field(default_factory=list, max_length=100_000)
    tasks: list[TaskPart] = Field(default_factory=list, max_length=100_000)


class Placeholder(BaseModel):
    """A member of the exported campaign who has no seat here until invited again."""

    user_id: str
    username: str
    role: str


class ImportedCampaign(BaseModel):
    """The campaign an import created, and what it holds."""

    id: str
    name: str
    ruleset: str
    settings: dict[str, Any]
    created_at: AwareDatetime
    members: int
    characters: int
    rolls: int
    events: int
    mapped_to_you: list[str] = Field(
        description="Usernames of members this instance does not know: their characters "
        "went to you."
    )
    placeholders: list[Placeholder] = Field(
        default_factory=list,
        description="Every other member of the document: seated nowhere here (an import "
        "seats only you), to be invited again. Their rolls keep their names in the log.",
    )


class CampaignBackup(CampaignExport):
    """An operator's full backup (``fairtable export``): every roll and event unredacted,
    every member's seat, and the current seed's secret (``server_seed`` of the current
    seed). It never leaves the operator's hands; ``fairtable import`` restores it."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["fairtable-backup"]  # type: ignore[assignment]
    version: Literal[1]  # type: ignore[assignment]
