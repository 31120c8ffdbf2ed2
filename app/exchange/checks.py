"""What an import must prove before it writes: the document's parts agree, and every
link and every die verifies with the very verifier anyone runs (``app.rules.verify``).

The links are rebuilt from the document's ``events`` (what the import writes), never taken
from its ``audit`` (which could say anything): each salt is recomputed from the revealed
seed that salted it, so an edited die cannot be re-linked without the seeds' secrets, and
those were committed before the dice were rolled."""

from __future__ import annotations

import hashlib
from collections.abc import Container, Sequence
from typing import Any, Protocol

from app.core.db import rfc3339
from app.core.errors import Unprocessable
from app.core.i18n import msg
from app.exchange.schemas import CampaignExport, FlowPart, GrantPart, RollPart
from app.fairness.links import SaltKey, Salts, is_stub, link_of
from app.rules.chain import GENESIS
from app.rules.verify import verify
from app.table.repository import Table as FlowTable


def bad(where: str, why: str) -> Unprocessable:
    return Unprocessable(msg("{where}: {why}", where=where, why=why))


def flows(doc: CampaignExport) -> list[tuple[FlowTable, Sequence[FlowPart]]]:
    return [("contests", doc.contests), ("group_rolls", doc.group_rolls), ("tasks", doc.tasks)]


def check_history(doc: CampaignExport, *, secret_current: bool = False) -> None:
    """What pydantic cannot see: the parts must agree with each other. ``secret_current``:
    the document is an operator's backup, which holds the current seed's secret."""
    campaign, fairness = doc.campaign, doc.fairness
    if fairness.campaign_id != campaign.id:
        raise bad("fairness.campaign_id", "is not campaign.id")
    seqs = [e.seq for e in doc.events]
    if seqs != sorted(set(seqs)):
        raise bad("events", "seqs must be unique and in increasing order")
    if seqs and seqs[-1] > fairness.last_seq:
        raise bad("events", f"seq {seqs[-1]} is after fairness.last_seq {fairness.last_seq}")
    links = [e for e in doc.events if e.type.startswith("roll.") and e.hash is not None]
    head = links[-1].hash if links else GENESIS
    if fairness.chain_head != head:
        raise bad("fairness.chain_head", "is not the hash of the last roll event")
    roll_seqs = [r.seq for r in doc.rolls]
    if roll_seqs != sorted(set(roll_seqs)):
        raise bad("rolls", "seqs must be unique and in increasing order")
    for index, roll in enumerate(doc.rolls):
        _check_roll(index, roll, campaign.id, campaign.ruleset, fairness.next_nonce)
    for index, seed in enumerate(fairness.seeds):
        where = f"fairness.seeds.{index}"
        current = seed.number == fairness.seed_number
        if current and seed.end_nonce is not None:
            raise bad(where, "the current seed is open-ended")
        if current and not secret_current and seed.server_seed is not None:
            raise bad(where, "the current seed is secret")
        secret = None if seed.server_seed is None else bytes.fromhex(seed.server_seed)
        if secret is not None and hashlib.sha256(secret).hexdigest() != seed.commitment:
            raise bad(where, "server_seed does not match its commitment")
    numbers = [s.number for s in fairness.seeds]
    if numbers != sorted(set(numbers)) or fairness.seed_number != numbers[-1]:
        raise bad("fairness.seeds", "numbers must increase and end at the current seed")
    if fairness.seeds[-1].commitment != fairness.commitment:
        raise bad("fairness.commitment", "is not the current seed's commitment")
    if len({c.id for c in doc.characters}) != len(doc.characters):
        raise bad("characters", "ids must be unique")
    if len({m.user_id for m in doc.members}) != len(doc.members):
        raise bad("members", "user ids must be unique")
    for name, found in flows(doc):
        if found and campaign.ruleset != "3d6":
            raise bad(name, "only a 3d6 campaign has a table flow")
        if any(flow.campaign_id != campaign.id for flow in found):
            raise bad(name, "belongs to another campaign")
        if len({flow.id for flow in found}) != len(found):
            raise bad(name, "ids must be unique")
    _check_grants(doc)


class RollCharacters(Protocol):
    """Roll id -> its character: a dict, or the import's compact
    ``app.rules.verify_rolls.RollCharacters``."""

    def __contains__(self, roll_id: object, /) -> bool: ...
    def __getitem__(self, roll_id: str, /) -> str | None: ...


