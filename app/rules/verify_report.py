"""The verifier's report, its failure, and the small checks it is made of (standard
library only, like ``app.rules.verify``, which re-exports ``Failure`` and ``Report``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Failure", "Report", "Seed", "Stop", "is_str", "need"]


@dataclass(frozen=True, slots=True)
class Failure:
    seq: int | None
    roll_id: str | None
    reason: str

    def __str__(self) -> str:
        if self.seq is None:
            return f"FAIL: {self.reason}"
        return f"FAIL at seq {self.seq} (roll {self.roll_id}): {self.reason}"


@dataclass(slots=True)
class Report:
    links: int = 0
    rolls: int = 0
    draws: int = 0
    pending_draws: int = 0
    redacted: int = 0
    salted: int = 0  # v2 links
    salts_checked: int = 0  # of which the salt was recomputed from its revealed seed
    failure: Failure | None = None
    first_pending: Failure | None = None  # the first draw that could not be recomputed
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.failure is None

    def summary(self) -> str:
        """``OK (N rolls, M draws verified, K links)`` plus notes, or the failure."""
        if self.failure is not None:
            return str(self.failure)
        head = f"OK ({self.rolls} rolls, {self.draws} draws verified, {self.links} links)"
        return "\n".join([head, *self.notes])


@dataclass(frozen=True, slots=True)
class Seed:
    number: int
    commitment: str
    secret: bytes | None
    client_seed: str
    first_nonce: int
    end_nonce: int  # exclusive; the campaign's next nonce for the current seed
    links_from: int | None  # the first link seq it salts (chain v2), None: none


class Stop(Exception):
    def __init__(self, failure: Failure) -> None:
        super().__init__(str(failure))
        self.failure = failure


def need(condition: bool, reason: str, seq: int | None = None, roll: str | None = None) -> None:
    if not condition:
        raise Stop(Failure(seq, roll, reason))


def is_str(value: Any) -> bool:
    return type(value) is str
