"""Request and answer bodies of the table chat. The text is plain text, stored and answered
verbatim (never interpreted as markup); NUL and lone surrogates are refused before any
route sees them (app/core/text.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool

MAX_TEXT = 2000
MAX_RECIPIENTS = 50

CAMPAIGN = "01jd8m7c4d5e6f7g8h9j0k1m2n"
PLAYER = "01jd8m8e1f2g3h4j5k6m7n8p9q"
STORYTELLER = "01jd8m8e1f2g3h4j5k6m7n8p9r"
CHARACTER = "01jd8m9f2g3h4j5k6m7n8p9q0r"

MESSAGE_EXAMPLE: dict[str, Any] = {
    "id": "01jd8mf2g3h4j5k6m7n8p9q0r1",
    "seq": 57,
    "campaign_id": CAMPAIGN,
    "user_id": PLAYER,
    "character_id": None,
    "to": None,
    "text": "Shall we rest before the bridge?",
    "in_character": False,
    "created_at": "2026-11-30T08:44:02.118310Z",
}
WHISPER_EXAMPLE: dict[str, Any] = {
    **MESSAGE_EXAMPLE,
    "seq": 58,
    "id": "01jd8mf2g3h4j5k6m7n8p9q0r2",
    "character_id": CHARACTER,
    "to": [STORYTELLER],
    "text": "Mara pockets the silver key while the others look at the door.",
    "in_character": True,
}
DELETED_EXAMPLE: dict[str, Any] = {
    **MESSAGE_EXAMPLE,
    "text": None,
    "deleted": {"by": STORYTELLER, "at": "2026-11-30T08:45:10.000000Z"},
}

CREATE_EXAMPLES: dict[str, dict[str, Any]] = {
    "to the table": {
        "summary": "A word to the whole table",
        "value": {"text": "Shall we rest before the bridge?"},
    },
    "in-character whisper": {
        "summary": "Mara whispers to the storyteller, in character",
        "value": {
            "text": "Mara pockets the silver key while the others look at the door.",
            "to": [STORYTELLER],
            "in_character": True,
            "character_id": CHARACTER,
        },
    },
}

UserId = Annotated[str, Field(min_length=1, max_length=26)]


class MessageCreate(BaseModel):
    """A message: ``to`` absent or null for the whole table, else a whisper to those
    members (the sender reads it too, named or not). ``in_character`` speaks as
    ``character_id``, a character the sender may roll for."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [CREATE_EXAMPLES["to the table"]["value"]]}
    )

    text: str = Field(
        min_length=1, max_length=MAX_TEXT, description="Plain text, 1 to 2,000 characters."
    )
    to: list[UserId] | None = Field(
        default=None,
        min_length=1,
        max_length=MAX_RECIPIENTS,
        description="Members to whisper to (user ids; duplicates count once); null: the table.",
    )
    in_character: StrictBool = Field(
        default=False, description="Spoken by ``character_id`` rather than by its player."
    )
    character_id: str | None = Field(
        default=None,
        min_length=1,
        max_length=26,
        description="The character speaking; required with ``in_character``, else refused.",
    )


class Deleted(BaseModel):
    by: str = Field(description="Who deleted the message: its author or a storyteller.")
    at: datetime


class MessageRead(BaseModel):
    """A message as its readers see it. A deleted one keeps its place (``seq``) with
    ``text`` null and ``deleted`` saying who deleted it and when."""

    id: str
    seq: int
    campaign_id: str
    user_id: str = Field(description="The sender.")
    character_id: str | None = Field(description="The character speaking, when in character.")
    to: list[str] | None = Field(description="The recipients of a whisper; null: the table.")
    text: str | None = Field(description="Null once the message is deleted.")
    in_character: bool
    created_at: datetime
    deleted: Deleted | None = Field(default=None, description="Only on a deleted message.")


class MessageList(BaseModel):
    """One page of the chat, newest first."""

    items: list[MessageRead]
    next_cursor: str | None
