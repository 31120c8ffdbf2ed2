"""The ``discord`` format: an event as a message a Discord channel's webhook posts.

A roll is one embed — who rolled what, the dice, the outcome — and a one-line ``content``
saying the same, for notifications and clients without embeds; other events are a line of
``content``. Words are in the campaign's language (``app.core.i18n.translate``). Every
text is cut to Discord's documented limits (content 2,000 characters; per embed a title of
256, a description of 4,096, 25 fields of 256/1,024, 6,000 in all; 10 embeds), and
``allowed_mentions`` is empty: a character named ``@everyone`` pings nobody.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.core.db import rfc3339
from app.core.i18n import translate
from app.events.service import EventOut
from app.rules.message import N_

CONTENT = 2000
TITLE = 256
DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FIELDS = 25
EMBED_TOTAL = 6000

GREEN, RED, ORANGE, BLURPLE, GREY = 0x2ECC71, 0xE74C3C, 0xF39C12, 0x5865F2, 0x95A5A6

OUTCOMES = {
    "success": N_("success"),
    "failure": N_("failure"),
    "partial": N_("partial success"),
    "botch": N_("botch"),
    "open": N_("open"),
    "fail": N_("failure"),
    "complication": N_("success with a complication"),
}
KINDS = {"test": N_("a {trait} test"), "save": N_("a {trait} save")}
COLOURS = {"success": GREEN, "failure": RED, "fail": RED, "botch": RED, "partial": ORANGE,
           "complication": ORANGE}  # fmt: skip


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Names:
    """Display names of users and characters, for the events of one page."""

    def __init__(self, users: Mapping[str, str], characters: Mapping[str, str]) -> None:
        self.users = users
        self.characters = characters

    def user(self, user_id: object) -> str:
        return self.users.get(str(user_id), "?")

    def character(self, character_id: object) -> str | None:
        return None if character_id is None else self.characters.get(str(character_id), "?")


def _die(die: Mapping[str, Any]) -> str:
    value = str(die.get("value", "?"))
    return f"~~{value}~~" if die.get("kept") is False else value


def _outcome(result: Mapping[str, Any]) -> str | None:
    """The outcome's key: the ruleset's word, or success/failure from a boolean."""
    outcome = result.get("outcome")
    if isinstance(outcome, str):
        return outcome
    success = result.get("success")
    if isinstance(success, bool):
        return "success" if success else "failure"
    return None


def _what(roll: Mapping[str, Any], language: str) -> str:
    result = roll.get("result") or {}
    if roll.get("kind") == "formula" and result.get("formula"):
        return str(result["formula"])
    trait = result.get("trait") or result.get("ability") or result.get("quality")
    kind = str(roll.get("kind", "?"))
    if trait and kind in KINDS:
        return translate(KINDS[kind], language, trait=trait)
    return kind if not trait else f"{kind} ({trait})"


def roll_message(event: EventOut, names: Names, language: str) -> dict[str, Any]:
    roll = event.data
    result: Mapping[str, Any] = roll.get("result") or {}
    who = names.user(roll.get("user_id"))
    character = names.character(roll.get("character_id"))
    if character is not None:
        who = translate("{character} ({user})", language, character=character, user=who)
    what = _what(roll, language)
    if event.type == "roll.updated":
        title = translate("{who}'s roll of {what}, updated", language, who=who, what=what)
    else:
        title = translate("{who} rolls {what}", language, who=who, what=what)
    fields: list[dict[str, Any]] = []
    dice = roll.get("dice") or []
    if dice:
        faces = ", ".join(_die(d) for d in dice if isinstance(d, Mapping))
        fields.append({"name": translate("Dice", language), "value": faces, "inline": True})
    key = _outcome(result)
    said = None if key is None else translate(OUTCOMES.get(key, key), language)
    if roll.get("status") == "pending":
        said = translate("pending: rerolls or a choice to come", language)
    if said is not None:
        fields.append({"name": translate("Outcome", language), "value": said, "inline": True})
    for label, name in ((N_("Total"), "total"), (N_("Successes"), "successes"),
                        (N_("Difficulty"), "difficulty"), (N_("Margin"), "margin")):  # fmt: skip
        value = result.get(name)
        if value is not None and not isinstance(value, bool):
            fields.append({"name": translate(label, language), "value": str(value), "inline": True})
    parts = [str(result["text"])] if roll.get("kind") == "formula" and result.get("text") else []
    if roll.get("note"):
        parts.append(str(roll["note"]))
    summary = title if said is None else f"{title}: {said}"
    embed: dict[str, Any] = {
        "title": title,
        "description": "\n".join(parts),
        "fields": fields,
        "color": COLOURS.get(key or "", BLURPLE),
        "timestamp": rfc3339(event.at),
    }
    return {"content": f"🎲 {summary}", "embeds": [embed]}


def other_message(event: EventOut, names: Names, language: str) -> dict[str, Any]:
    data = event.data
    if event.type == "message.created":
        text = data.get("text")
        said = translate("(deleted)", language) if text is None else str(text)
        return {"content": f"💬 {names.user(data.get('user_id'))}: {said}"}
    if event.type in ("member.joined", "member.left"):
        who = names.user(data.get("user_id"))
        line = (
            translate("{who} joins the table", language, who=who)
            if event.type == "member.joined"
            else translate("{who} leaves the table", language, who=who)
        )
        return {"content": line}
    return {"content": translate("{type} (event {seq})", language, type=event.type, seq=event.seq)}


def render(event: EventOut, names: Names, language: str) -> dict[str, Any]:
    """The JSON body posted for ``event``, within Discord's limits."""
    if event.type in ("roll.created", "roll.updated") and "dice" in event.data:
        message = roll_message(event, names, language)
    else:
        message = other_message(event, names, language)
    return limited({**message, "allowed_mentions": {"parse": []}})


def limited(message: dict[str, Any]) -> dict[str, Any]:
    """``message`` cut to Discord's limits; a field's empty value becomes a dash (Discord
    refuses empty ones)."""
    message["content"] = clip(str(message.get("content") or "-"), CONTENT)
    embeds = message.get("embeds") or []
    total = 0
    for embed in embeds[:10]:
        embed["title"] = clip(embed.get("title") or "-", TITLE)
        description = clip(embed.get("description") or "", DESCRIPTION)
        fields: list[dict[str, Any]] = []
        used = len(embed["title"])
        for field in embed.get("fields", [])[:FIELDS]:
            name = clip(str(field["name"] or "-"), FIELD_NAME)
            value = clip(str(field["value"] or "-"), FIELD_VALUE)
            fields.append({"name": name, "value": value, "inline": bool(field.get("inline"))})
            used += len(name) + len(value)
        room = max(0, EMBED_TOTAL - total - used)
        if len(description) > room:
            description = clip(description, room) if room > 1 else ""
        if description:
            embed["description"] = description
        else:
            embed.pop("description", None)
        embed["fields"] = fields
        total += used + len(description)
    if embeds:
        message["embeds"] = embeds[:10]
    return message
