"""Fairness use cases: show the commitments, rotate seeds, and hand out the audit chain.

A rotation publishes the current server seed (so every draw it served can be checked) and
commits to a fresh one. It locks the campaign row first, like every write, so no roll can
draw from a seed while it is being revealed. The seed cache of the ledger is keyed by seed
number, and a rotation moves to a new number: nothing needs evicting.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.campaigns.jobs import CampaignJob, campaign_job
from app.campaigns.seats import ROLES
from app.core.database import Db
from app.core.db import rfc3339
from app.core.errors import Conflict, NotFound
from app.core.i18n import msg
from app.core.security import Principal
from app.core.writer import Writer
from app.fairness import repository as repo
from app.fairness.links import SaltKey, Salts, is_stub, link_of
from app.roll_requests import service as requests
from app.rolls import repository as rolls_repo
from app.rolls.service import to_answer
from app.rolls.visibility import can_see
from app.rules.chain import chain_record

MAX_AUDIT_PAGE = 5000


def _seed_json(seed: Mapping[str, Any]) -> dict[str, Any]:
    return {
        **seed,
        "revealed_at": None if seed["revealed_at"] is None else rfc3339(seed["revealed_at"]),
    }


async def fairness(db: Db, campaign_id: str) -> dict[str, Any]:
    """The GET /fairness answer: current commitment, nonce, and every seed (past ones
    revealed). Also what the campaign export embeds under ``fairness``."""
    found = await repo.state(db, campaign_id)
    if found is None:
        raise NotFound(msg("no such campaign"))
    number, client_seed, next_nonce, last_seq, last_hash = found
    seeds = [_seed_json(s) for s in await repo.seeds(db, campaign_id)]
    current = next((s for s in seeds if s["number"] == number), None)
    if current is None:  # never: a campaign is created with its seed number 1
        raise NotFound(msg("this campaign has no committed seed"))
    return {
        "campaign_id": campaign_id,
        "seed_number": number,
        "commitment": current["commitment"],
        "client_seed": client_seed,
        "next_nonce": next_nonce,
        "last_seq": last_seq,
        "chain_head": last_hash,
        "seeds": seeds,
    }


async def rotate(
    writer: Writer,
    principal: Principal,
    campaign_id: str,
    client_seed: str | None,
    roles: tuple[str, ...] = ROLES,
    scope: str = "manage",
) -> bytes:
    """Reveal the current seed and commit to a new one, with ``client_seed`` or the same
    client seed as before. Answers the fairness state after the rotation. (The export
    rotates with the ``read`` scope it is asked with: its reveal is part of the read.)"""

    async def act(cj: CampaignJob, _: None) -> tuple[int, dict[str, Any]]:
        db, ledger = cj.db, cj.ledger
        seq = ledger.next_seq()
        old, first_nonce = ledger.seed_number, ledger.next_nonce
        if not await repo.reveal(db, campaign_id, old, first_nonce):
            raise Conflict(msg("the current seed was already revealed; try again"))
        new_client_seed = ledger.client_seed if client_seed is None else client_seed
        await repo.create_seed(
            db, campaign_id, old + 1, new_client_seed, first_nonce, links_from=seq + 1
        )
        await repo.set_current(db, campaign_id, old + 1, new_client_seed)
        state = await fairness(db, campaign_id)
        state["last_seq"] = ledger.last_seq  # as the ledger writes it back on close
        revealed = next(s for s in state["seeds"] if s["number"] == old)
        data = {
            "by": cj.seat.user_id,
            "revealed": revealed,
            "current": {
                "number": old + 1,
                "commitment": state["commitment"],
                "client_seed": new_client_seed,
                "first_nonce": first_nonce,
            },
        }
        ledger.record("fairness.rotated", data, seq=seq)
        return 200, state

    _, body = await campaign_job(writer, principal, campaign_id, act, scope=scope, roles=roles)
    return body


def _stored_record(values: Mapping[str, Any], seq: int) -> dict[str, Any]:
    view = to_answer({**values, "odds": {}}, str(values["user_id"]), True)
    return chain_record(view, seq)


async def salts(db: Db, campaign_id: str) -> Salts:
    """The campaign's salting seeds (secret: the salts computed from them are handed out
    only as ``link_of`` allows)."""
    keys = [SaltKey(*key) for key in await repo.salt_keys(db, campaign_id)]
    return Salts(campaign_id, keys)


async def audit(
    db: Db,
    campaign_id: str,
    viewer_id: str | None,
    viewer_is_storyteller: bool,
    after: int = 0,
    limit: int = MAX_AUDIT_PAGE,
) -> dict[str, Any]:
    """One page of the chain, as the viewer may see it (``viewer_id`` None: everything,
    for the operator's backup), with the fairness state it ends at.

    Links come from the roll events. The latest link of each roll is also compared with
    the roll as the log stores it: a mismatch (or a roll gone) is shown under ``stored``,
    so tampering with either copy is caught by the verifier."""
    state = await fairness(db, campaign_id)
    # Bounded by the last seq read with the state: a roll committed in between (READ
    # COMMITTED on PostgreSQL) is left for the next page, so the page ends at chain_head.
    rows = await repo.links(db, campaign_id, after, state["last_seq"], limit + 1)
    more = len(rows) > limit
    rows = rows[:limit]
    keys = await salts(db, campaign_id)
    ids = sorted({str(data["id"]) for _, data, _, _ in rows})
    stored = {roll["id"]: roll for roll in await rolls_repo.by_ids(db, ids)}
    asked = await requests.stored_links(db, [i for i in ids if i not in stored])
    last_link_of: dict[str, int] = {}
    for index, (_, data, _, _) in enumerate(rows):
        last_link_of[str(data["id"])] = index
    links: list[dict[str, Any]] = []
    for index, (seq, data, prev_hash, hash_) in enumerate(rows):
        roll_id = str(data["id"])
        if is_stub(data):  # a hidden roll that came without its content: chained only
            links.append(link_of(keys, seq, data, prev_hash, hash_, False))
            continue
        visible = viewer_id is None or can_see(
            str(data["visibility"]), str(data["user_id"]), viewer_id, viewer_is_storyteller
        )
        link = link_of(keys, seq, data, prev_hash, hash_, visible)
        row = stored.get(roll_id)
        request = asked.get(roll_id)  # a roll request's link: compared with the request
        if row is None and request is None and last_link_of[roll_id] == index:
            link["stored"] = None  # the roll is gone from the log
        elif row is not None and row["hash"] == hash_:
            now = _stored_record(row, seq)
            if now != chain_record(data, seq):
                link["stored"] = now if visible else None
        elif request is not None and request["hash"] == hash_:
            now = chain_record(request, seq)
            if now != chain_record(data, seq):
                link["stored"] = now if visible else None
        links.append(link)
    next_after = links[-1]["seq"] if more else None
    return {"campaign_id": campaign_id, "fairness": state, "audit": links, "next_after": next_after}
