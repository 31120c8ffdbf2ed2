"""The campaign export document, checked strictly on import: an unknown or missing field
is refused (422) before anything is written."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, GetPydanticSchema, WithJsonSchema
from pydantic_core import core_schema

from app.core.openapi import keep_nulls
from app.exchange.examples import EXPORT_EXAMPLE

Id = Annotated[str, Field(min_length=1, max_length=26)]
Hash = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


def _object(_source: Any, _handler: Any) -> core_schema.CoreSchema:
    # refused as pydantic's own ``dict[str, Any]`` refuses: same type, same message
    return core_schema.custom_error_schema(
        core_schema.is_instance_schema(dict), custom_error_type="dict_type"
    )


# A JSON object of a roll or event line, checked to be one and taken as it was parsed: as
# ``dict[str, Any]`` pydantic copied every one, a third of validating a roll line. Its
# keys are strings already (JSON's are); the import's checks and rows read it, never change it.
JsonObject = Annotated[
    dict[str, Any],
    GetPydanticSchema(_object),
    WithJsonSchema({"type": "object", "additionalProperties": True}),
]
Role = Literal["storyteller", "player", "spectator"]
Visibility = Literal["public", "storyteller", "blind", "private", "whisper", "sealed"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CampaignPart(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=120)
    ruleset: Literal["3d6", "matrix", "d20"]
    settings: dict[str, Any]
    created_at: AwareDatetime


class MemberPart(Strict):
    user_id: Id
    username: str = Field(min_length=1, max_length=40)
    display_name: str = Field(max_length=80)
    role: Role
    joined_at: AwareDatetime


class CharacterPart(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=80)
    npc: bool
    owner_id: Id | None
    version: int = Field(ge=1)
    sheet: dict[str, Any]
    created_at: AwareDatetime
    updated_at: AwareDatetime


class RollPart(Strict):
    id: Id
    campaign_id: Id
    seq: int = Field(ge=1)
    ruleset: Literal["3d6", "matrix", "d20"]
    kind: str = Field(min_length=1, max_length=10)
    character_id: Id | None
    user_id: Id
    visibility: Visibility
    note: str | None = Field(max_length=500)
    status: Literal["final", "pending"]
    dice: list[JsonObject]
    result: JsonObject
    odds: JsonObject
    state: JsonObject
    proof: list[JsonObject]
    prev_hash: Hash
    hash: Hash
    created_at: AwareDatetime
    updated_at: AwareDatetime
    # The bot that made the roll for ``user_id`` (app/delegations); a file of a version
    # before it has none (the import checks which: app/exchange/importing.py).
    acted_by: Id | None = None


class EventPart(Strict):
    seq: int = Field(ge=1)
    type: str = Field(min_length=1, max_length=40)
    at: AwareDatetime
    visibility: Visibility
    user_id: Id | None
    data: JsonObject
    prev_hash: Hash | None
    hash: Hash | None
    # A chat whisper's readers (app/rolls/visibility.py); absent for every other event.
    audience: list[Id] | None = Field(default=None, min_length=2, max_length=51)


class SeedPart(Strict):
    number: int = Field(ge=1)
    commitment: Hash
    server_seed: Hash | None
    client_seed: str = Field(min_length=1, max_length=64)
    first_nonce: int = Field(ge=0)
    end_nonce: int | None = Field(ge=0)
    revealed_at: AwareDatetime | None
    links_from: int | None = Field(ge=0)


class FairnessPart(Strict):
    """The GET /campaigns/{cid}/fairness answer, as the export embeds it."""

    campaign_id: Id
    seed_number: int = Field(ge=1)
    commitment: Hash
    client_seed: str = Field(min_length=1, max_length=64)
    next_nonce: int = Field(ge=0)
    last_seq: int = Field(ge=0)
    chain_head: Hash
    seeds: list[SeedPart] = Field(min_length=1)


class FlowPart(Strict):
    """A row of the 3d6 table flow (``app.table``): its engine state in ``data``, as stored."""

    id: Id
    campaign_id: Id
    data: dict[str, Any]
    created_by: Id
    created_at: AwareDatetime
    updated_at: AwareDatetime


class ContestPart(FlowPart):
    status: Literal["running", "tie", "won", "drawn"]


class GroupRollPart(FlowPart):
    # pending: a member's roll still holds rerolls to spend or decline (``app.table.groups``)
    status: Literal["pending", "succeeded", "failed"]


class TaskPart(FlowPart):
    status: Literal["running", "completed", "failed"]


class GrantPart(Strict):
    """A storyteller's grant made before a roll (``app.grants``), as stored: ``open``, or
    ``used`` by the roll ``roll_id`` at ``used_at``. ``app.exchange.checks.grant_problem``
    checks it against the file."""

    id: Id
    campaign_id: Id
    character_id: Id
    name: str | None = Field(min_length=1, max_length=80, pattern=r"^[^\x00]*$")
    status: Literal["open", "used"]
    granted_by: Id
    roll_id: Id | None
    created_at: AwareDatetime
    used_at: AwareDatetime | None


class TermsPart(Strict):
    """What a roll request fixes of its roll (null: left to the roll or to the player)."""

    difficulty: int | Annotated[str, Field(max_length=20)] | None
    advantage: bool | None
    disadvantage: bool | None
    condition: str | None = Field(max_length=60)


class TargetPart(Strict):
    character_id: Id
    position: int = Field(ge=0)
    status: Literal["waiting", "rolled", "expired", "cancelled"]
    roll_id: Id | None
    at: AwareDatetime | None


class RollRequestPart(Strict):
    """A roll request (``app.roll_requests``) as stored, with its addressed characters."""

    id: Id
    campaign_id: Id
    seq: int = Field(ge=1)
    ruleset: Literal["3d6", "matrix", "d20"]
    kind: Literal["test", "save"]
    trait: str = Field(min_length=1, max_length=40)
    terms: TermsPart
    visibility: Literal["public", "storyteller", "blind"]
    note: str | None = Field(max_length=500)
    status: Literal["open", "answered", "expired", "cancelled"]
    expires_at: AwareDatetime | None
    created_by: Id
    cancelled_by: Id | None
    cancelled_at: AwareDatetime | None
    prev_hash: Hash
    hash: Hash
    created_at: AwareDatetime
    updated_at: AwareDatetime
    targets: list[TargetPart] = Field(min_length=1, max_length=50)


class MessagePart(Strict):
    """A table chat message (``app.messages``) as stored: ``recipients`` null for the
    table, else a whisper's (``visibility`` whisper or sealed); a deleted one has no text
    and says who deleted it and when. ``app.exchange.importing`` checks it against its
    events."""

    id: Id
    campaign_id: Id
    seq: int = Field(ge=1)
    user_id: Id
    character_id: Id | None
    in_character: bool
    recipients: list[Id] | None = Field(min_length=1, max_length=50)
    visibility: Literal["public", "whisper", "sealed"]
    text: str | None = Field(min_length=1, max_length=2000)
    created_at: AwareDatetime
    deleted_by: Id | None
    deleted_at: AwareDatetime | None


class CampaignExport(Strict):
    """``GET /campaigns/{cid}/export``; ``POST /campaigns/import`` takes it back.

    ``fairness`` and ``audit`` are exactly what GET /fairness and GET /audit answer the
    exporting storyteller, so ``fairtable verify`` checks an export as it is. ``audit`` is
    derived from ``events`` and is not read back: the import rebuilds it from ``events``."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [keep_nulls(EXPORT_EXAMPLE)]}
    )

    format: Literal["fairtable-campaign"]
    version: Literal[2]
    exported_at: AwareDatetime
    campaign: CampaignPart
    members: list[MemberPart] = Field(max_length=10_000)
    characters: list[CharacterPart] = Field(max_length=100_000)
    rolls: list[RollPart]
    events: list[EventPart]
    fairness: FairnessPart
    audit: list[dict[str, Any]]
    # The 3d6 table flow; absent in exports made before it travelled, and read as empty.
    contests: list[ContestPart] = Field(default_factory=list, max_length=100_000)
    group_rolls: list[GroupRollPart] = Field(default_factory=list, max_length=100_000)
    tasks: list[TaskPart] = Field(default_factory=list, max_length=100_000)
    # The storytellers' grants before a roll; absent in exports made before they travelled.
    grants: list[GrantPart] = Field(default_factory=list, max_length=100_000)


class Placeholder(BaseModel):
    """A member of the exported campaign who has no seat here until invited again."""

    user_id: str
    username: str
    role: str


class ImportedCampaign(BaseModel):
    """The campaign an import created, and what it holds."""

    id: str
    name: str
    ruleset: str
    settings: dict[str, Any]
    created_at: AwareDatetime
    members: int
    characters: int
    rolls: int
    events: int
    mapped_to_you: list[str] = Field(
        description="Usernames of members this instance does not know: their characters "
        "went to you."
    )
    placeholders: list[Placeholder] = Field(
        default_factory=list,
        description="Every other member of the document: seated nowhere here (an import "
        "seats only you), to be invited again. Their rolls keep their names in the log.",
    )