def grant_problem(
    grant: GrantPart,
    campaign_id: str,
    characters: Container[str],
    rolls: RollCharacters,
) -> str | None:
    """Why a grant disagrees with the file it travels in, or None. ``rolls``: every roll
    the file links, to the id of its character ("" for none), or to None when the roll
    travels as a stub (a player's private roll: its character is not the reader's to see).
    A grant is ``open`` with no roll, or ``used`` by a roll of its own character."""
    if grant.campaign_id != campaign_id:
        return f"grant {grant.id} belongs to another campaign"
    if grant.character_id not in characters:
        return f"grant {grant.id} names character {grant.character_id}, which is not in the file"
    if grant.status == "open":
        if grant.roll_id is not None or grant.used_at is not None:
            return f"grant {grant.id} is open, yet names the roll that used it (roll_id, used_at)"
        return None
    if grant.roll_id is None or grant.used_at is None:
        return f"grant {grant.id} is used, yet names no roll that used it (roll_id, used_at)"
    if grant.roll_id not in rolls:
        return f"grant {grant.id} is used by roll {grant.roll_id}, which is not in the file"
    character = rolls[grant.roll_id]
    if character is not None and character != grant.character_id:
        return f"grant {grant.id} is used by roll {grant.roll_id}, which is another character's"
    return None


def _check_grants(doc: CampaignExport) -> None:
    characters = {c.id for c in doc.characters}
    rolls: dict[str, str | None] = {
        e.data["id"]: None
        for e in doc.events
        if e.type.startswith("roll.") and e.hash is not None and isinstance(e.data.get("id"), str)
    }
    rolls.update((roll.id, roll.character_id or "") for roll in doc.rolls)
    seen: set[str] = set()
    for index, grant in enumerate(doc.grants):
        where = f"grants.{index}"
        if doc.campaign.ruleset != "3d6":
            raise bad(where, "only a 3d6 campaign has grants")
        if grant.id in seen:
            raise bad(where, f"grant {grant.id} is given twice")
        seen.add(grant.id)
        problem = grant_problem(grant, doc.campaign.id, characters, rolls)
        if problem is not None:
            raise bad(where, problem)


def _check_roll(
    index: int, roll: RollPart, campaign_id: str, ruleset: str, next_nonce: int
) -> None:
    where = f"rolls.{index}"
    if roll.campaign_id != campaign_id or roll.ruleset != ruleset:
        raise bad(where, "belongs to another campaign or ruleset")
    for draw in roll.proof:
        nonce = draw.get("nonce")
        if type(nonce) is not int or not 0 <= nonce < next_nonce:
            raise bad(where, f"proof nonce {nonce!r} is not below fairness.next_nonce")


def roll_view(roll: RollPart) -> dict[str, Any]:
    """A roll of the document as the server will show (and chain) it once written."""
    values = roll.model_dump()
    values["created_at"] = rfc3339(roll.created_at)
    values["updated_at"] = rfc3339(roll.updated_at)
    return values


def rebuilt_audit(doc: CampaignExport) -> list[dict[str, Any]]:
    """The chain as the import will serve it, from the document's roll events; 422 for a
    link whose salting seed the document does not reveal (it cannot be checked)."""
    # A seed whose secret the document does not hold gives no salt: its links are refused.
    keys = [
        SaltKey(seed.number, seed.links_from, bytes.fromhex(seed.server_seed or ""),
                seed.server_seed is not None)
        for seed in doc.fairness.seeds
        if seed.links_from is not None
    ]  # fmt: skip
    salts = Salts(doc.campaign.id, keys)
    links = []
    for event in doc.events:
        if not event.type.startswith("roll.") or event.hash is None or event.prev_hash is None:
            continue
        data = event.data
        if not isinstance(data.get("id"), str):
            raise bad(f"events seq {event.seq}", "a roll event names no roll")
        if is_stub(data) and event.visibility != "private":
            # An export leaves out only what its storyteller may not read: private rolls.
            raise bad(f"events seq {event.seq}", "only a private roll travels as a stub")
        key = salts.key_of(event.seq)
        if key is not None and not key.revealed:
            raise bad(
                f"events seq {event.seq} (roll {data['id']})",
                f"its link is salted by seed {key.number}, which the document does not "
                "reveal, so it cannot be checked: export the campaign again",
            )
        try:
            links.append(link_of(salts, event.seq, data, event.prev_hash, event.hash, True))
        except KeyError as exc:
            raise bad(f"events seq {event.seq}", f"the roll event lacks {exc}") from exc
    return links


def verify_document(doc: CampaignExport, *, backup: bool = False) -> None:
    """422 naming the first record that does not verify, or a draw that cannot be checked
    (under a seed the document keeps secret). A backup may hold the current secret seed;
    an export must not, and then every draw it holds must be under a revealed seed."""
    check_history(doc, secret_current=backup)
    document = {
        "campaign_id": doc.campaign.id,
        "fairness": doc.fairness.model_dump(mode="json"),
        "audit": rebuilt_audit(doc),
        "rolls": [roll_view(roll) for roll in doc.rolls],
    }
    report = verify(document)
    if report.failure is not None:
        raise Unprocessable(
            msg("the history does not verify: {report_failure}", report_failure=report.failure)
        )
    if report.first_pending is not None:
        raise Unprocessable(
            msg(
                "the history cannot be verified: {report_first_pending}; export it again (an "
                "export reveals the seed its draws came from)",
                report_first_pending=report.first_pending,
            )
        )
