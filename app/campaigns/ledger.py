"""The campaign row's counters for one write job: the event seq, the nonce of the next
dice draw from the committed seed, and the last link of the roll hash chain.

They are read once under the row's lock and written back once, so a roll costs two
statements on the campaign however many seqs, draws and links it takes; and every job
locks the campaign row first, so jobs never wait on each other in opposite orders.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.core.errors import NotFound
from app.core.rawsql import Raw
from app.fairness import repository as seeds_repo
from app.rules import DiceSource, SeededDice
from app.rules.chain import chain_record, link_hash

_OPEN = (
    "SELECT last_seq, next_nonce, seed_number, client_seed, last_hash FROM campaigns WHERE id = ?"
)
_CLOSE = "UPDATE campaigns SET last_seq = ?, next_nonce = ?, last_hash = ? WHERE id = ?"


class RecordingDice:
    """A dice source that writes down every roll of one draw, for the roll's proof."""

    __slots__ = ("_inner", "rolls")

    def __init__(self, inner: DiceSource, rolls: list[dict[str, Any]]) -> None:
        self._inner = inner
        self.rolls = rolls

    def roll(self, sides: int, count: int = 1) -> list[int]:
        faces = self._inner.roll(sides, count)
        self.rolls.append({"sides": sides, "faces": faces})
        return faces


class Ledger:
    __slots__ = (
        "_db",
        "_override",
        "campaign_id",
        "client_seed",
        "last_hash",
        "last_seq",
        "next_nonce",
        "seed_number",
    )

    def __init__(self, db: Raw, campaign_id: str, row: tuple[Any, ...], override: Any) -> None:
        self._db = db
        self._override = override
        self.campaign_id = campaign_id
        self.last_seq, self.next_nonce, self.seed_number, self.client_seed, self.last_hash = row

    @classmethod
    async def open(cls, db: Raw, campaign_id: str, override: DiceSource | None = None) -> Ledger:
        """Lock the campaign row (FOR UPDATE on PostgreSQL; SQLite's write lock is held)."""
        row = await db.fetchone(_OPEN if db.sqlite else _OPEN + " FOR UPDATE", campaign_id)
        if row is None:
            raise NotFound("no such campaign")
        return cls(db, campaign_id, row, override)

    def next_seq(self) -> int:
        self.last_seq += 1
        return int(self.last_seq)

    async def draw(self) -> tuple[DiceSource, dict[str, Any]]:
        """A dice source for one draw (an initial roll, a reroll, a check) and its proof
        entry, which fills in as dice are rolled. Each draw takes the next nonce."""
        nonce = self.next_nonce
        self.next_nonce += 1
        seed, commitment = await seeds_repo.current_secret(
            self._db, self.campaign_id, self.seed_number
        )
        entry: dict[str, Any] = {
            "nonce": nonce,
            "seed": self.seed_number,
            "commitment": commitment,
            "client_seed": self.client_seed,
            "rolls": [],
        }
        source = self._override or SeededDice(seed, self.client_seed, nonce)
        return RecordingDice(source, entry["rolls"]), entry

    def link(self, roll: Mapping[str, Any], link_seq: int) -> tuple[str, str]:
        """Chain one state of a roll: (prev_hash, hash)."""
        prev = str(self.last_hash)
        self.last_hash = link_hash(prev, chain_record(roll, link_seq))
        return prev, self.last_hash

    async def close(self) -> None:
        await self._db.execute(
            _CLOSE, self.last_seq, self.next_nonce, self.last_hash, self.campaign_id
        )
