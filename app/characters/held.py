"""Sheet effects of hidden rolls, held on the roll until it is revealed.

A public roll writes its effect on the character at once (a failed save's condition, a
faith roll ending panic). A hidden one — ``blind``, ``storyteller`` or ``private`` — must
not: the character row, its version and its events are what every member reads, so a
change there tells everyone the hidden outcome. Its effects ride in the roll's own state
(``state["effects"]``) instead, and so in the roll's own event, which only those who may
read the roll receive. Reads overlay them for exactly those viewers; revealing the roll
(``app/rolls/reveal.py``) writes them on the row, in public.

Effects are changes, not sheets, so that several held rolls compose and a reveal applies
to the sheet as it is then: ``{"change": "add_condition", "condition": …}`` (d20) and
``{"change": "end_panic"}`` (matrix).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from app.campaigns.seats import Seat
from app.characters.repository import CharacterRow
from app.characters.service import to_read
from app.core.database import Db
from app.rolls import repository as rolls_repo
from app.rolls.visibility import can_see
from app.rules import RollError, d20, matrix

Effect = dict[str, Any]


def apply_effects(ruleset: str, sheet: dict[str, Any], effects: Iterable[Effect]) -> dict[str, Any]:
    """``sheet`` with ``effects`` applied in order. ``RollError`` when one cannot apply (a
    d20 sheet already holds the most conditions it may)."""
    listed = list(effects)  # none: the sheet in its engine form, to compare with
    if ruleset == "d20":
        d20_sheet = d20.parse_sheet(sheet)
        for effect in listed:
            if effect.get("change") == "add_condition":
                d20_sheet = d20.add_condition(d20_sheet, str(effect["condition"]))
        return d20_sheet.to_dict()
    if ruleset == "matrix":
        matrix_sheet = matrix.parse_sheet(sheet)
        for effect in listed:
            if effect.get("change") == "end_panic":
                matrix_sheet = replace(matrix_sheet, panicked=False)
        return matrix_sheet.to_dict()
    return sheet


def _overlay(ruleset: str, sheet: dict[str, Any], effects: Sequence[Effect]) -> dict[str, Any]:
    """What a privileged viewer reads: every held effect that still fits, in roll order."""
    for effect in effects:
        try:
            sheet = apply_effects(ruleset, sheet, (effect,))
        except RollError:
            continue  # a full sheet: the reveal will say so to the storyteller
    return sheet


async def held_for(db: Db, seat: Seat, character_id: str | None = None) -> dict[str, list[Effect]]:
    """The held effects ``seat`` may read, per character, in seq order: those of the
    hidden rolls the viewer may read (the visibility rule of ``app/rolls/visibility.py``)."""
    held: dict[str, list[Effect]] = {}
    for roll_character, visibility, user_id, state in await rolls_repo.holding_effects(
        db, seat.campaign.id, character_id
    ):
        effects = state.get("effects") if isinstance(state, dict) else None
        if not effects or not can_see(visibility, user_id, seat.user_id, seat.is_storyteller):
            continue
        held.setdefault(roll_character, []).extend(effects)
    return held


def view(character: CharacterRow, ruleset: str, held: dict[str, list[Effect]]) -> dict[str, Any]:
    """The character as a viewer reads it: its row, with the held effects they may read.
    The version is the row's for everyone: a held effect bumps no version."""
    effects = held.get(character.id)
    if not effects:
        return to_read(character, ruleset)
    return to_read(character._replace(sheet=_overlay(ruleset, character.sheet, effects)), ruleset)


async def views(db: Db, seat: Seat, characters: Sequence[CharacterRow]) -> list[dict[str, Any]]:
    """``view`` for a page of characters, with one query for their held effects."""
    only = characters[0].id if len(characters) == 1 else None
    held = await held_for(db, seat, only) if characters else {}
    return [view(c, seat.campaign.ruleset, held) for c in characters]
