"""Import of the line format, of any size, in two passes and all or nothing.

1. **Check**, as the body arrives: each line is parsed (bounded per line), validated by its
   part model, checked against the header (campaign, ruleset, nonce range, order) and fed
   to the verifier (``app.rules.verify_lines``: every link, salt and die; in a worker
   process, ``app.exchange.verifying``), then spooled to a temporary file (in memory up to
   a few MiB, then on disk; ``app.exchange.spool``). Nothing is written yet and no
   connection is held, however slowly the body comes.
2. **Write** (``app.exchange.writing``), once the trailer verified: one transaction (a
   writer job) inserts the spool in batches of one statement each, yielding the loop
   between batches. A refusal in pass 1 or a conflict in pass 2 leaves nothing: the
   transaction is rolled back whole.

The spool holds each record as pass 1 validated it, the log's already as the rows pass 2
inserts: pass 2 neither validates the file a second time (that was about a sixth of an
import's time) nor parses it.

The price: on SQLite the writer is held for pass 2 (other writes queue for its duration,
about half a second per 20,000 rolls on a 2-core machine); reads go on."""

from __future__ import annotations

import asyncio
import hashlib
import json
import tempfile
from collections.abc import AsyncIterable
from dataclasses import dataclass, field
from typing import IO, Any, get_args

from pydantic import BaseModel, ValidationError

from app.campaigns.service import validate_settings
from app.characters.sheets import normalise
from app.core.errors import Unprocessable
from app.core.fastjson import FastCodec
from app.core.i18n import msg
from app.exchange import lines
from app.exchange.checks import grant_problem
from app.exchange.schemas import (
    CampaignPart,
    CharacterPart,
    ContestPart,
    EventPart,
    FairnessPart,
    GrantPart,
    GroupRollPart,
    MemberPart,
    MessagePart,
    RollPart,
    RollRequestPart,
    TaskPart,
)
from app.exchange.spool import SpoolWriter
from app.exchange.verifying import Refused, VerifierProcess
from app.messages.service import audience_of, to_read
from app.rules import RulesError
from app.rules.verify_lines import LineVerifier
from app.rules.verify_report import Stop
from app.rules.verify_rolls import RollCharacters

PARTS: dict[str, type[BaseModel]] = {
    "member": MemberPart,
    "character": CharacterPart,
    "event": EventPart,
    "roll": RollPart,
    "roll_request": RollRequestPart,
    "contest": ContestPart,
    "group_roll": GroupRollPart,
    "task": TaskPart,
    "grant": GrantPart,
    "message": MessagePart,
}
FLOWS = {"contest": "contests", "group_roll": "group_rolls", "task": "tasks"}
STAGES = {"member": 0, "character": 1, "event": 2, "roll": 2, "roll_request": 2, "message": 2,
          "contest": 3, "group_roll": 3, "task": 3, "grant": 4}  # fmt: skip


def _holds_model(annotation: Any) -> bool:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return True
    return any(_holds_model(arg) for arg in get_args(annotation))


# The record types whose models hold no model: their validated values are their fields as
# they are (``_values``).
_FLAT = frozenset(
    kind
    for kind, model in PARTS.items()
    if not any(_holds_model(info.annotation) for info in model.model_fields.values())
)
# The records the trailer counts that the verifier does not: record type -> count's name.
_COUNTED = {**FLOWS, "grant": "grants"}
_YIELD_EVERY = 16
_SPOOL = 8 * 1024 * 1024
_BUFFER = 1024 * 1024


def _values(kind: str, value: BaseModel) -> dict[str, Any]:
    """``value.model_dump()``, without its deep copy where that copy is all it does: the
    values of a model of plain fields are its attributes (a sixth of reading a line)."""
    return dict(value.__dict__) if kind in _FLAT else value.model_dump()


async def discard(spool: IO[bytes]) -> None:
    """Close (and so delete) a spool in a worker thread: freeing a file of hundreds of MB
    takes the file system tens of milliseconds, which the loop must not wait on."""
    await asyncio.to_thread(spool.close)


def bad(number: int, why: str) -> Unprocessable:
    return Unprocessable(msg("line {number}: {why}", number=number, why=why))


