"""Every event of the stream, one shape per ``type``: what ``GET /campaigns/{cid}/events``
answers and the websocket sends (docs/realtime.md), for the OpenAPI document, the AsyncAPI
document (docs/asyncapi.yaml, written from these by scripts/asyncapi.py) and the clients
generated from them.

Events are built as plain dicts by the features that record them; app/events/schemas.py
documents its ``EventRead`` (which validates ``data`` as a dict) as a ``oneOf`` of these,
discriminated by ``type``. ``OtherEvent`` is the last branch: a type this version does not
know, which clients ignore (the API grows by adding event types). A test sends every type
through a live socket and checks each message against its shape (tests/realtime).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.characters.schemas import CharacterRead
from app.core.openapi import Shape
from app.fairness.schemas import SeedRead
from app.grants.schemas import GrantRead
from app.messages.schemas import MessageRead
from app.roll_requests.schemas import RollRequestRead
from app.rolls.schemas import RollRead
from app.table.schemas import ContestRead, GroupRead, TaskRead

Role = Literal["storyteller", "player", "spectator"]


class _Event(Shape):
    seq: int = Field(description="The event's place in the campaign's stream (1, 2, 3, …).")
    campaign_id: str
    at: datetime


class CharacterDeleted(Shape):
    id: str


class MemberRole(Shape):
    user_id: str
    role: Role


class MemberGone(Shape):
    user_id: str


class CampaignChange(Shape):
    id: str
    name: str
    settings: dict[str, Any]


class NewSeed(Shape):
    number: int
    commitment: str
    client_seed: str
    first_nonce: int


class SeedRotation(Shape):
    by: str = Field(description="The storyteller who rotated the seed.")
    revealed: SeedRead = Field(description="The seed revealed, with its `server_seed`.")
    current: NewSeed = Field(description="The seed committed in its place.")


class RequestChange(Shape):
    """The request as its readers read it at that moment. The storytellers' event of a
    creation or a cancel also carries, beside it, the request's record as its link of the
    hash chain covers it (docs/fairness.md)."""

    request: RollRequestRead


class MessageErased(Shape):
    id: str
    deleted_by: str
    deleted_at: datetime


class RollEvent(_Event):
    """A roll, then each of its steps and its reveal: the roll as `GET /rolls/{id}` answers."""

    type: Literal["roll.created", "roll.updated"]
    data: RollRead


class CharacterEvent(_Event):
    """A character created or changed (an edit, a save, damage, a reveal, a lifted
    condition): the character as every member reads it."""

    type: Literal["character.created", "character.updated"]
    data: CharacterRead


class CharacterDeletedEvent(_Event):
    type: Literal["character.deleted"]
    data: CharacterDeleted


class MemberEvent(_Event):
    """Someone accepted an invite, or a member's role changed."""

    type: Literal["member.joined", "member.updated"]
    data: MemberRole


class MemberLeftEvent(_Event):
    """A member left or was removed."""

    type: Literal["member.left"]
    data: MemberGone


class CampaignUpdatedEvent(_Event):
    type: Literal["campaign.updated"]
    data: CampaignChange


class ContestEvent(_Event):
    """A step of a contest (docs/table-flow.md)."""

    type: Literal["contest.updated"]
    data: ContestRead


class GroupEvent(_Event):
    """A group action rolled, or one of its rolls moved on (docs/table-flow.md)."""

    type: Literal["group.rolled", "group.updated"]
    data: GroupRead


class TaskEvent(_Event):
    """A step of a long task (docs/table-flow.md)."""

    type: Literal["task.updated"]
    data: TaskRead


class GrantEvent(_Event):
    """A storyteller granted a reroll before the roll; a roll used it up."""

    type: Literal["grant.created", "grant.used"]
    data: GrantRead


class FairnessRotatedEvent(_Event):
    """A seed revealed and a new one committed (docs/fairness.md)."""

    type: Literal["fairness.rotated"]
    data: SeedRotation


class RollRequestEvent(_Event):
    """A roll request made, answered, cancelled or expired."""

    type: Literal[
        "roll_request.created",
        "roll_request.answered",
        "roll_request.cancelled",
        "roll_request.expired",
    ]
    data: RequestChange


class MessageCreatedEvent(_Event):
    """A chat message, as `POST /campaigns/{cid}/messages` answered it; replayed after its
    deletion as a tombstone (`text: null`, `deleted`)."""

    type: Literal["message.created"]
    data: MessageRead


class MessageDeletedEvent(_Event):
    type: Literal["message.deleted"]
    data: MessageErased


EVENTS: tuple[type[_Event], ...] = (
    RollEvent,
    CharacterEvent,
    CharacterDeletedEvent,
    MemberEvent,
    MemberLeftEvent,
    CampaignUpdatedEvent,
    ContestEvent,
    GroupEvent,
    TaskEvent,
    GrantEvent,
    FairnessRotatedEvent,
    RollRequestEvent,
    MessageCreatedEvent,
    MessageDeletedEvent,
)


def types_of(event: type[BaseModel]) -> tuple[str, ...]:
    """The ``type`` values an event shape stands for."""
    return tuple(event.model_fields["type"].annotation.__args__)  # type: ignore[union-attr]


# type -> its shape, for every type this version writes.
EVENT_TYPES: dict[str, type[_Event]] = {name: e for e in EVENTS for name in types_of(e)}


class OtherEvent(Shape):
    """An event of a type this version does not know (a later server's): ignore it."""

    model_config = ConfigDict(
        json_schema_extra=lambda schema: schema["properties"]["type"].update(
            {"not": {"enum": sorted(EVENT_TYPES)}}
        )
    )

    seq: int
    type: str
    campaign_id: str
    at: datetime
    data: dict[str, Any]
