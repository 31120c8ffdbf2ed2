"""Import of the line format, of any size, in two passes and all or nothing.

1. **Check**, as the body arrives: each line is parsed (bounded per line), validated by its
   part model, checked against the header (campaign, ruleset, nonce range, order) and fed
   to the verifier (``app.rules.verify_lines``: every link, salt and die), then spooled to
   a temporary file (in memory up to a few MiB, then on disk). Nothing is written yet and
   no connection is held, however slowly the body comes.
2. **Write**, once the trailer verified: one transaction (a writer job) inserts the spool
   in batches of multi-row statements, yielding the loop between batches. A refusal in
   pass 1 or a conflict in pass 2 leaves nothing: the transaction is rolled back whole.

The price: on SQLite the writer is held for pass 2 (other writes queue for its duration,
about a second per 20,000 rolls); reads go on."""

from __future__ import annotations

import asyncio
import hashlib
import tempfile
from collections.abc import AsyncIterable, Awaitable, Callable
from dataclasses import dataclass, field
from typing import IO, Any

from pydantic import BaseModel, ValidationError

from app.campaigns.service import validate_settings
from app.characters.sheets import normalise
from app.core.errors import Unprocessable
from app.core.jsontext import dumps, loads
from app.exchange import lines
from app.exchange.schemas import (
    CampaignPart,
    CharacterPart,
    ContestPart,
    EventPart,
    FairnessPart,
    GroupRollPart,
    MemberPart,
    RollPart,
    TaskPart,
)
from app.rules import RulesError
from app.rules.verify_lines import LineVerifier
from app.rules.verify_report import Stop

PARTS: dict[str, type[BaseModel]] = {
    "member": MemberPart,
    "character": CharacterPart,
    "event": EventPart,
    "roll": RollPart,
    "contest": ContestPart,
    "group_roll": GroupRollPart,
    "task": TaskPart,
}
FLOWS = {"contest": "contests", "group_roll": "group_rolls", "task": "tasks"}
_STAGE = {"member": 0, "character": 1, "event": 2, "roll": 2, "contest": 3,
          "group_roll": 3, "task": 3}  # fmt: skip
BATCH = 200
_YIELD_EVERY = 16
_SPOOL = 8 * 1024 * 1024


def bad(number: int, why: str) -> Unprocessable:
    return Unprocessable(f"line {number}: {why}")


def part(number: int, model: type[BaseModel], values: Any) -> Any:
    try:
        return model.model_validate(values)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise bad(number, f"{where}: {first['msg']}") from exc


@dataclass(slots=True)
class Checked:
    """What pass 1 learnt: the header's parts, the counts, the spool of records."""

    campaign: CampaignPart
    fairness: FairnessPart
    settings: dict[str, Any]
    spool: IO[bytes]
    counts: dict[str, int] = field(default_factory=dict)


async def check(chunks: AsyncIterable[bytes], max_line: int, *, backup: bool = False) -> Checked:
    """Pass 1: every line checked and verified; 422 naming the first bad one."""
    verifier = LineVerifier()
    found: Checked | None = None
    stage, last_seq, ended = 0, 0, False
    ids: dict[str, set[str]] = {"member": set(), "character": set(), "flow": set()}
    spool = tempfile.SpooledTemporaryFile(max_size=_SPOOL)  # noqa: SIM115
    try:
        async for number, record in lines.records(chunks, max_line):
            if ended:
                raise bad(number, "a record after the trailer")
            kind = record.pop("t", None)
            if found is None:
                found = _header(number, record, kind, backup, verifier, spool)
                continue
            if kind == "trailer":
                report = verifier.finish({"t": "trailer", **record})
                if report.failure is not None:
                    raise bad(number, f"the history does not verify: {report.failure}")
                ended = True
                continue
            model = PARTS.get(str(kind))
            if model is None:
                raise bad(number, f"unknown record type {kind!r}")
            if _STAGE[str(kind)] < stage:
                raise bad(number, f"a {kind} record after the records that follow it")
            stage = _STAGE[str(kind)]
            value = part(number, model, record)
            last_seq = _check_part(number, str(kind), value, found, ids, last_seq)
            try:
                verifier.record({"t": kind, **record})
            except Stop as stop:
                raise bad(number, f"the history does not verify: {stop.failure}") from stop
            if kind == "character":
                sheet = _sheet(number, found.campaign.ruleset, value.sheet)
                record["sheet"] = sheet
            spool.write(dumps({"t": kind, **record}) + b"\n")
            found.counts[str(kind)] = found.counts.get(str(kind), 0) + 1
            if number % _YIELD_EVERY == 0:  # a line costs ~0.1 ms: give the loop back often
                await asyncio.sleep(0)
        if found is None:
            raise Unprocessable("the body is empty: expected a header line")
        if not ended:
            raise Unprocessable("the body ends without its trailer: it was cut short")
    except BaseException:
        spool.close()
        raise
    spool.seek(0)
    return found


