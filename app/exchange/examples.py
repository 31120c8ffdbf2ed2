"""Examples of the OpenAPI document (/docs): a version 2 single-JSON export, and the
answer of an import. docs/export.md tells the parts one by one."""

from __future__ import annotations

from typing import Any

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
    "grants": [],
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