def part(number: int, model: type[BaseModel], values: Any) -> Any:
    try:
        return model.model_validate(values)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise bad(number, f"{where}: {first['msg']}") from exc


@dataclass(slots=True)
class Seen:
    """What pass 1 keeps of the lines read so far, for the lines after them: the ids given
    (each once), and each roll the chain links, to its character (for the grants), in
    about 20 bytes a roll."""

    members: set[str] = field(default_factory=set)
    characters: set[str] = field(default_factory=set)
    flows: set[str] = field(default_factory=set)
    grants: set[str] = field(default_factory=set)
    rolls: RollCharacters = field(default_factory=RollCharacters)
    last_seq: int = 0
    # chat message id -> a digest of its message.created event (the data and who reads
    # it), until its message record; and the ids of the messages whose deletion was read
    said: dict[str, bytes] = field(default_factory=dict)
    deleted: set[str] = field(default_factory=set)
    # The last roll link's (roll id, its data's ``acted_by``): the roll record right after
    # it must say the same (``acted_by`` is not chained).
    last_link: tuple[str, Any] | None = None


@dataclass(slots=True)
class Checked:
    """What pass 1 learnt: the header's parts, the counts, the spool of records."""

    campaign: CampaignPart
    fairness: FairnessPart
    settings: dict[str, Any]
    spool: IO[bytes]
    counts: dict[str, int] = field(default_factory=dict)
    acted_by: bool = True  # the file's version carries ``acted_by`` on its rolls


async def check(chunks: AsyncIterable[bytes], max_line: int, *, backup: bool = False) -> Checked:
    """Pass 1: every line checked and verified; 422 naming the first bad one. The chain is
    verified by a worker process as the lines are read (app/exchange/verifying.py)."""
    # a large write buffer: a line at a time through the default 8 KiB cost 20 µs a line
    spool = tempfile.SpooledTemporaryFile(max_size=_SPOOL, buffering=_BUFFER)  # noqa: SIM115
    try:
        async with VerifierProcess() as verifier:
            try:
                found = await _read(chunks, max_line, backup, verifier, spool)
            except Refused as refused:
                raise _unverified(refused.number, refused.why) from None
            except Unprocessable:
                failed = await verifier.settle()  # a line before this one that does not verify
                if failed is not None:
                    raise _unverified(*failed) from None
                raise
    except BaseException:
        await discard(spool)
        raise
    spool.seek(0)
    return found


def _unverified(number: int, why: str) -> Unprocessable:
    return bad(number, f"the history does not verify: {why}")


async def _read(
    chunks: AsyncIterable[bytes],
    max_line: int,
    backup: bool,
    verifier: VerifierProcess,
    spool: IO[bytes],
) -> Checked:
    found: Checked | None = None
    writer: SpoolWriter | None = None
    stage, ended = 0, False
    seen = Seen()
    async for number, line, record in lines.records(chunks, max_line):
        if ended:
            raise bad(number, "a record after the trailer")
        kind = record.pop("t", None)
        if found is None or writer is None:
            found = _header(number, record, kind, backup, spool)
            writer = SpoolWriter(spool, found.campaign.id)
            await verifier.header(line)
            continue
        if kind == "trailer":
            why = await verifier.finish(line)
            if why is not None:
                raise _unverified(number, why)
            _check_counts(number, record, found)
            if seen.said:
                unsaid = next(iter(seen.said))
                raise bad(number, f"message {unsaid} has its events but no message record")
            writer.close()
            ended = True
            continue
        model = PARTS.get(str(kind))
        if model is None:
            raise bad(number, f"unknown record type {kind!r}")
        if STAGES[str(kind)] < stage:
            raise bad(number, f"a {kind} record after the records that follow it")
        stage = STAGES[str(kind)]
        value = part(number, model, record)
        _check_part(number, str(kind), value, record, found, seen)
        await verifier.record(number, line)
        row = _values(str(kind), value)
        if kind == "character":
            row["sheet"] = _sheet(number, found.campaign.ruleset, value.sheet)
        writer.add(str(kind), row)
        found.counts[str(kind)] = found.counts.get(str(kind), 0) + 1
        if number % _YIELD_EVERY == 0:  # a line costs ~0.1 ms: give the loop back often
            await asyncio.sleep(0)
    if found is None:
        raise Unprocessable(msg("the body is empty: expected a header line"))
    if not ended:
        raise Unprocessable(msg("the body ends without its trailer: it was cut short"))
    return found


