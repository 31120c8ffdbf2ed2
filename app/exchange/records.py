"""What each record of a line import must be (docs/export.md, "The line format"), apart
from its chain (``app.rules.verify_lines`` checks that): its part model, and its agreement
with the header and with the records before it.

One record is checked by ``check_record``, in the process that reads it: the import's own
pass, in file order (app/exchange/importing.py), or a worker checking a piece of the file
(app/exchange/pieces.py). Everything a record must agree with among the records before it
goes through a ``Seen`` (app/exchange/seen.py): the ordered pass checks it at once, a
worker notes it for the join, which checks it in file order."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import IO, Any, get_args

from pydantic import BaseModel, ValidationError

from app.campaigns.service import validate_settings
from app.characters.sheets import normalise
from app.core.db import rfc3339
from app.core.fastjson import FastCodec
from app.exchange import lines
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
from app.exchange.seen import Seen, SeenLike, bad
from app.messages.service import audience_of, to_read
from app.rules import RulesError
from app.rules.compact import COMPACT_SINCE
from app.rules.verify_lines import LineVerifier
from app.rules.verify_report import Stop

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


def _holds_model(annotation: Any) -> bool:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return True
    return any(_holds_model(arg) for arg in get_args(annotation))


# The record types whose models hold no model: their validated values are their fields as
# they are (``values``).
_FLAT = frozenset(
    kind
    for kind, model in PARTS.items()
    if not any(_holds_model(info.annotation) for info in model.model_fields.values())
)


# The records the trailer counts that the verifier does not: record type -> count's name.
_COUNTED = {**FLOWS, "grant": "grants"}


@dataclass(slots=True)
class Checked:
    """What an import's first pass learnt: the header's parts, the counts, the spool of
    records (app/exchange/spool.py)."""

    campaign: CampaignPart
    fairness: FairnessPart
    settings: dict[str, Any]
    spool: IO[bytes]
    counts: dict[str, int] = field(default_factory=dict)
    acted_by: bool = True  # the file's version carries ``acted_by`` on its rolls
    compact: bool = True  # the file's version lets roll events travel compact

    @property
    def header_parts(self) -> tuple[CampaignPart, FairnessPart, bool]:
        """What ``check_record`` needs of the header."""
        return self.campaign, self.fairness, self.acted_by


def read_header(
    number: int, record: dict[str, Any], kind: Any, backup: bool, spool: IO[bytes]
) -> Checked:
    """The header line (``record`` without its ``t``, which is ``kind``), checked."""
    want = lines.BACKUP_FORMAT if backup else lines.FORMAT
    versions = lines.READ_VERSIONS[want]
    if kind != "header" or record.get("format") != want or record.get("version") not in versions:
        raise bad(number, f"expected the header of {want} version {versions[-1]}")
    extra = set(record) - {"format", "version", "exported_at", "campaign", "fairness"}
    if extra:
        raise bad(number, f"the header has unknown fields {sorted(extra)}")
    try:  # here too, for its refusal to come first (the chain's verifier then reads it too)
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
    version = record["version"]
    acted_by, compact = version >= lines.ACTED_BY_SINCE[want], version >= COMPACT_SINCE[want]
    return Checked(campaign, fairness, settings, spool, acted_by=acted_by, compact=compact)


def check_trailer(number: int, trailer: dict[str, Any], found: Checked, seen: Seen) -> None:
    """What the verifier does not check of the trailer: its counts of the records the
    verifier does not count (it counts the rolls and the roll requests; a count a file of
    an earlier version lacks is 0), and every chat message's events met its record."""
    counts = trailer["counts"]  # a map: the verifier has checked it
    for kind, name in _COUNTED.items():
        held = found.counts.get(kind, 0)
        if counts.get(name, 0) != held:
            raise bad(number, f"the trailer counts {counts.get(name, 0)!r} {name}, the file "
                      f"holds {held}: records are missing")  # fmt: skip
    if seen.said:
        unsaid = next(iter(seen.said))
        raise bad(number, f"message {unsaid} has its events but no message record")


def part(number: int, model: type[BaseModel], values: Any) -> Any:
    try:
        return model.model_validate(values)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise bad(number, f"{where}: {first['msg']}") from exc


def values(kind: str, value: BaseModel) -> dict[str, Any]:
    """``value.model_dump()``, without its deep copy where that copy is all it does: the
    values of a model of plain fields are its attributes (a sixth of reading a line)."""
    return dict(value.__dict__) if kind in _FLAT else value.model_dump()


def sheet(number: int, ruleset: str, given: dict[str, Any]) -> dict[str, Any]:
    try:
        return normalise(ruleset, given)[0]
    except RulesError as exc:
        raise bad(number, f"sheet: {exc}") from exc


