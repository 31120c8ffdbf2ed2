"""Examples of the table flow's answers, for the OpenAPI document: what a client author
sees under each endpoint. They are answers the server gave, trimmed to one round or two
members; ``tests/service/test_openapi.py`` checks each against its schema."""

from __future__ import annotations

from typing import Any

from app.rolls.schemas import ROLL_EXAMPLE

CAMPAIGN = "01jd8m7c4d5e6f7g8h9j0k1m2n"
STORYTELLER = "01jd8m8e1f2g3h4j5k6m7n8p9q"
PELOTE = "01jd8m9f2g3h4j5k6m7n8p9q0r"
REX = "01jd8m9f2g3h4j5k6m7n8p9q0s"
AT = "2025-01-05T20:14:03.512000Z"


def _open_roll(roll_id: str, character_id: str, faces: list[int], score: int) -> dict[str, Any]:
    dice = [{"sides": 6, "value": f, "history": [], "success": f <= score} for f in faces]
    successes = sum(1 for d in dice if d["success"])
    return {
        **ROLL_EXAMPLE,
        "id": roll_id,
        "character_id": character_id,
        "user_id": STORYTELLER,
        "note": None,
        "status": "final",
        "dice": dice,
        "result": {
            "successes": successes,
            "difficulty": None,
            "outcome": "open",
            "boon": False,
            "choice": None,
            "rerolls_left": 0,
            "rerolls": [],
        },
        "odds": {
            "outcomes": {"open": 0.875, "botch": 0.125},
            "successes": ROLL_EXAMPLE["odds"]["successes"],
            "boon": ROLL_EXAMPLE["odds"]["boon"],
        },
    }


ROLL_A = _open_roll("01jd8mb1c2d3e4f5g6h7j8k9m1", PELOTE, [1, 2, 6], 3)
ROLL_B = _open_roll("01jd8mb1c2d3e4f5g6h7j8k9m2", REX, [6, 6, 5], 5)
ROUND = {
    "number": 1,
    "successes_a": 2,
    "successes_b": 1,
    "winner": "a",
    "roll_a": ROLL_A["id"],
    "roll_b": ROLL_B["id"],
}
CONTEST: dict[str, Any] = {
    "id": "01jd8mc0a1b2c3d4e5f6g7h8j9",
    "campaign_id": CAMPAIGN,
    "status": "running",
    "winner": None,
    "winner_character_id": None,
    "rounds_to_win": 2,
    "wins_a": 1,
    "wins_b": 0,
    "a": {"character_id": PELOTE, "quality": "strong", "advantage": False, "disadvantage": False},
    "b": {"character_id": REX, "quality": "strong", "advantage": False, "disadvantage": True},
    "rounds": [ROUND],
    "pending_round": None,
    "created_by": STORYTELLER,
    "created_at": AT,
    "updated_at": AT,
}
NEW_CONTEST = {**CONTEST, "wins_a": 0, "rounds": []}
PLAYED_ROUND = {"round": ROUND, "rolls": [ROLL_A, ROLL_B], "contest": CONTEST}

GROUP: dict[str, Any] = {
    "id": "01jd8md0a1b2c3d4e5f6g7h8j9",
    "campaign_id": CAMPAIGN,
    "status": "failed",
    "quality": "strong",
    "difficulty": 2,
    "members": [
        {"character_id": PELOTE, "roll_id": ROLL_A["id"], "successes": 2, "success": True},
        {"character_id": REX, "roll_id": ROLL_B["id"], "successes": 1, "success": False},
    ],
    "participants": 2,
    "succeeded": 1,
    "success": False,
    "rolls": [ROLL_A, ROLL_B],
    "created_by": STORYTELLER,
    "created_at": AT,
}
GROUP_LISTED = {k: v for k, v in GROUP.items() if k != "rolls"}

TASK: dict[str, Any] = {
    "id": "01jd8me0a1b2c3d4e5f6g7h8j9",
    "campaign_id": CAMPAIGN,
    "name": "Open the pantry door",
    "quality": "strong",
    "target": 8,
    "period": "PT10M",
    "period_seconds": 600,
    "limit": "PT1H",
    "limit_seconds": 3600,
    "cost_per_period": "one sardine",
    "mode": "together",
    "participants": [PELOTE, REX],
    "status": "running",
    "progress": {
        "status": "running",
        "successes": 2,
        "target": 8,
        "elapsed": "PT0S",
        "elapsed_seconds": 0,
        "periods_elapsed": 0,
        "periods_left": 6,
        "max_periods": 6,
        "rolls": 1,
        "rolls_this_period": 1,
        "waiting_for": [REX],
    },
    "rolls": [
        {
            "roll_id": ROLL_A["id"],
            "character_id": PELOTE,
            "quality": "strong",
            "successes": 2,
            "period": 1,
        }
    ],
    "pending_roll": None,
    "created_by": STORYTELLER,
    "created_at": AT,
    "updated_at": AT,
}
TASK_ROLL = {"roll": ROLL_A, "task": TASK}
NEW_TASK = {
    **TASK,
    "progress": {
        **TASK["progress"],
        "successes": 0,
        "rolls": 0,
        "rolls_this_period": 0,
        "waiting_for": [PELOTE, REX],
    },
    "rolls": [],
}
