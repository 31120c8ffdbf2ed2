"""A line-format file checked in pieces, apart (in other processes, say), then joined in
order: the same checks as ``app.rules.verify_lines``, the same report when all pass.

Standard library only, like the verifier; whoever runs the pieces (the ``fairtable``
command: app/exchange/commands.py) owns the processes. A piece is whole lines between the
header and the trailer, starting anywhere but at a ``roll`` or ``roll_request`` line
(which must follow its link) or a ``message`` line (which must follow its event).
``check_piece`` runs on it every check that needs nothing of the lines before it: the
JSON, each link's hash, salt and record, every draw's seed, range and faces (all of a
proof's draws, since it cannot know which are new), the dice, a roll or request record
against its link. What the other checks need it notes, in chain order (``Piece.ops``).
``Joiner.join`` then takes the pieces in file order and runs those checks: the first link
follows the last of the piece before, each roll's earlier draws are unchanged (by a digest
of each draw's canonical JSON), new draws take rising nonces, no roll's link comes after
its roll record, the roll requests and their answers. The counts add up; ``Joiner.finish``
reads the trailer as ``LineVerifier.finish`` does.

Only a full pass is trusted: a piece that fails, or a join that does, says only that
something is wrong, not what or where first. The caller then verifies the file again,
whole and in order, for the report naming the first bad record.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.rules.chain import Codec
from app.rules.verify_dice import is_int, is_map
from app.rules.verify_lines import LineVerifier
from app.rules.verify_report import Failure, Report, Stop, need
from app.rules.verify_requests import Requests, is_request

__all__ = ["Joiner", "Piece", "PieceVerifier", "check_piece"]

# What ``Piece.ops`` notes, each a list starting with its tag.
DRAWS = 0  # roll id, link seq, each draw's digest, each draw's nonce, each draw's seed
HIDE = 1  # link id: a redacted link
PROBLEM = 2  # record, link seq: a roll request, or an answer to one
REQUEST_LINKED = 3  # request id, link seq
REQUEST_LINE = 4  # request id, link seq, the characters its record says rolled
GIVE = 5  # roll id, link seq: its roll record was read


@dataclass(slots=True)
class Piece:
    """What ``check_piece`` learnt of a piece (small, to travel between processes)."""

    failure: Failure | None = None  # something is wrong (not necessarily the first thing)
    first: tuple[int, str] | None = None  # the first link's seq and prev_hash
    last: tuple[str, int] | None = None  # the last link's hash and seq
    links: int = 0
    salted: int = 0
    salts_checked: int = 0
    redacted: int = 0
    roll_lines: int = 0
    message_lines: int = 0
    checked_seeds: set[int] = field(default_factory=set)
    ops: list[list[Any]] = field(default_factory=list)


class _NotedRequests(Requests):
    """Notes what the requests' checks are given, to run them at the join."""

    def __init__(self, ops: list[list[Any]]) -> None:
        super().__init__()
        self.ops = ops

    def hide(self, link_id: str) -> None:
        self.ops.append([HIDE, link_id])

    def problem(self, record: Mapping[str, Any], seq: int) -> str | None:
        result = record.get("result")
        asked = result.get("request_id") if isinstance(result, Mapping) else None
        if is_request(record) or asked is not None:  # else ``Requests`` has nothing to do
            self.ops.append([PROBLEM, record, seq])
        return None