def _header(
    number: int, record: dict[str, Any], kind: Any, backup: bool, spool: IO[bytes]
) -> Checked:
    want = lines.BACKUP_FORMAT if backup else lines.FORMAT
    versions = lines.READ_VERSIONS[want]
    if kind != "header" or record.get("format") != want or record.get("version") not in versions:
        raise bad(number, f"expected the header of {want} version {versions[-1]}")
    extra = set(record) - {"format", "version", "exported_at", "campaign", "fairness"}
    if extra:
        raise bad(number, f"the header has unknown fields {sorted(extra)}")
    try:  # here too, for its refusal to come first (the worker then reads it as well)
        LineVerifier(codec=FastCodec()).header({"t": "header", **record})
    except Stop as stop:
        raise bad(number, str(stop.failure)) from stop
    campaign = part(number, CampaignPart, record.get("campaign"))
    fairness = part(number, FairnessPart, record.get("fairness"))
    if fairness.campaign_id != campaign.id:
        raise bad(number, "fairness.campaign_id is not campaign.id")
    for seed in fairness.seeds:
        current = seed.number == fairness.seed_number
        if current and seed.end_nonce is not None:
            raise bad(number, f"seed {seed.number}: the current seed is open-ended")
        if current and not backup and seed.server_seed is not None:
            raise bad(number, f"seed {seed.number}: the current seed is secret")
        secret = None if seed.server_seed is None else bytes.fromhex(seed.server_seed)
        if secret is not None and hashlib.sha256(secret).hexdigest() != seed.commitment:
            raise bad(number, f"seed {seed.number}: server_seed does not match its commitment")
    settings = validate_settings(
        campaign.ruleset, campaign.settings, loc=("body", "campaign", "settings")
    )
    acted_by = record["version"] >= lines.ACTED_BY_SINCE[want]
    return Checked(campaign, fairness, settings, spool, acted_by=acted_by)


def _sheet(number: int, ruleset: str, sheet: dict[str, Any]) -> dict[str, Any]:
    try:
        return normalise(ruleset, sheet)[0]
    except RulesError as exc:
        raise bad(number, f"sheet: {exc}") from exc


def _check_part(
    number: int, kind: str, value: Any, record: dict[str, Any], found: Checked, seen: Seen
) -> None:
    """What the verifier does not see."""
    campaign, fairness = found.campaign, found.fairness
    if kind == "event":
        if value.seq <= seen.last_seq:
            raise bad(number, f"event seq {value.seq} does not follow seq {seen.last_seq}")
        if value.seq > fairness.last_seq:
            raise bad(number, f"event seq {value.seq} is after fairness.last_seq")
        seen.last_seq = value.seq
        if value.type in ("message.created", "message.deleted"):
            _message_event(number, value, seen)
            return
        roll_id = record["data"].get("id")
        if value.type.startswith("roll.") and value.hash is not None and type(roll_id) is str:
            seen.rolls.link(roll_id)
            seen.last_link = (roll_id, record["data"].get("acted_by"))
        return
    if kind == "message":
        _message_line(number, value, campaign.id, seen)
        return
    if kind == "roll_request":
        if value.campaign_id != campaign.id or value.ruleset != campaign.ruleset:
            raise bad(number, f"roll request {value.id} belongs to another campaign or ruleset")
        return
    if kind == "roll":
        if value.campaign_id != campaign.id or value.ruleset != campaign.ruleset:
            raise bad(number, f"roll {value.id} belongs to another campaign or ruleset")
        if ("acted_by" in record) != found.acted_by:
            said = "lacks acted_by" if found.acted_by else "has acted_by, which its version has not"
            raise bad(number, f"roll {value.id} {said}")
        link = seen.last_link
        if link is not None and link[0] == value.id and link[1] != value.acted_by:
            raise bad(number, f"roll {value.id}: acted_by is not its latest link's")
        for draw in value.proof:
            nonce = draw.get("nonce")
            if type(nonce) is not int or not 0 <= nonce < fairness.next_nonce:
                raise bad(number, f"roll {value.id}: proof nonce {nonce!r} is not below "
                          "fairness.next_nonce")  # fmt: skip
        seen.rolls.place(value.id, value.character_id or "")  # unlinked: the verifier refuses it
        return
    if kind == "grant":
        _once(number, kind, value.id, seen.grants)
        if campaign.ruleset != "3d6":
            raise bad(number, "only a 3d6 campaign has grants")
        problem = grant_problem(value, campaign.id, seen.characters, seen.rolls)
        if problem is not None:
            raise bad(number, problem)
        return
    if kind == "member":
        _once(number, kind, value.user_id, seen.members)
        return
    if kind == "character":
        _once(number, kind, value.id, seen.characters)
        return
    if campaign.ruleset != "3d6":
        raise bad(number, "only a 3d6 campaign has a table flow")
    if value.campaign_id != campaign.id:
        raise bad(number, f"{kind} {value.id} belongs to another campaign")
    _once(number, kind, value.id, seen.flows)


