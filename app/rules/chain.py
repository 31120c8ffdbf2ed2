"""The hash chain of a campaign's roll log, in the standard library only.

Shared by the server (which writes the chain) and by ``app.rules.verify`` (which anyone can
run on an export), so both compute links with the very same bytes.

A link covers one state of one roll (its creation, then each step such as a reroll):

    canonical = JSON of the record, keys sorted, no spaces, UTF-8 (non-ASCII kept as is)
    hash      = SHA-256( prev_hash as 64 lowercase hex chars + "\\n" + canonical ), in hex

The first link of a campaign has ``prev_hash`` = 64 zeros (``GENESIS``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

__all__ = ["GENESIS", "RECORD_FIELDS", "canonical", "chain_record", "link_hash"]

GENESIS = "0" * 64

RECORD_FIELDS = (
    "id",
    "campaign_id",
    "seq",
    "link_seq",
    "ruleset",
    "kind",
    "character_id",
    "user_id",
    "visibility",
    "note",
    "status",
    "dice",
    "result",
    "proof",
    "created_at",
    "updated_at",
)
"""What a link covers. ``seq`` is the roll's own (creation) seq, ``link_seq`` the seq of
the event that carries this link. ``odds`` are left out: they are derived, and floats."""


def chain_record(roll: Mapping[str, Any], link_seq: int) -> dict[str, Any]:
    """The record of one roll state, from a roll as the API shows it (plus ``proof``)."""
    record = {name: roll[name] for name in RECORD_FIELDS if name != "link_seq"}
    record["link_seq"] = link_seq
    return record


def canonical(record: Mapping[str, Any]) -> bytes:
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def link_hash(prev_hash: str, record: Mapping[str, Any]) -> str:
    return hashlib.sha256(prev_hash.encode("ascii") + b"\n" + canonical(record)).hexdigest()
