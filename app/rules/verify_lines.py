"""The verifier of ``app.rules.verify``, fed one record at a time: a campaign export in
the line format (docs/export.md, "The line format") is checked as it is read, in memory
that does not grow with the rolls' size: a roll whose roll record was read leaves its id,
in 16 bytes or so (``app.rules.verify_rolls``: to refuse a later link of it), a roll
still open the digest of its last proof (to see that a later link changes none of its
draws).

Standard library only, like the verifier. The links are rebuilt from the ``event``
records (a roll event is a link: its ``data`` is the roll as chained), each salt
recomputed from the header's revealed seeds; a link salted by a seed the file does not
reveal cannot be checked and fails. Each ``roll`` record follows its latest link and must
hash to it; so does each ``roll_request`` record (``app.rules.verify_requests``). A ``message``
record (the table chat: no link, nothing to hash) follows its latest event, the
``message.created`` of its seq or its ``message.deleted``, and the trailer counts them.
Draws are new in chain order: a draw no earlier link of its roll showed takes
a nonce above every nonce drawn before it (the server draws the campaign's next nonce
under the lock that gives the link its seq), so no nonce can serve two rolls.

What a check needs of the lines before it goes through a few methods (``_follow``,
``_earlier_draws``, ``_draw``, ``_give``, ``_request_linked``, ``_request_open``,
``_request_given``), so ``app.rules.verify_chunks`` can check pieces of a file apart and
join them. Every line is read by a codec (``app.rules.chain.Codec``): the standard
library's unless the caller gives one that reads and writes the same, faster.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from typing import Any

from app.rules.chain import GENESIS, STANDARD, Codec, chain_record, link_hash
from app.rules.compact import COMPACT_SINCE, Compact, RecordT
from app.rules.verify import _Verifier
from app.rules.verify_dice import is_int, is_map
from app.rules.verify_report import Failure, Report, Stop, is_str, need
from app.rules.verify_requests import is_link_type, is_request, request_record
from app.rules.verify_rolls import RollStates

__all__ = ["LineVerifier", "verify_lines"]

FORMATS = {"fairtable-campaign": (3, 4, 5, 6, 7), "fairtable-backup": (2, 3, 4, 5, 6)}
"""The versions read: the latest of each lets a roll's latest link travel compact
(``app.rules.compact``), the one before adds ``acted_by`` to its rolls (not chained: the
verifier reads past it), the one before that writes chat messages, the one before that
roll requests but no messages, the one before that neither."""


class LineVerifier(_Verifier):
    """``header`` once, ``record`` for each line after it, ``finish`` with the trailer.
    ``codec`` reads and encodes (``app.rules.chain.Codec``: the same values and bytes)."""

    def __init__(self, report: Report | None = None, codec: Codec = STANDARD) -> None:
        super().__init__(None, report or Report(), codec)
        self.no_draws = self._digest([])
        self.prev, self.last_seq, self.max_nonce = GENESIS, 0, -1
        self.campaign_id: Any = None
        self.head: Any = None
        self.last_link: dict[str, Any] | None = None
        self.rolls = RollStates()  # the digest: of the draws' canonical JSON
        self.roll_lines = 0
        # request id -> the characters its ``roll_request`` record says rolled, and by
        # which roll (None until that record, which follows the request's latest link)
        self.request_lines: dict[str, dict[str, Any] | None] = {}
        # the last record's message event, while it is the one before: (id, seq, type)
        self.last_message: tuple[Any, Any, str] | None = None
        self.message_lines = 0
        self.compact = Compact(False)  # the header says whether roll events travel compact

    def header(self, header: Any) -> None:
        need(is_map(header) and header.get("t") == "header", "the first line is no header")
        versions = FORMATS.get(header.get("format"), ())
        need(
            header.get("version") in versions,
            f"unknown format {header.get('format')!r} version {header.get('version')!r}",
        )
        fairness, campaign = header.get("fairness"), header.get("campaign")
        need(is_map(fairness) and is_map(campaign), "the header lacks fairness or campaign")
        self._read_seeds(fairness)
        self.campaign_id, self.head = campaign.get("id"), fairness.get("chain_head")
        need(is_str(self.campaign_id), "the campaign has no id")
        need(fairness.get("campaign_id") == self.campaign_id, "fairness is another campaign's")
        self.compact = Compact(header["version"] >= COMPACT_SINCE[header["format"]])

    def record(self, record: RecordT) -> tuple[RecordT | dict[str, Any], ...]:
        """The next line's value; the records read (``Compact.feed``): a compact roll event
        is read with its roll, which follows it, and given back whole."""
        found = self.compact.feed(record)
        for one in found:
            self._one(one)
        return found

    def _one(self, record: Mapping[str, Any]) -> None:
        kind = record.get("t")
        if kind == "event":
            self._event(record)
        elif kind == "roll":
            self._roll(record)
        elif kind == "roll_request":
            self._request_line(record)
        elif kind == "message":
            self._message(record)
        if kind != "event":
            self.last_message = None

    def _event(self, event: Mapping[str, Any]) -> None:
        self.last_link = None
        data: Any = event.get("data")
        seq: Any = event.get("seq")
        kind: Any = event.get("type")
        hash_, prev = event.get("hash"), event.get("prev_hash")
        self.last_message = None
        if isinstance(kind, str) and kind.startswith("message.") and is_map(data):
            self.last_message = (data.get("id"), seq, kind)
        if not (is_link_type(kind) and hash_ is not None):
            return
        need(is_map(data) and is_str(data.get("id")), "a roll event names no roll", seq)
        need(is_int(seq) and is_str(prev), "a roll event lacks its seq or prev_hash", seq)
        roll_id = data["id"]
        stub = data.get("redacted") is True
        need(not stub or event.get("visibility") == "private",
             "only a private roll travels as a stub", seq, roll_id)  # fmt: skip
        number = self._salter(seq)
        if number is not None and self.seeds[number].secret is None:
            raise Stop(Failure(seq, roll_id, f"its link is salted by seed {number}, which "
                               "the file does not reveal, so it cannot be checked"))  # fmt: skip
        try:
            record = None if stub else chain_record(data, seq)
        except KeyError as exc:
            raise Stop(Failure(seq, roll_id, f"the roll event lacks {exc}")) from exc
        link = {
            "seq": seq,
            "roll_id": roll_id,
            "version": 1 if number is None else 2,
            "salt_seed": number,
            "salt": None,
            "prev_hash": prev,
            "hash": hash_,
            "record": record,
        }
        self.salt_of.clear()
        self.prev, self.last_seq = self._follow(link)
        self.report.links += 1
        self.last_link = link
        if record is not None and is_request(record):
            self._request_linked(roll_id, seq)

    def _follow(self, link: dict[str, Any]) -> tuple[str, int]:
        """The link after the one before it (``self.prev`` at ``self.last_seq``)."""
        return self._link(self.report.links, link, self.prev, self.last_seq, self.campaign_id)

    def _request_linked(self, request_id: str, seq: int) -> None:
        need(self.request_lines.get(request_id) is None, "a link of a request after its "
             "roll_request record (not its latest)", seq, request_id)  # fmt: skip
        self.request_lines[request_id] = None

    def _roll(self, roll: Mapping[str, Any]) -> None:
        self.roll_lines += 1
        link, roll_id = self.last_link, roll.get("id")
        if not (
            link is not None
            and link["roll_id"] == roll_id
            and link["record"] is not None
            and not is_request(link["record"])
        ):
            reason = f"roll {roll_id!r} does not follow its latest link"
            raise Stop(Failure(None if link is None else link["seq"], None, reason))
        self._give(link["roll_id"], link["seq"])
        self._export_roll(link, roll)
        self.last_link = None

    def _message(self, line: Mapping[str, Any]) -> None:
        """A chat message follows its latest event: its ``message.created`` (same seq) while
        it stands, its ``message.deleted`` once deleted."""
        event, message_id = self.last_message, line.get("id")
        if event is None or event[0] != message_id or not is_str(message_id):
            raise Stop(Failure(None, None, f"message {message_id!r} does not follow its "
                               "latest event"))  # fmt: skip
        _, seq, kind = event
        if kind == "message.created":
            need(line.get("seq") == seq and line.get("deleted_at") is None,
                 f"message {message_id} is not the message its event created", seq)  # fmt: skip
        else:
            need(kind == "message.deleted" and line.get("deleted_at") is not None,
                 f"message {message_id} does not follow its latest event", seq)  # fmt: skip
        self.message_lines += 1

    def _give(self, roll_id: str, seq: int) -> None:
        """The roll's record was read (after its latest link, so after every link)."""
        need(self.rolls.give(roll_id), "the roll is given twice", seq, roll_id)

    def _request_line(self, line: Mapping[str, Any]) -> None:
        link, request_id = self.last_link, line.get("id")
        if not (
            link is not None
            and link["roll_id"] == request_id
            and link["record"] is not None
            and is_request(link["record"])
        ):
            reason = f"roll request {request_id!r} does not follow its latest link"
            raise Stop(Failure(None if link is None else link["seq"], None, reason))
        seq = link["seq"]
        self._request_open(link["roll_id"], seq)
        try:
            record = chain_record(request_record(line), seq)
            computed = link_hash(link["prev_hash"], record, self.salt_of[seq], self.encode)
            rolled = {t["character_id"]: t["roll_id"] for t in line["targets"]
                      if t["status"] == "rolled"}  # fmt: skip
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            computed, rolled = f"unreadable ({exc})", {}
        need(computed == link["hash"], "the roll request does not match its latest link "
             "(changed)", seq, request_id)  # fmt: skip
        self._request_given(link["roll_id"], rolled)
        self.last_link = None

    def _request_open(self, request_id: str, seq: int) -> None:
        """A ``roll_request`` record comes once, after its request's latest link."""
        if self.request_lines.get(request_id) is not None:
            reason = f"roll request {request_id!r} does not follow its latest link"
            raise Stop(Failure(seq, None, reason))

    def _request_given(self, request_id: str, rolled: dict[str, Any]) -> None:
        self.request_lines[request_id] = rolled

    def _digest(self, proof: list[Any]) -> bytes:
        """What stays of a roll's draws: a digest of their canonical JSON."""
        return hashlib.blake2b(self.encode(proof), digest_size=12).digest()

    def _earlier_draws(self, roll_id: str, proof: list[Any], seq: int) -> int:
        state = self.rolls.open.get(roll_id)
        if state is None:
            after = "a link of a roll after its roll record (not its latest)"
            need(not self.rolls.is_given(roll_id), after, seq, roll_id)
            count, digest = 0, self.no_draws
        else:
            count, digest = state
        need(
            (self.no_draws if count == 0 else self._digest(proof[:count])) == digest,
            "the proof differs from the roll's earlier link (a draw was changed)",
            seq,
            roll_id,
        )
        self.rolls.open[roll_id] = (len(proof), self._digest(proof))
        return count

    def _draw(self, draw: Any, seq: int, roll_id: str) -> None:
        need(is_map(draw), "a proof entry is not an object", seq, roll_id)
        nonce = draw.get("nonce")
        need(is_int(nonce) and is_int(draw.get("seed")), "a draw lacks its nonce or seed",
             seq, roll_id)  # fmt: skip
        if not nonce > self.max_nonce:
            reason = (
                f"draw nonce {nonce} is not above the nonces drawn before it "
                f"(up to {self.max_nonce}): used twice, or out of order"
            )
            raise Stop(Failure(seq, roll_id, reason))
        self.max_nonce = nonce
        self._fresh_draw(draw, seq, roll_id)

    def finish(self, trailer: Any) -> Report:
        """The end of the file: the chain head, the counts, then the report."""
        try:
            need(is_map(trailer) and trailer.get("t") == "trailer",
                 "the file ends without its trailer: it was cut short")  # fmt: skip
            self.compact.end()
            need(trailer.get("chain_head") == self.head, "the trailer's chain head differs")
            need(
                self.prev == self.head,
                f"the chain ends at {self.prev} but the campaign's head is {self.head}: "
                "links are missing or changed at the end",
                self.last_seq or None,
            )
            missing = self.rolls.first_open()
            need(missing is None, f"roll {missing} has a link but no roll record")
            counts = trailer.get("counts")
            need(is_map(counts) and counts.get("rolls") == self.roll_lines,
                 "the trailer's roll count differs: records are missing")  # fmt: skip
            self._answers(counts)
            need(counts.get("messages", 0) == self.message_lines,
                 "the trailer's message count differs: records are missing")  # fmt: skip
            for number in sorted(set(self.seeds) - self.checked_seeds):
                self._check_seed(self.seeds[number], None, None)
        except Stop as stop:
            self.report.failure = stop.failure
        self.report.rolls = len(self.rolls)
        self._notes()
        return self.report

    def _answers(self, counts: Mapping[str, Any]) -> None:
        """Every request has its record, and the characters each says rolled are the
        answers of the chain, each by the roll that answered."""
        lines = self.request_lines
        missing = next((r for r, rolled in lines.items() if rolled is None), None)
        need(missing is None, f"roll request {missing} has a link but no roll_request record")
        need(counts.get("roll_requests", 0) == len(lines),
             "the trailer's roll request count differs: records are missing")  # fmt: skip
        answers = self.requests.answers
        for (request_id, character), roll_id in answers.items():
            said = (lines.get(request_id) or {}).get(character)
            need(said == roll_id, f"roll {roll_id} answers request {request_id} for "
                 f"{character}, which its record does not say", None, roll_id)  # fmt: skip
        for request_id, rolled in lines.items():
            for character, roll_id in (rolled or {}).items():
                need(answers.get((request_id, character)) == roll_id,
                     f"roll request {request_id} says {character} rolled {roll_id}, "
                     "which answers nothing in the chain", None, request_id)  # fmt: skip


def verify_lines(lines: Iterable[str | bytes], codec: Codec = STANDARD) -> Report:
    """Check a file of the line format; never raises on bad input (the report says)."""
    verifier = LineVerifier(codec=codec)
    loads = codec.loads
    last: Any = None
    started = False
    try:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                value = loads(line)
            except ValueError as exc:
                raise Stop(Failure(None, None, f"line {number} is not JSON: {exc}")) from exc
            need(is_map(value), f"line {number} is not an object")
            if not started:
                verifier.header(value)
                started = True
                continue
            if last is not None:
                verifier.record(last)
            last = value
    except Stop as stop:
        verifier.report.failure = stop.failure
        return verifier.report
    if not started:
        verifier.report.failure = Failure(None, None, "the file is empty")
        return verifier.report
    return verifier.finish(last)
