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
2. Salt and content: a v2 link names the seed that salted it (the one whose
   ``links_from`` covers its seq); once that seed is revealed its salt must be
   ``link_salt(seed, campaign_id, seq)``. Then ``hash == link_hash(prev_hash, record, salt)``
   for every link whose record is shown (a redacted link, ``record: null``, is only
   chained). A v1 link (before chain v2) has no salt and may not follow a salted seed.
3. Draws: every proof entry names a committed seed with its commitment and client seed, a
   nonce inside that seed's range and used by no other roll; under a revealed seed (whose
   SHA-256 must be its commitment) ``SeededDice(seed, client_seed, nonce)`` must give the
   very faces recorded, roll entry by roll entry. Draws under the current, unrevealed seed
   are "not yet verifiable": counted, not failed.
4. Dice: the roll's dice are what the draws gave (``app.rules.verify_dice``).
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections.abc import Mapping
from operator import is_
from typing import Any

from app.rules.chain import GENESIS, STANDARD, Codec, chain_record, link_hash, link_salt
from app.rules.dice import SeededDice
from app.rules.verify_dice import dice_problem, is_int, is_map
from app.rules.verify_report import Failure, Report, Seed, Stop, is_str, need
from app.rules.verify_requests import Requests, is_request

__all__ = ["Failure", "Report", "dice_problem", "verify"]


def verify(document: Any, codec: Codec = STANDARD) -> Report:
    """Check an audit bundle or an export; never raises on bad input (the report says).
    ``codec`` encodes the records (``app.rules.chain.Codec``: the same bytes, faster)."""
    report = Report()
    try:
        _Verifier(document, report, codec).run()
    except Stop as stop:
        report.failure = stop.failure
    return report


