"""An independent verifier of a campaign's dice: the hash chain, the seeds, every draw.

Standard library only (plus the chain and dice definitions of this package, which are pure),
so anyone can read it whole, run it offline on an export or an audit bundle, or port it;
docs/fairness.md describes the same checks in prose. ``verify(document)`` takes either

- the audit bundle of ``GET /campaigns/{cid}/audit``: ``{campaign_id, fairness, audit}``, or
- a campaign export, which embeds the same ``fairness`` and ``audit`` keys (and ``rolls``,
  which are then checked against their latest link too).

Checks, in chain order, stopping at the first failure:

1. Chaining: the first link's ``prev_hash`` is ``GENESIS``, each next one is the hash of
   the link before it, seqs increase, and the last hash is the campaign's ``chain_head``.
2. Content: ``hash == link_hash(prev_hash, record)`` for every link whose record is shown
   (a redacted link, ``record: null``, is only chained).
3. Draws: every proof entry names a committed seed with its commitment and client seed, a
   nonce inside that seed's range and used by no other roll; under a revealed seed (whose
   SHA-256 must be its commitment) ``SeededDice(seed, client_seed, nonce)`` must give the
   very faces recorded, roll entry by roll entry. Draws under the current, unrevealed seed
   are "not yet verifiable": counted, not failed.
4. Dice: the roll's dice are what the draws gave (``app.rules.verify_dice``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.rules.chain import GENESIS, chain_record, link_hash
from app.rules.dice import SeededDice
from app.rules.verify_dice import dice_problem, is_int, is_map

__all__ = ["Failure", "Report", "dice_problem", "verify"]


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
    failure: Failure | None = None
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
class _Seed:
    number: int
    commitment: str
    secret: bytes | None
    client_seed: str
    first_nonce: int
    end_nonce: int  # exclusive; the campaign's next nonce for the current seed


def verify(document: Any) -> Report:
    """Check an audit bundle or an export; never raises on bad input (the report says)."""
    report = Report()
    try:
        _Verifier(document, report).run()
    except _Stop as stop:
        report.failure = stop.failure
    return report


class _Stop(Exception):
    def __init__(self, failure: Failure) -> None:
        super().__init__(str(failure))
        self.failure = failure


def _need(condition: bool, reason: str, seq: int | None = None, roll: str | None = None) -> None:
    if not condition:
        raise _Stop(Failure(seq, roll, reason))


def _str(value: Any) -> bool:
    return type(value) is str


class _Verifier:
    def __init__(self, document: Any, report: Report) -> None:
        self.doc = document
        self.report = report
        self.seeds: dict[int, _Seed] = {}
        self.checked_seeds: set[int] = set()
        self.nonces: dict[int, tuple[str, Any]] = {}  # nonce -> (roll id, draw)
        self.recomputed: set[int] = set()
        self.pending: set[int] = set()
        self.proofs: dict[str, list[Any]] = {}  # roll id -> proof at its last link
        self.seen_rolls: set[str] = set()

    # --- the document -----------------------------------------------------------------

    def run(self) -> None:
        doc = self.doc
        _need(
            isinstance(doc, Mapping) and "fairness" in doc and "audit" in doc,
            "not an audit bundle or export: expected the keys 'fairness' and 'audit'",
        )
        fairness, audit = doc["fairness"], doc["audit"]
        _need(isinstance(fairness, Mapping), "'fairness' must be an object")
        _need(isinstance(audit, list), "'audit' must be a list of links")
        self._read_seeds(fairness)
        campaign_id = doc.get("campaign_id", fairness.get("campaign_id"))
        rolls = self._export_rolls(doc.get("rolls"))
        last_of = {str(link.get("roll_id")): i for i, link in enumerate(audit) if is_map(link)}
        prev, last_seq = GENESIS, 0
        for index, link in enumerate(audit):
            prev, last_seq = self._link(index, link, prev, last_seq, campaign_id)
            if rolls is not None and last_of.get(link["roll_id"]) == index:
                self._export_roll(link, rolls.pop(link["roll_id"], None))
        self.report.links = len(audit)
        head = fairness.get("chain_head")
        if head is not None:
            where = (audit[-1]["seq"], audit[-1]["roll_id"]) if audit else (None, None)
            _need(
                prev == head,
                f"the chain ends at {prev} but the campaign's head is {head}: "
                "links are missing or changed at the end",
                *where,
            )
        if rolls:
            roll_id = sorted(rolls)[0]
            _need(False, f"roll {roll_id} of the export has no link in the chain")
        for number in sorted(set(self.seeds) - self.checked_seeds):
            self._check_seed(self.seeds[number], None, None)
        self.report.rolls = len(self.seen_rolls)
        self.report.draws = len(self.recomputed)
        self.report.pending_draws = len(self.pending)
        if self.pending:
            self.report.notes.append(
                f"note: {len(self.pending)} draws under the current seed are not yet "
                "verifiable (rotate the seed, then verify again)"
            )
        if self.report.redacted:
            self.report.notes.append(
                f"note: {self.report.redacted} redacted links (rolls hidden from you) "
                "were checked for chaining only"
            )

    def _read_seeds(self, fairness: Mapping[str, Any]) -> None:
        seeds: Any = fairness.get("seeds")
        current: Any = fairness.get("seed_number")
        next_nonce: Any = fairness.get("next_nonce")
        _need(isinstance(seeds, list) and seeds != [], "'fairness.seeds' must list the seeds")
        _need(is_int(current) and is_int(next_nonce), "'fairness' lacks seed_number or next_nonce")
        previous_end: int | None = None
        for seed in seeds:
            _need(is_map(seed), "a seed must be an object")
            number, commitment = seed.get("number"), seed.get("commitment")
            first, end, secret = seed.get("first_nonce"), seed.get("end_nonce"), None
            _need(
                is_int(number) and _str(commitment) and is_int(first), f"seed {number}: malformed"
            )
            _need(_str(seed.get("client_seed")), f"seed {number}: malformed client seed")
            if seed.get("server_seed") is not None:
                try:
                    secret = bytes.fromhex(seed["server_seed"])
                except (TypeError, ValueError):
                    _need(False, f"seed {number}: server_seed is not hex")
            if number == current:
                _need(end is None, f"seed {number} is current but has an end nonce")
                end = next_nonce
            _need(is_int(end), f"seed {number} is not current but has no end nonce")
            _need(first <= end, f"seed {number}: first nonce {first} after end nonce {end}")
            _need(
                previous_end is None or first == previous_end,
                f"seed {number} starts at nonce {first}, not where the last one ended",
            )
            previous_end = end
            self.seeds[number] = _Seed(number, commitment, secret, seed["client_seed"], first, end)
        _need(current in self.seeds, f"the current seed {current} is not listed")
        if fairness.get("commitment") is not None:
            _need(
                fairness["commitment"] == self.seeds[current].commitment,
                "the current commitment differs from the current seed's",
            )

    def _check_seed(self, seed: _Seed, seq: int | None, roll: str | None) -> None:
        self.checked_seeds.add(seed.number)
        if seed.secret is None:
            return
        actual = hashlib.sha256(seed.secret).hexdigest()
        _need(
            actual == seed.commitment,
            f"seed {seed.number}: SHA-256 of the revealed server seed is {actual}, "
            f"not its commitment {seed.commitment}",
            seq,
            roll,
        )

    @staticmethod
    def _export_rolls(rolls: Any) -> dict[str, Mapping[str, Any]] | None:
        if rolls is None:
            return None
        _need(isinstance(rolls, list), "'rolls' must be a list")
        found: dict[str, Mapping[str, Any]] = {}
        for roll in rolls:
            _need(is_map(roll) and _str(roll.get("id")), "a roll of the export has no id")
            found[roll["id"]] = roll
        return found

    def _export_roll(self, link: Mapping[str, Any], roll: Mapping[str, Any] | None) -> None:
        seq, roll_id = link["seq"], link["roll_id"]
        if roll is None:
            raise _Stop(Failure(seq, roll_id, "the roll is missing from the export's rolls"))
        try:
            computed = link_hash(link["prev_hash"], chain_record(roll, seq))
        except (KeyError, TypeError, ValueError) as exc:
            computed = f"unreadable ({exc})"
        _need(
            computed == link["hash"],
            "the roll in the export's rolls does not match its latest link (changed)",
            seq,
            roll_id,
        )

    # --- one link -----------------------------------------------------------------------

    def _link(
        self, index: int, link: Any, prev: str, last_seq: int, campaign_id: Any
    ) -> tuple[str, int]:
        _need(is_map(link), f"link #{index} is not an object")
        seq, roll_id = link.get("seq"), link.get("roll_id")
        _need(is_int(seq) and _str(roll_id), f"link #{index} lacks seq or roll_id")
        _need(_str(link.get("prev_hash")) and _str(link.get("hash")), "malformed", seq, roll_id)
        _need(seq > last_seq, f"seq {seq} does not follow seq {last_seq}", seq, roll_id)
        _need(
            link["prev_hash"] == prev,
            f"prev_hash {link['prev_hash']} is not the previous link's hash {prev}: "
            "a link before this one is missing, reordered or changed",
            seq,
            roll_id,
        )
        record = link.get("record")
        if record is None:
            self.report.redacted += 1
        else:
            _need(is_map(record), "the record is not an object", seq, roll_id)
            try:
                computed = link_hash(prev, record)
            except (TypeError, ValueError) as exc:
                computed = f"unhashable ({exc})"
            _need(
                computed == link["hash"],
                "the record does not hash to its link: its content was changed",
                seq,
                roll_id,
            )
            self._record(record, seq, roll_id, campaign_id)
        if "stored" in link:
            _need(
                False,
                "the roll as the log stores it does not match its latest link (changed or deleted)",
                seq,
                roll_id,
            )
        return link["hash"], seq

    def _record(self, record: Mapping[str, Any], seq: int, roll_id: str, campaign: Any) -> None:
        _need(record.get("id") == roll_id, "the record is of another roll", seq, roll_id)
        _need(record.get("link_seq") == seq, "the record names another link seq", seq, roll_id)
        if campaign is not None:
            _need(record.get("campaign_id") == campaign, "another campaign's roll", seq, roll_id)
        self.seen_rolls.add(roll_id)
        proof: Any = record.get("proof")
        _need(isinstance(proof, list), "the record has no proof list", seq, roll_id)
        earlier = self.proofs.get(roll_id, [])
        _need(
            proof[: len(earlier)] == earlier,
            "the proof differs from the roll's earlier link (a draw was changed)",
            seq,
            roll_id,
        )
        self.proofs[roll_id] = proof
        for draw in proof:
            self._draw(draw, seq, roll_id)
        problem = dice_problem(record)
        _need(problem is None, str(problem), seq, roll_id)

    def _draw(self, draw: Any, seq: int, roll_id: str) -> None:
        _need(is_map(draw), "a proof entry is not an object", seq, roll_id)
        nonce, number = draw.get("nonce"), draw.get("seed")
        _need(is_int(nonce) and is_int(number), "a draw lacks its nonce or seed", seq, roll_id)
        owner = self.nonces.get(nonce)
        if owner is not None:
            _need(owner[0] == roll_id, f"nonce {nonce} was already used by roll {owner[0]}",
                  seq, roll_id)  # fmt: skip
            _need(owner[1] == draw, f"draw nonce {nonce} changed between links", seq, roll_id)
            return
        self.nonces[nonce] = (roll_id, draw)
        seed = self.seeds.get(number)
        if seed is None:
            reason = f"draw nonce {nonce} names seed {number}, which was never committed"
            raise _Stop(Failure(seq, roll_id, reason))
        if seed.number not in self.checked_seeds:
            self._check_seed(seed, seq, roll_id)
        _need(
            draw.get("commitment") == seed.commitment
            and draw.get("client_seed") == seed.client_seed,
            f"draw nonce {nonce}: commitment or client seed differ from seed {number}'s",
            seq,
            roll_id,
        )
        _need(
            seed.first_nonce <= nonce < seed.end_nonce,
            f"nonce {nonce} is outside seed {number}'s range "
            f"{seed.first_nonce}..{seed.end_nonce - 1}",
            seq,
            roll_id,
        )
        entries = draw.get("rolls")
        _need(isinstance(entries, list), f"draw nonce {nonce} has no rolls", seq, roll_id)
        for entry in entries:
            _need(
                is_map(entry)
                and is_int(entry.get("sides"))
                and isinstance(entry.get("faces"), list)
                and all(is_int(f) for f in entry["faces"]),
                f"draw nonce {nonce}: malformed roll entry",
                seq,
                roll_id,
            )
        if seed.secret is None:
            self.pending.add(nonce)
            return
        dice = SeededDice(seed.secret, seed.client_seed, nonce)
        for entry in entries:
            expected: list[Any]
            try:
                expected = dice.roll(entry["sides"], len(entry["faces"]))
            except ValueError as exc:  # DiceError: an impossible die
                expected = [f"error: {exc}"]
            _need(
                expected == entry["faces"],
                f"draw nonce {nonce}: seed {number} gives {expected} for "
                f"d{entry['sides']}, the roll shows {entry['faces']}",
                seq,
                roll_id,
            )
        self.recomputed.add(nonce)
