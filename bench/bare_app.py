"""Baseline for ``http_bench.py``: a bare FastAPI app with one roll-shaped POST endpoint.

It validates a body like a 3d6 test roll with pydantic (``extra="forbid"``) and answers a
JSON body of about the same size as the real roll answer, with no database and no auth.
Served by ``uvicorn bare_app:create_app --factory --app-dir bench``.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any, Literal

from fastapi import FastAPI
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

ODDS = {
    "outcomes": {"success": 0.5, "partial": 0.375, "botch": 0.125},
    "successes": {"0": 0.125, "1": 0.375, "2": 0.375, "3": 0.125},
    "boon": 0.027777777777777776,
}


class RollBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["test"]
    character_id: str = Field(max_length=26)
    trait: str = Field(min_length=1, max_length=40)
    difficulty: StrictInt | str | None = None
    advantage: StrictBool = False
    visibility: Literal["public", "storyteller", "blind", "private"] = "public"
    note: str | None = Field(default=None, max_length=500)


def create_app() -> FastAPI:
    app = FastAPI(title="bare baseline")
    seq = 0

    @app.post("/api/v1/campaigns/{cid}/rolls", status_code=201)
    async def roll(cid: str, body: RollBody) -> dict[str, Any]:
        nonlocal seq
        seq += 1
        values = [random.randint(1, 6) for _ in range(3)]
        dice = [{"sides": 6, "value": v, "history": [], "success": v <= 3} for v in values]
        now = datetime.now(UTC).isoformat().replace("+00:00", "Z")
        successes = sum(1 for d in dice if d["success"])
        return {
            "id": f"{random.getrandbits(128):026x}"[:26],
            "campaign_id": cid,
            "seq": seq,
            "ruleset": "3d6",
            "kind": body.kind,
            "character_id": body.character_id,
            "user_id": "01m8npntb6rgsjxgzrqg03xgmz",
            "visibility": body.visibility,
            "note": body.note,
            "status": "final",
            "dice": dice,
            "result": {
                "successes": successes,
                "difficulty": body.difficulty,
                "outcome": "success" if successes >= 2 else "partial",
                "boon": False,
                "choice": None,
                "rerolls_left": 0,
                "rerolls": [],
            },
            "odds": ODDS,
            "created_at": now,
            "updated_at": now,
            "redacted": False,
        }

    return app