class _Verifier:
    def __init__(self, document: Any, report: Report, codec: Codec = STANDARD) -> None:
        self.doc = document
        self.report = report
        self.codec = codec
        self.encode = codec.canonical
        self.seeds: dict[int, Seed] = {}
        # the seeds that salt links, by their links_from, for ``_salter`` (None: not yet)
        self.salters: tuple[list[int], list[int]] | None = None
        self.checked_seeds: set[int] = set()
        self.nonces: dict[int, str] = {}  # nonce -> the roll that drew it
        self.recomputed = 0  # draws recomputed from their revealed seed
        self.pending = 0  # draws under a seed not revealed
        self.proofs: dict[str, list[Any]] = {}  # roll id -> proof at its last link
        self.seen_rolls: set[str] = set()
        self.salt_of: dict[int, str | None] = {}  # link seq -> its salt (v2, when known)
        self.requests = Requests()  # roll requests and their answers (verify_requests)

    # --- the document -----------------------------------------------------------------

    def run(self) -> None:
        doc = self.doc
        need(
            isinstance(doc, Mapping) and "fairness" in doc and "audit" in doc,
            "not an audit bundle or export: expected the keys 'fairness' and 'audit'",
        )
        fairness, audit = doc["fairness"], doc["audit"]
        need(isinstance(fairness, Mapping), "'fairness' must be an object")
        need(isinstance(audit, list), "'audit' must be a list of links")
        self._read_seeds(fairness)
        campaign_id = doc.get("campaign_id", fairness.get("campaign_id"))
        rolls = self._export_rolls(doc.get("rolls"))
        last_of = {str(link.get("roll_id")): i for i, link in enumerate(audit) if is_map(link)}
        prev, last_seq = GENESIS, 0
        for index, link in enumerate(audit):
            prev, last_seq = self._link(index, link, prev, last_seq, campaign_id)
            shown: Any = link.get("record")  # a map: ``_link`` checked it
            request = is_map(shown) and is_request(shown)
            if rolls is not None and last_of.get(link["roll_id"]) == index and not request:
                self._export_roll(link, rolls.pop(link["roll_id"], None))
        self.report.links = len(audit)
        head = fairness.get("chain_head")
        if head is not None:
            where = (audit[-1]["seq"], audit[-1]["roll_id"]) if audit else (None, None)
            need(
                prev == head,
                f"the chain ends at {prev} but the campaign's head is {head}: "
                "links are missing or changed at the end",
                *where,
            )
        if rolls:
            roll_id = sorted(rolls)[0]
            need(False, f"roll {roll_id} of the export has no link in the chain")
        for number in sorted(set(self.seeds) - self.checked_seeds):
            self._check_seed(self.seeds[number], None, None)
        self.report.rolls = len(self.seen_rolls)
        self._notes()

    def _notes(self) -> None:
        self.report.draws = self.recomputed
        self.report.pending_draws = self.pending
        if self.pending:
            self.report.notes.append(
                f"note: {self.pending} draws under the current seed are not yet "
                "verifiable (rotate the seed, then verify again)"
            )
        if self.report.salted:
            self.report.notes.append(
                f"note: {self.report.salts_checked} of {self.report.salted} link salts "
                "recomputed from their revealed seeds"
            )
        if self.report.redacted:
            self.report.notes.append(
                f"note: {self.report.redacted} redacted links (rolls hidden from you) "
                "were checked for chaining only"
            )
        requests = self.requests.note()
        if requests is not None:
            self.report.notes.append(requests)

    def _read_seeds(self, fairness: Mapping[str, Any]) -> None:
        seeds: Any = fairness.get("seeds")
        current: Any = fairness.get("seed_number")
        next_nonce: Any = fairness.get("next_nonce")
        need(isinstance(seeds, list) and seeds != [], "'fairness.seeds' must list the seeds")
        need(is_int(current) and is_int(next_nonce), "'fairness' lacks seed_number or next_nonce")
        previous_end: int | None = None
        for seed in seeds:
            need(is_map(seed), "a seed must be an object")
            number, commitment = seed.get("number"), seed.get("commitment")
            first, end, secret = seed.get("first_nonce"), seed.get("end_nonce"), None
            links_from = seed.get("links_from")
            need(links_from is None or is_int(links_from), f"seed {number}: bad links_from")
            need(
                is_int(number) and is_str(commitment) and is_int(first), f"seed {number}: malformed"
            )
            need(is_str(seed.get("client_seed")), f"seed {number}: malformed client seed")
            if seed.get("server_seed") is not None:
                try:
                    secret = bytes.fromhex(seed["server_seed"])
                except (TypeError, ValueError):
                    need(False, f"seed {number}: server_seed is not hex")
            if number == current:
                need(end is None, f"seed {number} is current but has an end nonce")
                end = next_nonce
            need(is_int(end), f"seed {number} is not current but has no end nonce")
            need(first <= end, f"seed {number}: first nonce {first} after end nonce {end}")
            need(
                previous_end is None or first == previous_end,
                f"seed {number} starts at nonce {first}, not where the last one ended",
            )
            previous_end = end
            self.seeds[number] = Seed(
                number, commitment, secret, seed["client_seed"], first, end, links_from
            )
        need(current in self.seeds, f"the current seed {current} is not listed")
        if fairness.get("commitment") is not None:
            need(
                fairness["commitment"] == self.seeds[current].commitment,
                "the current commitment differs from the current seed's",
            )

    def _check_seed(self, seed: Seed, seq: int | None, roll: str | None) -> None:
        self.checked_seeds.add(seed.number)
        if seed.secret is None:
            return
        actual = hashlib.sha256(seed.secret).hexdigest()
        need(
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
        need(isinstance(rolls, list), "'rolls' must be a list")
        found: dict[str, Mapping[str, Any]] = {}
        for roll in rolls:
            need(is_map(roll) and is_str(roll.get("id")), "a roll of the export has no id")
            found[roll["id"]] = roll
        return found

    def _export_roll(self, link: Mapping[str, Any], roll: Mapping[str, Any] | None) -> None:
        seq, roll_id = link["seq"], link["roll_id"]
        if roll is None and link.get("record") is None:
            return  # a roll hidden from whoever exported: its link only chains
        if roll is None:
            raise Stop(Failure(seq, roll_id, "the roll is missing from the export's rolls"))
        try:
            record = chain_record(roll, seq)
            if _same_objects(record, link["record"]):
                return  # the link was rebuilt from this very roll (app/rules/compact.py)
            computed = link_hash(link["prev_hash"], record, self.salt_of[seq], self.encode)
        except (KeyError, TypeError, ValueError) as exc:
            computed = f"unreadable ({exc})"
        need(
            computed == link["hash"],
            "the roll in the export's rolls does not match its latest link (changed)",
            seq,
            roll_id,
        )

    # --- one link -----------------------------------------------------------------------
    # The checks come in a fixed order (the first failure is the one reported); a reason
    # that needs formatting is formatted only when its check fails.

    def _link(
        self, index: int, link: Any, prev: str, last_seq: int, campaign_id: Any
    ) -> tuple[str, int]:
        if not is_map(link):
            raise Stop(Failure(None, None, f"link #{index} is not an object"))
        seq, roll_id = link.get("seq"), link.get("roll_id")
        if not (is_int(seq) and is_str(roll_id)):
            raise Stop(Failure(None, None, f"link #{index} lacks seq or roll_id"))
        hash_ = link.get("hash")
        need(is_str(link.get("prev_hash")) and is_str(hash_), "malformed", seq, roll_id)
        if not seq > last_seq:
            raise Stop(Failure(seq, roll_id, f"seq {seq} does not follow seq {last_seq}"))
        if link["prev_hash"] != prev:
            reason = (
                f"prev_hash {link['prev_hash']} is not the previous link's hash {prev}: "
                "a link before this one is missing, reordered or changed"
            )
            raise Stop(Failure(seq, roll_id, reason))
        salt = self._salt(link, seq, roll_id, campaign_id)
        self.salt_of[seq] = salt
        record = link.get("record")
        if record is None:
            self.report.redacted += 1
            self.requests.hide(roll_id)
        else:
            need(is_map(record), "the record is not an object", seq, roll_id)
            need(
                salt is not None or link.get("version", 1) == 1,
                "a salted (v2) link shows its record without its salt",
                seq,
                roll_id,
            )
            try:
                computed = link_hash(prev, record, salt, self.encode)
            except (TypeError, ValueError) as exc:
                computed = f"unhashable ({exc})"
            need(
                computed == hash_,
                "the record does not hash to its link: its content was changed",
                seq,
                roll_id,
            )
            self._record(record, seq, roll_id, campaign_id)
        if "stored" in link:
            need(
                False,
                "the roll as the log stores it does not match its latest link (changed or deleted)",
                seq,
                roll_id,
            )
        return hash_, seq

    def _salter(self, seq: int) -> int | None:
        """The seed whose ``links_from`` covers ``seq``: the one with the last
        ``links_from`` at most ``seq`` (of two with the same, the one listed later)."""
        if self.salters is None:
            by_start: dict[int, int] = {}
            for seed in self.seeds.values():
                if seed.links_from is not None:
                    by_start[seed.links_from] = seed.number  # a later one wins a tie
            starts = sorted(by_start)
            self.salters = (starts, [by_start[start] for start in starts])
        starts, numbers = self.salters
        at = bisect_right(starts, seq)
        return numbers[at - 1] if at else None

    def _salt(self, link: Mapping[str, Any], seq: int, roll_id: str, campaign: Any) -> str | None:
        """The link's salt, recomputed when its seed is revealed; None for a v1 link or a
        salt the viewer may not have yet."""
        version, given = link.get("version", 1), link.get("salt")
        number: Any = link.get("salt_seed")
        if not (version in (1, 2) and is_int(version)):
            raise Stop(Failure(seq, roll_id, f"unknown link version {version!r}"))
        salter = self._salter(seq)
        if version == 1:
            need(given is None and number is None, "a v1 link has no salt", seq, roll_id)
            if salter is not None:
                reason = (
                    f"a v1 (unsalted) link where seed {salter} salts the chain: a downgraded link"
                )
                raise Stop(Failure(seq, roll_id, reason))
            return None
        self.report.salted += 1
        need(is_int(number) and number in self.seeds, "the salting seed is unknown", seq, roll_id)
        if not (salter is None or salter == number):
            reason = f"the link names seed {number} as its salt, but seed {salter} salts this seq"
            raise Stop(Failure(seq, roll_id, reason))
        need(
            given is None or (is_str(given) and len(given) == 64 and given == given.lower()),
            "the salt is not 64 lowercase hex characters",
            seq,
            roll_id,
        )
        seed = self.seeds[number]
        if seed.secret is None:
            return str(given) if given is not None else None
        need(is_str(campaign), "a salted link needs the campaign id", seq, roll_id)
        if seed.number not in self.checked_seeds:
            self._check_seed(seed, seq, roll_id)
        computed = link_salt(seed.secret, campaign, seq)
        if not (given is None or given == computed):
            reason = f"the salt is not the one revealed seed {number} gives for this link"
            raise Stop(Failure(seq, roll_id, reason))
        self.report.salts_checked += 1
        return computed

    def _record(self, record: Mapping[str, Any], seq: int, roll_id: str, campaign: Any) -> None:
        need(record.get("id") == roll_id, "the record is of another roll", seq, roll_id)
        need(record.get("link_seq") == seq, "the record names another link seq", seq, roll_id)
        if campaign is not None:
            need(record.get("campaign_id") == campaign, "another campaign's roll", seq, roll_id)
        asked = self.requests.problem(record, seq)  # a roll request, or an answer to one
        if asked is not None:
            raise Stop(Failure(seq, roll_id, asked))
        if is_request(record):
            return
        proof: Any = record.get("proof")
        need(isinstance(proof, list), "the record has no proof list", seq, roll_id)
        earlier = self._earlier_draws(roll_id, proof, seq)
        for draw in proof[earlier:] if earlier else proof:
            self._draw(draw, seq, roll_id)
        problem = dice_problem(record)
        if problem is not None:
            raise Stop(Failure(seq, roll_id, problem))

    def _earlier_draws(self, roll_id: str, proof: list[Any], seq: int) -> int:
        """How many draws of ``proof`` the roll's earlier link showed (they must be the
        same, unchanged); the rest are new."""
        self.seen_rolls.add(roll_id)
        earlier = self.proofs.get(roll_id, [])
        need(
            proof[: len(earlier)] == earlier,
            "the proof differs from the roll's earlier link (a draw was changed)",
            seq,
            roll_id,
        )
        self.proofs[roll_id] = proof
        return len(earlier)

    def _draw(self, draw: Any, seq: int, roll_id: str) -> None:
        need(is_map(draw), "a proof entry is not an object", seq, roll_id)
        nonce = draw.get("nonce")
        need(is_int(nonce) and is_int(draw.get("seed")), "a draw lacks its nonce or seed",
             seq, roll_id)  # fmt: skip
        owner = self.nonces.get(nonce)
        if owner is not None:
            raise Stop(Failure(seq, roll_id, f"nonce {nonce} was already used by roll {owner}"))
        self.nonces[nonce] = roll_id
        self._fresh_draw(draw, seq, roll_id)

    def _fresh_draw(self, draw: Mapping[str, Any], seq: int, roll_id: str) -> None:
        """A draw no earlier link showed: its seed, range and faces."""
        nonce, number = draw["nonce"], draw["seed"]
        seed = self.seeds.get(number)
        if seed is None:
            reason = f"draw nonce {nonce} names seed {number}, which was never committed"
            raise Stop(Failure(seq, roll_id, reason))
        if seed.number not in self.checked_seeds:
            self._check_seed(seed, seq, roll_id)
        if not (
            draw.get("commitment") == seed.commitment
            and draw.get("client_seed") == seed.client_seed
        ):
            reason = f"draw nonce {nonce}: commitment or client seed differ from seed {number}'s"
            raise Stop(Failure(seq, roll_id, reason))
        if not seed.first_nonce <= nonce < seed.end_nonce:
            reason = (
                f"nonce {nonce} is outside seed {number}'s range "
                f"{seed.first_nonce}..{seed.end_nonce - 1}"
            )
            raise Stop(Failure(seq, roll_id, reason))
        entries: Any = draw.get("rolls")
        if not isinstance(entries, list):
            raise Stop(Failure(seq, roll_id, f"draw nonce {nonce} has no rolls"))
        for entry in entries:
            if not (
                is_map(entry)
                and is_int(entry.get("sides"))
                and isinstance(entry.get("faces"), list)
                and all(is_int(f) for f in entry["faces"])
            ):
                raise Stop(Failure(seq, roll_id, f"draw nonce {nonce}: malformed roll entry"))
        if seed.secret is None:
            self.pending += 1
            if self.report.first_pending is None:
                why = f"draw nonce {nonce} is under seed {number}, which is not revealed"
                self.report.first_pending = Failure(seq, roll_id, why)
            return
        dice = SeededDice(seed.secret, seed.client_seed, nonce)
        for entry in entries:
            expected: list[Any]
            try:
                expected = dice.roll(entry["sides"], len(entry["faces"]))
            except ValueError as exc:  # DiceError: an impossible die
                expected = [f"error: {exc}"]
            if expected != entry["faces"]:
                reason = (
                    f"draw nonce {nonce}: seed {number} gives {expected} for "
                    f"d{entry['sides']}, the roll shows {entry['faces']}"
                )
                raise Stop(Failure(seq, roll_id, reason))
        self.recomputed += 1


def _same_objects(record: Mapping[str, Any], shown: Mapping[str, Any] | None) -> bool:
    """Whether ``record`` holds the very objects of ``shown``, a link's record, both made
    by ``chain_record`` (the same keys in the same order): then both encode, and hash,
    alike."""
    return shown is not None and all(map(is_, record.values(), shown.values()))
