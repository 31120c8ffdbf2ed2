"""What contests, group actions and long tasks share: who may act, the write job every
step runs as, the checks of the characters a request names, and the reads.

Every step is a ``campaign_job`` act (app/campaigns/jobs.py): the caller's seat, the
Idempotency-Key, then the campaign row locked by the ledger, the item read again under
that lock, its rolls made with ``app.rolls.service.add_roll`` (ordinary rolls of the log:
event, hash chain, proof), and its new state and its own event written by the same
ledger, in one batch. A roll left pending (rerolls its player has yet to spend) is
counted by the flow when a step makes it final, in that step's job
(``app.rolls.steps.when_final``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from app.campaigns.jobs import CampaignJob, Idempotent, Locate, campaign_job
from app.campaigns.ledger import Ledger
from app.campaigns.seats import ROLES, STORYTELLER, Seat, take_seat
from app.characters import repository as characters_repo
from app.characters.repository import CharacterView
from app.core.database import Db
from app.core.errors import NotFound, Unprocessable
from app.core.i18n import message_of, msg
from app.core.jsontext import dumps
from app.core.pagination import decode_cursor, encode_cursor
from app.core.security import Principal
from app.core.writer import Job, Writer
from app.rolls.repository import RollRow
from app.rolls.schemas import TestBody
from app.rolls.service import add_roll, characters_for, to_answer
from app.rules import DiceSource, RollError, RulesError, threed6
from app.table import repository as repo
from app.table.repository import Table
from app.table.schemas import RollMods

PLAYING = ("storyteller", "player")

Act = Callable[[Db, Seat, Ledger], Awaitable[tuple[int, dict[str, Any]]]]
"""One step under the campaign's lock: (status, answer)."""


def require_3d6(seat: Seat, what: str) -> None:
    ruleset = seat.campaign.ruleset
    if ruleset != "3d6":
        raise Unprocessable(
            msg("{what} are a 3d6 rule; this campaign plays {ruleset}", what=what, ruleset=ruleset)
        )


async def write(
    writer: Writer,
    principal: Principal,
    where: str | tuple[Table, str],
    *,
    what: str,
    digest: str,
    key: str | None,
    act: Act,
    roles: tuple[str, ...] = STORYTELLER,
    override: DiceSource | None = None,
) -> tuple[int, bytes]:
    """Run ``act`` as one campaign job, for a campaign id or for an existing item. Every
    step of the table flow rolls dice or decides a roll, so an API key needs the ``roll``
    scope. A keyed retry replays the first answer; a step that raises changes nothing."""
    if isinstance(where, str):
        _exists(where, "campaign")
        campaign: str | Locate = where
    else:
        table, item_id = where
        _exists(item_id, what)

        async def campaign(db: Db) -> str | None:
            return await repo.campaign_of(db, table, item_id)

    async def prepare(job: Job, seat: Seat) -> None:
        if isinstance(where, str):
            require_3d6(seat, what)

    async def step(cj: CampaignJob, _: None) -> tuple[int, Any]:
        return await act(cj.db, cj.seat, cj.ledger)

    return await campaign_job(
        writer,
        principal,
        campaign,
        step,
        scope="roll",
        roles=roles,
        what=msg("campaign") if isinstance(where, str) else what,
        prepare=prepare,
        once=Idempotent(key, digest),
        override=override,
    )


def _exists(item_id: str, what: str) -> None:
    """An id with a NUL character names nothing (and PostgreSQL refuses it as a parameter)."""
    if "\x00" in item_id:
        raise NotFound(msg("no such {what}", what=what))


async def locked(db: Db, table: Table, item_id: str, what: str) -> dict[str, Any]:
    """The item as the campaign's lock leaves it (read after ``Ledger.open``)."""
    row = await repo.get(db, table, item_id)
    if row is None:  # deleted with its campaign between the seat check and the lock
        raise NotFound(msg("no such {what}", what=what))
    return row


async def character(
    db: Db, seat: Seat, character_id: str, field: str, quality: str | None
) -> CharacterView:
    """A character a request names: of this campaign, with ``quality`` on its sheet.

    A bad reference is bad input (422, naming the field), checked before any die rolls."""
    view = await characters_repo.roll_view(db, character_id)
    if view is None or view.campaign_id != seat.campaign.id:
        raise Unprocessable(
            msg(
                "{field}: no character {character_id} in this campaign",
                field=field,
                character_id=character_id,
            )
        )
    if quality is not None:
        try:
            threed6.parse_sheet(view.sheet).score(quality)
        except RollError as exc:
            raise Unprocessable(msg("{field}: {exc}", field=field, exc=message_of(exc))) from exc
    return view


