"""A roll request as readers see it, and as the hash chain covers it. No I/O.

**Status.** Stored: ``open`` until every target has answered (``answered``), the sweep
finds it past its deadline (``expired``) or a storyteller cancels it (``cancelled``). Read:
an ``open`` request past ``expires_at`` is ``expired`` at once, and so are its waiting
targets, whether or not the sweep has come by.

**The link.** A request's creation and its cancellation are links of the campaign's hash
chain, carried by its ``roll_request.created`` and ``roll_request.cancelled`` events. The
record (``app.rules.verify_requests.request_record``, shared with the verifier) has the
fields of every link, filled as a roll that rolls nothing. Its answers are not links of
the request: each answering roll is a link of its own, naming it in ``result.request_id``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from app.core.db import rfc3339
from app.roll_requests.repository import Asked, Target
from app.rules.verify_requests import request_record


def expired(asked: Asked, now: datetime) -> bool:
    row = asked.row
    if row["status"] == "expired":
        return True
    deadline: datetime | None = row["expires_at"]
    return row["status"] == "open" and deadline is not None and deadline <= now


def status(asked: Asked, now: datetime) -> str:
    return "expired" if expired(asked, now) else str(asked.row["status"])


def target_status(asked: Asked, target: Target, now: datetime) -> tuple[str, datetime | None]:
    """(status, at) of one target as read now."""
    if target.status == "waiting" and expired(asked, now):
        return "expired", asked.row["expires_at"]
    return target.status, target.at


def may_read(asked: Asked, viewer_id: str, viewer_is_storyteller: bool) -> bool:
    """Storytellers read every request, any member a public one, a member a hidden one
    (``storyteller`` or ``blind``) only when they own a character it addresses."""
    if viewer_is_storyteller or asked.row["visibility"] == "public":
        return True
    return any(t.owner_id == viewer_id for t in asked.targets)


def addressed_players(asked: Asked) -> list[str]:
    """The members other than storytellers who own an addressed character, each once:
    who receives a hidden request's events besides the storytellers."""
    found: list[str] = []
    for target in asked.targets:
        owner, role = target.owner_id, target.owner_role
        if owner is not None and role not in (None, "storyteller") and owner not in found:
            found.append(owner)
    return found


def _time(value: datetime | None) -> str | None:
    return None if value is None else rfc3339(value)


def to_read(asked: Asked, now: datetime) -> dict[str, Any]:
    """The request as every member who may read it reads it (never an outcome: a target
    says only whether it was answered, and by which roll)."""
    row = asked.row
    targets = []
    for target in asked.targets:
        state, at = target_status(asked, target, now)
        targets.append({"character_id": target.character_id, "status": state,
                        "roll_id": target.roll_id, "at": _time(at)})  # fmt: skip
    terms = row["terms"]
    # Expired before the sweep wrote it so: it changed at its deadline, as it will read then.
    changed = row["expires_at"] if row["status"] == "open" and expired(asked, now) else None
    return {
        "id": row["id"],
        "campaign_id": row["campaign_id"],
        "seq": row["seq"],
        "ruleset": row["ruleset"],
        "kind": row["kind"],
        "trait": row["trait"],
        "difficulty": terms["difficulty"],
        "advantage": terms["advantage"],
        "disadvantage": terms["disadvantage"],
        "condition": terms["condition"],
        "visibility": row["visibility"],
        "note": row["note"],
        "status": status(asked, now),
        "expires_at": _time(row["expires_at"]),
        "targets": targets,
        "created_by": row["created_by"],
        "cancelled_by": row["cancelled_by"],
        "created_at": rfc3339(row["created_at"]),
        "updated_at": rfc3339(changed or row["updated_at"]),
        "hash": row["hash"],
    }


def stored(asked: Asked) -> dict[str, Any]:
    """The request as stored: every column (times in RFC 3339, as the API writes them)
    and its targets in order. What an export writes, and what its link is rebuilt from."""
    line = dict(asked.row)
    for name in ("created_at", "updated_at", "expires_at", "cancelled_at"):
        line[name] = _time(line[name])
    line["targets"] = [
        {"character_id": t.character_id, "position": t.position, "status": t.status,
         "roll_id": t.roll_id, "at": _time(t.at)}
        for t in asked.targets
    ]  # fmt: skip
    return line


def chain_view(asked: Asked) -> dict[str, Any]:
    """The request as its latest link (its creation, or its cancellation) covers it,
    rebuilt from the stored row, with the row's ``hash``: what the link hashes, and what
    the audit compares the row with."""
    return {**request_record(stored(asked)), "hash": asked.row["hash"]}