def _header(
    number: int,
    record: dict[str, Any],
    kind: Any,
    backup: bool,
    verifier: LineVerifier,
    spool: IO[bytes],
) -> Checked:
    want = (lines.BACKUP_FORMAT, lines.BACKUP_VERSION) if backup else (lines.FORMAT, lines.VERSION)
    if kind != "header" or (record.get("format"), record.get("version")) != want:
        raise bad(number, f"expected the header of {want[0]} version {want[1]}")
    extra = set(record) - {"format", "version", "exported_at", "campaign", "fairness"}
    if extra:
        raise bad(number, f"the header has unknown fields {sorted(extra)}")
    try:
        verifier.header({"t": "header", **record})
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
    return Checked(campaign, fairness, settings, spool)


def _sheet(number: int, ruleset: str, sheet: dict[str, Any]) -> dict[str, Any]:
    try:
        return normalise(ruleset, sheet)[0]
    except RulesError as exc:
        raise bad(number, f"sheet: {exc}") from exc


def _check_part(
    number: int, kind: str, value: Any, found: Checked, ids: dict[str, set[str]], last_seq: int
) -> int:
    """What the verifier does not see; answers the last event seq."""
    campaign, fairness = found.campaign, found.fairness
    if kind == "event":
        if value.seq <= last_seq:
            raise bad(number, f"event seq {value.seq} does not follow seq {last_seq}")
        if value.seq > fairness.last_seq:
            raise bad(number, f"event seq {value.seq} is after fairness.last_seq")
        return int(value.seq)
    if kind == "roll":
        if value.campaign_id != campaign.id or value.ruleset != campaign.ruleset:
            raise bad(number, f"roll {value.id} belongs to another campaign or ruleset")
        for draw in value.proof:
            nonce = draw.get("nonce")
            if type(nonce) is not int or not 0 <= nonce < fairness.next_nonce:
                raise bad(number, f"roll {value.id}: proof nonce {nonce!r} is not below "
                          "fairness.next_nonce")  # fmt: skip
        return last_seq
    key, ident = {"member": ("member", "user_id"), "character": ("character", "id")}.get(
        kind, ("flow", "id")
    )
    if key == "flow":
        if campaign.ruleset != "3d6":
            raise bad(number, "only a 3d6 campaign has a table flow")
        if value.campaign_id != campaign.id:
            raise bad(number, f"{kind} {value.id} belongs to another campaign")
    if getattr(value, ident) in ids[key]:
        raise bad(number, f"{kind} {getattr(value, ident)} is given twice")
    ids[key].add(getattr(value, ident))
    return last_seq


async def write_spool(
    spool: IO[bytes], insert: Callable[[str, list[Any]], Awaitable[None]]
) -> None:
    """Pass 2's loop: each record type gathered into batches for ``insert``; every batch
    of a stage (members, characters, the log, the flows) is written before the next."""
    batches: dict[str, list[Any]] = {}
    stage = 0
    for line in spool:
        record = loads(line)
        kind = record.pop("t")
        if _STAGE[kind] != stage:
            for name, rows in batches.items():
                if rows:
                    await insert(name, rows)
            batches, stage = {}, _STAGE[kind]
        rows = batches.setdefault(kind, [])
        rows.append(part(0, PARTS[kind], record))
        if len(rows) >= BATCH:
            await insert(kind, rows)
            batches[kind] = []
            await asyncio.sleep(0)
    for name, rows in batches.items():
        if rows:
            await insert(name, rows)