def _said(data: Any, visibility: str, user_id: Any, audience: Any) -> bytes:
    said = json.dumps([data, visibility, user_id, audience], sort_keys=True, default=str)
    return hashlib.blake2b(said.encode(), digest_size=16).digest()


def _message_event(number: int, event: EventPart, seen: Seen) -> None:
    """A chat message's event: its creation (kept as a digest, for its record to match)
    or its deletion (which must follow its creation)."""
    message_id = event.data.get("id")
    if type(message_id) is not str:
        raise bad(number, f"a {event.type} event names no message")
    if event.type == "message.created":
        if message_id in seen.said:
            raise bad(number, f"message {message_id} is created twice")
        seen.said[message_id] = _said(event.data, event.visibility, event.user_id, event.audience)
        return
    if message_id not in seen.said or message_id in seen.deleted:
        raise bad(number, f"message {message_id} is deleted without being there")
    seen.deleted.add(message_id)


def _message_line(number: int, message: MessagePart, campaign_id: str, seen: Seen) -> None:
    """A chat message agrees with its events: its creation's data is the message as its
    readers read it (with its tombstone once deleted), seen by exactly its readers."""
    if message.campaign_id != campaign_id:
        raise bad(number, f"message {message.id} belongs to another campaign")
    if (message.recipients is None) != (message.visibility == "public"):
        raise bad(number, f"message {message.id}: recipients and visibility disagree")
    deleted = message.deleted_at is not None
    if (message.deleted_by is not None) != deleted or (message.text is None) != deleted:
        raise bad(number, f"message {message.id}: text, deleted_by and deleted_at disagree")
    if message.in_character != (message.character_id is not None):
        raise bad(number, f"message {message.id}: in_character and character_id disagree")
    if deleted != (message.id in seen.deleted):
        raise bad(number, f"message {message.id} does not match its message.deleted event")
    row = message.model_dump()
    audience = audience_of(row)
    expected = _said(to_read(row), message.visibility, message.user_id, audience)
    if seen.said.pop(message.id, None) != expected:
        raise bad(number, f"message {message.id} does not match its message.created event")


def _once(number: int, kind: str, ident: str, given: set[str]) -> None:
    if ident in given:
        raise bad(number, f"{kind} {ident} is given twice")
    given.add(ident)


def _check_counts(number: int, trailer: dict[str, Any], found: Checked) -> None:
    """The trailer's counts of the records the verifier does not count (it counts the
    rolls and the roll requests); a count a file of an earlier version lacks is 0."""
    counts = trailer["counts"]  # a map: the verifier has checked it
    for kind, name in _COUNTED.items():
        held = found.counts.get(kind, 0)
        if counts.get(name, 0) != held:
            raise bad(number, f"the trailer counts {counts.get(name, 0)!r} {name}, the file "
                      f"holds {held}: records are missing")  # fmt: skip
