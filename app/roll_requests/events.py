"""The events of a roll request, and its links of the hash chain, through the ledger.

Who receives them: every member for a ``public`` request; for a hidden one (``storyteller``
or ``blind``), the storytellers (one event, the request's own visibility, by the storyteller
who asked) and each other member who owns an addressed character (one ``private`` event
each, the same request). So a hidden request takes 1 + N seqs per change, N its addressed
players, whatever its answers hold; docs/security.md says what that tells the others.

``data`` is ``{"request": <the request as its readers read it>}``. A link event (the
creation, the cancellation) also carries at the top level the request's record as the
chain covers it (``records.chain_view``), the way a roll event carries the roll: the audit,
the export and the verifier rebuild the link from it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from app.campaigns.ledger import Ledger
from app.roll_requests import records
from app.roll_requests.repository import Asked


def link(ledger: Ledger, asked: Asked, seq: int) -> None:
    """The request's link at ``seq`` (a seq the caller took for its event), of its state
    as ``records.chain_view`` reads it: sets its ``prev_hash`` and ``hash``."""
    asked.row["prev_hash"], asked.row["hash"] = ledger.link(records.chain_view(asked), seq)


def record_change(
    ledger: Ledger, type: str, asked: Asked, now: datetime, link_seq: int | None = None
) -> None:
    """The change's events, for everyone who may read the request; ``link_seq``: the
    change is the link taken at that seq, which the storytellers' event carries."""
    row = asked.row
    view = records.to_read(asked, now)
    data: dict[str, Any] = {"request": view}
    linked: dict[str, Any] = {}
    if link_seq is not None:
        chained = records.chain_view(asked)
        data = {**chained, "request": view}
        linked = {"seq": link_seq, "prev_hash": row["prev_hash"], "hash": row["hash"]}
    ledger.record(type, data, visibility=row["visibility"], user_id=row["created_by"], **linked)
    if row["visibility"] == "public":
        return
    for player in records.addressed_players(asked):
        ledger.record(type, {"request": view}, visibility="private", user_id=player)
