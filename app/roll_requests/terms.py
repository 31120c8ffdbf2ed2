"""What a request may ask of a ruleset, and the roll an answer makes. No I/O.

A request is checked as the roll it asks for would be (``app.rolls.kinds``): a field the
ruleset does not use, a save outside d20, a difficulty or a trait the engine refuses, each
is a 422 naming the field, before anything is stored. The answer's roll is then built
from the request's terms plus what the answer adds, and checked again by the roll itself.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from app.core.errors import InvalidFields, Unprocessable
from app.core.i18n import message_of, msg
from app.roll_requests.schemas import RollRequestCreate
from app.rolls.schemas import RequestAnswer, SaveBody, TestBody
from app.rules import RollError, RulesError, d20, matrix, threed6
from app.rules.d20_sheet import checked_condition
from app.table.durations import format_duration, parse_duration

MAX_EXPIRES_IN = 7 * 86_400
"""A week: a request outlives a session, not a campaign."""
_USED = {
    "3d6": ("difficulty", "advantage", "disadvantage"),
    "matrix": ("difficulty",),
    "d20": ("difficulty", "advantage", "disadvantage"),
}
_MODIFIERS = ("advantage", "disadvantage", "helper_id")


def check_terms(ruleset: str, body: RollRequestCreate) -> dict[str, Any]:
    """The terms the request fixes (null: left to the roll's defaults or to the player)."""
    if body.kind == "save" and ruleset != "d20":
        raise Unprocessable(msg("kind: a {ruleset} campaign has no saving throws", ruleset=ruleset))
    for name in ("difficulty", "advantage", "disadvantage"):
        if getattr(body, name) is not None and name not in _USED[ruleset]:
            raise Unprocessable(
                msg(
                    "{name}: not used by a {ruleset} {body_kind}",
                    name=name,
                    ruleset=ruleset,
                    body_kind=body.kind,
                )
            )
    if body.kind == "save" and body.condition is None:
        raise Unprocessable(msg("condition: a save names the condition its failure adds"))
    if body.kind == "test" and body.condition is not None:
        raise Unprocessable(
            msg("condition: not used by a {ruleset} test (a d20 save has one)", ruleset=ruleset)
        )
    if ruleset == "3d6":
        threed6.parse_difficulty(body.difficulty)
    elif ruleset == "matrix":
        value = body.difficulty
        if value is not None and (type(value) is not int or not 0 <= value <= 20):
            raise Unprocessable(msg("difficulty: a matrix difficulty is an integer 0..20"))
    else:
        d20.parse_difficulty(body.difficulty)
        if body.condition is not None:
            try:
                checked_condition(body.condition)
            except RollError as exc:
                raise RollError(msg("condition: {exc}", exc=message_of(exc))) from exc
    return {
        "difficulty": body.difficulty,
        "advantage": body.advantage,
        "disadvantage": body.disadvantage,
        "condition": body.condition,
    }


def check_trait(ruleset: str, trait: str, sheet: dict[str, Any], field: str) -> None:
    """The trait is one the character's stored sheet can be tested on (422 naming it)."""
    try:
        if ruleset == "3d6":
            threed6.parse_sheet(sheet).score(trait)
        elif ruleset == "matrix":
            matrix.trait_stat(matrix.parse_sheet(sheet), trait)
        else:
            d20.parse_ability(trait)
    except RulesError as exc:
        raise RollError(msg("trait: {exc} ({field})", exc=message_of(exc), field=field)) from exc


def expires_in(value: int | str | None) -> int | None:
    """Seconds until the deadline, from seconds or an ISO 8601 duration; 1 s .. 7 days."""
    if value is None:
        return None
    if isinstance(value, str):
        try:
            seconds = parse_duration(value)
        except ValueError as exc:
            raise Unprocessable(msg("expires_in: {exc}", exc=message_of(exc))) from exc
    else:
        seconds = value
    if not 1 <= seconds <= MAX_EXPIRES_IN:
        longest = format_duration(MAX_EXPIRES_IN)
        raise Unprocessable(
            msg(
                "expires_in: from 1 second to {longest}, not {seconds} seconds",
                longest=longest,
                seconds=seconds,
            )
        )
    return seconds


def answer_body(request: dict[str, Any], answer: RequestAnswer) -> TestBody | SaveBody:
    """The roll an answer makes: kind, trait, difficulty, condition and visibility from
    the request; advantage and disadvantage from it too when it sets either (the
    storyteller's call, and then help, an advantage by the rules, is theirs too); the
    rest (rerolls, help, a note, a blind test's stated choices) from the answer."""
    terms = request["terms"]
    sent = answer.model_dump(exclude_unset=True, exclude={"request_id"})
    fixed = terms["advantage"] is not None or terms["disadvantage"] is not None
    for name in _MODIFIERS:
        if fixed and name in sent:
            raise Unprocessable(
                msg(
                    "{name}: the request sets advantage and disadvantage (help is an advantage)",
                    name=name,
                )
            )
    values: dict[str, Any] = {
        "kind": request["kind"],
        "trait": request["trait"],
        "visibility": request["visibility"],
        "note": request["note"],
        **sent,
    }
    for name in ("difficulty", "advantage", "disadvantage", "condition"):
        if terms[name] is not None:
            values[name] = terms[name]
    model = SaveBody if request["kind"] == "save" else TestBody
    try:
        return model.model_validate(values)
    except ValidationError as exc:  # a field the answer added that this roll does not take
        raise InvalidFields(exc.errors(), under=("body",)) from exc
