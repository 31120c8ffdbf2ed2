"""Request and answer bodies of webhooks."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, field_validator

from app.core.i18n import msg

MAX_EVENT_TYPES = 50

# Every event type the record holds (docs/realtime.md); ``tests/webhooks`` checks that each
# type the code records is here, so a filter naming a type that never occurs is a 422.
EVENT_TYPES = (
    "roll.created", "roll.updated", "character.created", "character.updated",
    "character.deleted", "member.joined", "member.updated", "member.left",
    "campaign.updated", "contest.updated", "group.rolled", "task.updated", "grant.created",
    "grant.used", "fairness.rotated", "roll_request.created", "roll_request.answered",
    "roll_request.cancelled", "roll_request.expired", "message.created", "message.deleted",
    "delegation.created", "delegation.revoked", "webhook.disabled",
)  # fmt: skip

Format = Literal["standard", "discord"]
EventType = Annotated[str, Field(max_length=40)]

WEBHOOK_ID = "01jd8mh5j6k7m8n9p0q1r2s3t4"
CAMPAIGN = "01jd8m7c4d5e6f7g8h9j0k1m2n"
STORYTELLER = "01jd8m8e1f2g3h4j5k6m7n8p9r"
WEBHOOK_EXAMPLE: dict[str, Any] = {
    "id": WEBHOOK_ID,
    "campaign_id": CAMPAIGN,
    "created_by": STORYTELLER,
    "url": "https://example.com/fairtable/hooks",
    "format": "standard",
    "events": ["roll.created", "roll.updated"],
    "include_hidden": False,
    "enabled": True,
    "disabled_reason": None,
    "delivered_seq": 41,
    "failures": 0,
    "next_attempt_at": None,
    "created_at": "2026-11-30T08:40:00.000000Z",
    "updated_at": "2026-11-30T08:40:00.000000Z",
}
CREATED_EXAMPLE: dict[str, Any] = {
    **WEBHOOK_EXAMPLE,
    "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw4uBA3SyjSlI=",
}
DELIVERY_EXAMPLE: dict[str, Any] = {
    "id": "01jd8mk7m8n9p0q1r2s3t4v5w6",
    "seq": 42,
    "type": "roll.created",
    "attempt": 2,
    "outcome": "delivered",
    "status_code": 204,
    "error": None,
    "duration_ms": 38,
    "at": "2026-11-30T08:45:19.412006Z",
}
CREATE_EXAMPLES: dict[str, dict[str, Any]] = {
    "signed JSON": {
        "summary": "Rolls, signed per Standard Webhooks, to a server of one's own",
        "value": {
            "url": "https://example.com/fairtable/hooks",
            "format": "standard",
            "events": ["roll.created", "roll.updated"],
        },
    },
    "discord": {
        "summary": "Every public roll to a Discord channel's webhook",
        "value": {
            "url": "https://discord.com/api/webhooks/123456789012345678/token",
            "format": "discord",
            "events": ["roll.created"],
        },
    },
}
UPDATE_EXAMPLES: dict[str, dict[str, Any]] = {
    "re-enable": {
        "summary": "Resume a target the server disabled, from the event it stopped at",
        "value": {"enabled": True},
    },
    "other events": {
        "summary": "Chat and rolls, to another URL",
        "value": {
            "url": "https://example.com/fairtable/v2/hooks",
            "events": ["roll.created", "message.created"],
        },
    },
}


def _known(types: list[str] | None) -> list[str] | None:
    if types is None:
        return None
    for index, name in enumerate(types):
        if name not in EVENT_TYPES:
            raise ValueError(
                msg(
                    "events[{index}]: no event type '{name}' (see docs/realtime.md)",
                    index=index,
                    name=name,
                )
            )
    return list(dict.fromkeys(types))


class WebhookCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    url: str = Field(min_length=1, max_length=2048, description="http(s), on a public address.")
    format: Format = Field(
        description="`standard`: the event as JSON, signed per Standard Webhooks; `discord`:"
        " a readable message for a Discord channel's webhook URL."
    )
    events: list[EventType] | None = Field(
        default=None,
        min_length=1,
        max_length=MAX_EVENT_TYPES,
        description="Only these event types; omitted or null: every type.",
    )
    include_hidden: StrictBool = Field(
        default=False,
        description="Also what the storyteller creating it may read that the table may not"
        " (blind rolls, whispers to them…). Such a target is theirs alone.",
    )

    _events = field_validator("events")(_known)


class WebhookUpdate(BaseModel):
    """Only the fields given change; ``enabled: true`` re-enables a disabled target, which
    resumes from where it stopped."""

    model_config = ConfigDict(extra="forbid")

    url: str | None = Field(default=None, min_length=1, max_length=2048)
    format: Format | None = None
    events: list[EventType] | None = Field(default=None, min_length=1, max_length=MAX_EVENT_TYPES)
    enabled: StrictBool | None = None

    _events = field_validator("events")(_known)


class WebhookRead(BaseModel):
    id: str
    campaign_id: str
    created_by: str
    url: str
    format: Format
    events: list[str] | None
    include_hidden: bool
    enabled: bool
    disabled_reason: Literal["failures", "gone", "owner_left"] | None = Field(
        description="Why the server disabled it: `failures` (the oldest undelivered event"
        " kept failing), `gone` (the receiver answered 410), `owner_left` (its storyteller"
        " left the campaign); null when enabled or disabled by a storyteller."
    )
    delivered_seq: int = Field(description="The last event seq delivered or passed over.")
    failures: int = Field(description="Failed attempts in a row at the next event.")
    next_attempt_at: datetime | None
    created_at: datetime
    updated_at: datetime


class WebhookCreated(WebhookRead):
    secret: str = Field(description="The signing secret (`whsec_…`): shown this once only.")


class WebhookList(BaseModel):
    items: list[WebhookRead]


class DeliveryRead(BaseModel):
    id: str
    seq: int
    type: str
    attempt: int = Field(description="1 for the first attempt at this event.")
    outcome: Literal["delivered", "rejected", "unreachable", "refused"]
    status_code: int | None
    error: str | None
    duration_ms: int
    at: datetime


class DeliveryList(BaseModel):
    items: list[DeliveryRead]
    next_cursor: str | None