async def characters(
    db: Db, seat: Seat, ids: Sequence[str], field: str, quality: str | None
) -> list[CharacterView]:
    """Each of ``ids`` as ``character`` checks it, none named twice."""
    found: list[CharacterView] = []
    for i, character_id in enumerate(ids):
        if character_id in ids[:i]:
            raise Unprocessable(
                msg(
                    "{field}[{i}]: character {character_id} is named twice",
                    field=field,
                    i=i,
                    character_id=character_id,
                )
            )
        found.append(await character(db, seat, character_id, f"{field}[{i}]", quality))
    return found


async def roll_test(
    db: Db,
    ledger: Ledger,
    seat: Seat,
    character_id: str,
    quality: str,
    note: str,
    link: dict[str, str],
    mods: RollMods | None = None,
    *,
    field: str = "",
    advantage: bool = False,
    disadvantage: bool = False,
) -> RollRow:
    """An open 3d6 test, rolled as an ordinary, public roll of the log, with the
    modifiers ``mods`` (and the flow's own ``advantage``/``disadvantage``, added to them).

    Open (no difficulty) because the flow, not the roll, judges the successes: a contest
    compares them, a group action holds them against its difficulty, a task pools them. A
    partial outcome, and the pending choice it would bring, never arises. With rerolls
    cited the roll stays pending until its player spends or declines them; ``link`` names
    the flow's item in the roll's state, so the flow hears when the roll is final
    (``app.rolls.steps.when_final``). A bad helper or reroll is 422 naming ``field``."""
    mods = mods or RollMods()
    if mods.helper_id is not None:
        if mods.helper_id == character_id:
            raise Unprocessable(
                msg("{field}helper_id: a character cannot help itself", field=field)
            )
        await character(db, seat, mods.helper_id, f"{field}helper_id", None)
    body = TestBody(
        kind="test",
        character_id=character_id,
        trait=quality,
        advantage=advantage or mods.advantage,
        disadvantage=disadvantage or mods.disadvantage,
        helper_id=mods.helper_id,
        note=note[:500],
        rerolls=list(mods.rerolls),
    )
    named = await characters_for(db, seat, body)
    try:
        return await add_roll(ledger, seat, body, named, link)
    except RulesError as exc:  # a cited item or gift not on the roller's sheet, most often
        where = f"{field}rerolls" if mods.rerolls else (field.rstrip(".") or "quality")
        raise Unprocessable(msg("{where}: {exc}", where=where, exc=message_of(exc))) from exc


def roll_answer(values: RollRow, seat: Seat) -> dict[str, Any]:
    return to_answer(values, seat.user_id, seat.is_storyteller)


def record(ledger: Ledger, seat: Seat, type: str, data: dict[str, Any]) -> None:
    """The flow's event, with the next seq of the ledger."""
    ledger.record(type, data, user_id=seat.user_id)


# --- reads ---------------------------------------------------------------------------------


async def read_one(
    db: Db, principal: Principal, table: Table, item_id: str, what: str
) -> tuple[Seat, dict[str, Any]]:
    _exists(item_id, what)
    row = await repo.get(db, table, item_id)
    if row is None:
        raise NotFound(msg("no such {what}", what=what))
    try:
        seat = await take_seat(db, principal, row["campaign_id"], "read", ROLES)
    except NotFound:
        raise NotFound(msg("no such {what}", what=what)) from None
    return seat, row


async def read_page(
    db: Db,
    seat: Seat,
    table: Table,
    limit: int,
    cursor: str | None,
    status: str | None,
    answer: Callable[[dict[str, Any]], dict[str, Any]],
) -> bytes:
    """A page of the campaign's items, newest first, in the API's list shape."""
    rows = await repo.page(db, table, seat.campaign.id, limit + 1, decode_cursor(cursor), status)
    page = rows[:limit]
    next_cursor = encode_cursor(page[-1]["id"]) if len(rows) > limit else None
    return dumps({"items": [answer(r) for r in page], "next_cursor": next_cursor})
