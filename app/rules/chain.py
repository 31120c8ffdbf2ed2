"""The hash chain of a campaign's roll log, in the standard library only.

Shared by the server (which writes the chain) and by ``app.rules.verify`` (which anyone can
run on an export), so both compute links with the very same bytes.

A link covers one state of one roll (its creation, then each step such as a reroll):

    canonical = JSON of the record, keys sorted, no spaces, UTF-8 (non-ASCII kept as is)
    v1:  hash = SHA-256( prev_hash + "\\n" + canonical )
    v2:  salt = HMAC-SHA256( key = server seed, "link\\n" + campaign_id + "\\n" + link_seq )
         hash = SHA-256( "v2\\n" + prev_hash + "\\n" + salt + "\\n" + canonical )

``prev_hash``, ``salt`` and ``hash`` are 64 lowercase hex characters; ``link_seq`` is in
decimal. The first link of a campaign has ``prev_hash`` = 64 zeros (``GENESIS``).

Why v2: a hidden record has few possible values (a blind 3d6 roll: 216 face sets), so a v1
hash is an oracle that recovers it by trying them all. The v2 salt comes from the committed
server seed that was current when the link was written, so nobody can compute it before
that seed is revealed; the server hands it out with every link its viewer may read.

The verifier reads and encodes through a ``Codec``: ``STANDARD`` (``json`` and
``canonical`` here) unless its caller hands it a faster one that gives the very same
values and bytes (the ``fairtable`` command's, app/core/fastjson.py).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from app.rules.dice import hmac_sha256

__all__ = [
    "CHAIN_VERSION",
    "GENESIS",
    "RECORD_FIELDS",
    "ROLL_DATA_FIELDS",
    "STANDARD",
    "Codec",
    "Encode",
    "canonical",
    "chain_record",
    "hash_of",
    "link_hash",
    "link_salt",
    "roll_event_data",
]

GENESIS = "0" * 64
CHAIN_VERSION = 2
"""The version of every link written now; links written before it stay version 1."""

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


_FIELDS_BUT_LINK = tuple(name for name in RECORD_FIELDS if name != "link_seq")


def chain_record(roll: Mapping[str, Any], link_seq: int) -> dict[str, Any]:
    """The record of one roll state, from a roll as the API shows it (plus ``proof``)."""
    record = {name: roll[name] for name in _FIELDS_BUT_LINK}
    record["link_seq"] = link_seq
    return record


ROLL_DATA_FIELDS = ("id", "campaign_id", "seq", "ruleset", "kind", "character_id", "user_id",
                    "acted_by", "visibility", "note", "status", "dice", "result", "odds",
                    "proof")  # fmt: skip
"""The fields of a roll that its event's ``data`` copies as they are."""


def roll_event_data(roll: Mapping[str, Any]) -> dict[str, Any]:
    """The ``data`` of a roll state's event, from the roll as the API shows it plus its
    engine ``state``: the one definition, for the event as recorded, as rebuilt from the
    roll's row, and as rebuilt from the ``roll`` record after a compact event of the line
    format (docs/export.md). Its values are the roll's own objects, not copies."""
    body = {name: roll[name] for name in ROLL_DATA_FIELDS}
    body["effects"] = (roll["state"] or {}).get("effects", [])
    body["created_at"] = roll["created_at"]
    body["updated_at"] = roll["updated_at"]
    body["hash"] = roll["hash"]
    body["redacted"] = False
    return body


_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
"""``json.dumps`` with these options, built once: the same text, without a new encoder
per record."""


def canonical(record: Any) -> bytes:
    """The canonical JSON of ``record`` (any JSON value; a link's record is a map)."""
    return _ENCODER.encode(record).encode()


Encode = Callable[[Any], bytes]


class Codec(Protocol):
    """How the verifier reads a line and encodes a value: ``loads`` must give what
    ``json.loads`` gives (or fail where it fails), ``canonical`` the bytes of ``canonical``."""

    def loads(self, text: str | bytes) -> Any: ...

    def canonical(self, value: Any) -> bytes: ...


class _Standard:
    """The standard library's codec: the definition the others must match."""

    __slots__ = ()

    def loads(self, text: str | bytes) -> Any:
        return json.loads(text)

    def canonical(self, value: Any) -> bytes:
        return canonical(value)


STANDARD: Codec = _Standard()


def link_salt(server_seed: bytes, campaign_id: str, link_seq: int) -> str:
    """The secret salt of the v2 link at ``link_seq``. The message has a newline, which no
    client seed may hold, so it is never the message of a dice block (``client:nonce:i``)."""
    message = f"link\n{campaign_id}\n{link_seq}".encode()
    return hmac_sha256(server_seed, message).hex()


def link_hash(
    prev_hash: str, record: Mapping[str, Any], salt: str | None = None, encode: Encode = canonical
) -> str:
    """A v2 link's hash with its ``salt``; a v1 link's (no salt) for chains written before.
    ``encode`` is ``canonical`` or a codec's, which gives the same bytes."""
    return hash_of(prev_hash, encode(record), salt)


def hash_of(prev_hash: str, body: bytes, salt: str | None) -> str:
    """``link_hash`` of a record already encoded: ``body`` is its canonical bytes. Only
    this step needs the link before, so records can be encoded apart and chained later."""
    if salt is None:
        return hashlib.sha256(prev_hash.encode("ascii") + b"\n" + body).hexdigest()
    head = b"v2\n" + prev_hash.encode("ascii") + b"\n" + salt.encode("ascii") + b"\n"
    return hashlib.sha256(head + body).hexdigest()