class PieceVerifier(LineVerifier):
    """A ``LineVerifier`` that takes the piece's first link as following whatever came
    before, and notes the rest of what needs the lines before the piece: ``record`` each
    line's value (``Stop`` when one fails), then ``piece``."""

    def __init__(self, header: Mapping[str, Any], codec: Codec) -> None:
        super().__init__(codec=codec)
        self.header(header)
        self.ops: list[list[Any]] = []
        self.requests = _NotedRequests(self.ops)
        self.first: tuple[int, str] | None = None
        self.noted: list[Any] = []  # the DRAWS note of the link being checked

    def piece(self) -> Piece:
        """What the lines recorded so far showed, for ``Joiner.join``."""
        report = self.report
        found = Piece(first=self.first, ops=self.ops)
        if self.first is not None:
            found.last = (self.prev, self.last_seq)
        found.links, found.salted, found.redacted = report.links, report.salted, report.redacted
        found.salts_checked, found.roll_lines = report.salts_checked, self.roll_lines
        found.checked_seeds = self.checked_seeds
        found.message_lines = self.message_lines
        return found

    def _follow(self, link: dict[str, Any]) -> tuple[str, int]:
        if self.first is None:
            self.first = (link["seq"], link["prev_hash"])
            self.prev, self.last_seq = link["prev_hash"], link["seq"] - 1
        return super()._follow(link)

    def _request_linked(self, request_id: str, seq: int) -> None:
        self.ops.append([REQUEST_LINKED, request_id, seq])

    def _request_open(self, request_id: str, seq: int) -> None:
        pass  # noted with what follows, by ``_request_given``

    def _request_given(self, request_id: str, rolled: dict[str, Any]) -> None:
        assert self.last_link is not None
        self.ops.append([REQUEST_LINE, request_id, self.last_link["seq"], rolled])

    def _give(self, roll_id: str, seq: int) -> None:
        self.ops.append([GIVE, roll_id, seq])

    def _earlier_draws(self, roll_id: str, proof: list[Any], seq: int) -> int:
        encode = self.encode
        digests = tuple(hashlib.blake2b(encode(d), digest_size=12).digest() for d in proof)
        self.noted = [DRAWS, roll_id, seq, digests, [], []]
        self.ops.append(self.noted)
        return 0  # every draw checked: which are new, the join tells

    def _draw(self, draw: Any, seq: int, roll_id: str) -> None:
        need(is_map(draw), "a proof entry is not an object", seq, roll_id)
        nonce, number = draw.get("nonce"), draw.get("seed")
        need(is_int(nonce) and is_int(number), "a draw lacks its nonce or seed", seq, roll_id)
        self._fresh_draw(draw, seq, roll_id)
        self.noted[4].append(nonce)
        self.noted[5].append(number)


def check_piece(header: bytes, piece: bytes, codec: Codec) -> Piece:
    """Check the lines of ``piece`` (see the module doc); never raises."""
    try:
        verifier = PieceVerifier(codec.loads(header), codec)
        for line in piece.split(b"\n"):
            if not line.strip():
                continue
            value = codec.loads(line)
            need(is_map(value), "a line is not an object")
            verifier.record(value)
        verifier.compact.end()  # a piece never ends between a compact event and its roll
    except Stop as stop:
        return Piece(failure=stop.failure)
    except Exception as exc:  # the whole pass will say what
        return Piece(failure=Failure(None, None, f"{type(exc).__name__}: {exc}"))
    return verifier.piece()


class Joiner(LineVerifier):
    """``header``, then ``join`` each piece in file order (``Stop`` at the first that
    fails or does not fit), then ``finish`` with the trailer."""

    def __init__(self, codec: Codec, report: Report | None = None) -> None:
        super().__init__(report, codec)

    def join(self, piece: Piece) -> None:
        if piece.failure is not None:
            raise Stop(piece.failure)
        if piece.first is not None:
            seq, prev = piece.first
            need(seq > self.last_seq, "a piece does not follow the one before", seq)
            need(prev == self.prev, "a piece does not chain to the one before", seq)
        for op in piece.ops:
            tag = op[0]
            if tag == DRAWS:
                self._new_draws(*op[1:])
            elif tag == HIDE:
                self.requests.hide(op[1])
            elif tag == PROBLEM:
                asked = self.requests.problem(op[1], op[2])
                need(asked is None, str(asked), op[2])
            elif tag == REQUEST_LINKED:
                self._request_linked(op[1], op[2])
            elif tag == REQUEST_LINE:
                self._request_open(op[1], op[2])
                self._request_given(op[1], op[3])
            else:
                self._give(op[1], op[2])
        if piece.last is not None:
            self.prev, self.last_seq = piece.last
        report = self.report
        report.links += piece.links
        report.salted += piece.salted
        report.salts_checked += piece.salts_checked
        report.redacted += piece.redacted
        self.roll_lines += piece.roll_lines
        self.message_lines += piece.message_lines
        self.checked_seeds |= piece.checked_seeds

    def _new_draws(
        self, roll_id: str, seq: int, digests: tuple[bytes, ...], nonces: list[int],
        numbers: list[int],
    ) -> None:  # fmt: skip
        """``_earlier_draws`` and the part of ``_draw`` that needs the draws before."""
        state = self.rolls.open.get(roll_id)
        if state is None:
            need(not self.rolls.is_given(roll_id), "a link after the roll record", seq)
            count, earlier = 0, ()
        else:
            count, earlier = state
        need(digests[:count] == earlier, "a draw was changed", seq)
        self.rolls.open[roll_id] = (len(digests), digests)
        for nonce, number in zip(nonces[count:], numbers[count:], strict=True):
            need(nonce > self.max_nonce, "a nonce does not rise", seq)
            self.max_nonce = nonce
            if self.seeds[number].secret is not None:
                self.recomputed += 1
                continue
            self.pending += 1
            if self.report.first_pending is None:
                why = f"draw nonce {nonce} is under seed {number}, which is not revealed"
                self.report.first_pending = Failure(seq, roll_id, why)