def check_record(
    number: int,
    kind: str,
    value: Any,
    record: dict[str, Any],
    header: tuple[CampaignPart, FairnessPart, bool],
    seen: SeenLike,
) -> None:
    """What the chain's verifier does not see. ``header``: the campaign, its fairness and
    whether the file's version carries ``acted_by`` on its rolls."""
    campaign, fairness, acted_by = header
    if kind == "event":
        seen.event_seq(number, value.seq)
        if value.seq > fairness.last_seq:
            raise bad(number, f"event seq {value.seq} is after fairness.last_seq")
        if value.type in ("message.created", "message.deleted"):
            _message_event(number, value, seen)
            return
        roll_id = record["data"].get("id")
        if value.type.startswith("roll.") and value.hash is not None and type(roll_id) is str:
            seen.linked(number, roll_id, record["data"].get("acted_by"))
        return
    if kind == "message":
        _message_line(number, value, campaign.id, seen)
        return
    if kind == "roll_request":
        if value.campaign_id != campaign.id or value.ruleset != campaign.ruleset:
            raise bad(number, f"roll request {value.id} belongs to another campaign or ruleset")
        _spelled(number, f"roll request {value.id}", value, record, _REQUEST_TIMES)
        return
    if kind == "roll":
        if value.campaign_id != campaign.id or value.ruleset != campaign.ruleset:
            raise bad(number, f"roll {value.id} belongs to another campaign or ruleset")
        _spelled(number, f"roll {value.id}", value, record, _ROLL_TIMES)
        if ("acted_by" in record) != acted_by:
            said = "lacks acted_by" if acted_by else "has acted_by, which its version has not"
            raise bad(number, f"roll {value.id} {said}")
        # its acted_by is its latest link's; placed even if unlinked: the verifier refuses it
        seen.rolled(number, value.id, value.acted_by, value.character_id or "")
        for draw in value.proof:
            nonce = draw.get("nonce")
            if type(nonce) is not int or not 0 <= nonce < fairness.next_nonce:
                raise bad(number, f"roll {value.id}: proof nonce {nonce!r} is not below "
                          "fairness.next_nonce")  # fmt: skip
        return
    if kind == "grant":
        seen.once(number, kind, value.id)
        if campaign.ruleset != "3d6":
            raise bad(number, "only a 3d6 campaign has grants")
        seen.grant(number, value, campaign.id)
        return
    if kind == "member":
        seen.once(number, kind, value.user_id)
        return
    if kind == "character":
        seen.once(number, kind, value.id)
        return
    if campaign.ruleset != "3d6":
        raise bad(number, "only a 3d6 campaign has a table flow")
    if value.campaign_id != campaign.id:
        raise bad(number, f"{kind} {value.id} belongs to another campaign")
    seen.once(number, kind, value.id)


_ROLL_TIMES = ("created_at", "updated_at")
_REQUEST_TIMES = ("created_at", "expires_at", "cancelled_at")


def _spelled(
    number: int, what: str, value: Any, record: dict[str, Any], names: tuple[str, ...]
) -> None:
    """The chained times of a roll or a roll request are spelled as this server spells
    them: it stores a time, not its text, and writes it back so; otherwise (``+00:00`` for
    ``Z``, say) the link would no longer verify once stored."""
    for name in names:
        stored = getattr(value, name)
        if stored is not None and (ours := rfc3339(stored)) != record[name]:
            raise bad(number, f"{what}: {name} {record[name]!r} is not spelled as this server "
                      f"spells it ({ours!r}): stored, its link would not verify")  # fmt: skip


def _said(data: Any, visibility: str, user_id: Any, audience: Any) -> bytes:
    said = json.dumps([data, visibility, user_id, audience], sort_keys=True, default=str)
    return hashlib.blake2b(said.encode(), digest_size=16).digest()


def _message_event(number: int, event: EventPart, seen: SeenLike) -> None:
    """A chat message's event: its creation (kept as a digest, for its record to match)
    or its deletion (which must follow its creation)."""
    message_id = event.data.get("id")
    if type(message_id) is not str:
        raise bad(number, f"a {event.type} event names no message")
    if event.type == "message.created":
        digest = _said(event.data, event.visibility, event.user_id, event.audience)
        seen.created(number, message_id, digest)
        return
    seen.deleted(number, message_id)


def _message_line(number: int, message: MessagePart, campaign_id: str, seen: SeenLike) -> None:
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
    row = message.model_dump()
    expected = _said(to_read(row), message.visibility, message.user_id, audience_of(row))
    seen.message(number, message.id, deleted, expected)
