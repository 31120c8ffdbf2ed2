"""Request and answer bodies for campaigns, invites and members."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, WithJsonSchema

from app.core.i18n import languages, msg

# Examples shown in the OpenAPI document (/docs), consistent with one another.
CAMPAIGN_EXAMPLE = {
    "id": "01jd8m7c4d5e6f7g8h9j0k1m2n",
    "name": "The Kittens' Boat",
    "ruleset": "3d6",
    "settings": {"reroll_any_die": False},
    "created_at": "2026-11-30T08:45:13Z",
    "role": "storyteller",
}
INVITE_EXAMPLE = {
    "code": "aZX4jemoL-GrbyDT",
    "role": "player",
    "expires_at": "2026-12-07T08:45:13Z",
}
INVITE_ACCEPTED_EXAMPLE = {"campaign_id": CAMPAIGN_EXAMPLE["id"], "role": "player"}
MEMBER_EXAMPLES = [
    {
        "user_id": "01jd8m5w7q3xv0c4e9r2k6t1za",
        "display_name": "Ada",
        "role": "storyteller",
        "online": True,
    },
    {
        "user_id": "01jd8m8e1f2g3h4j5k6m7n8p9q",
        "display_name": "Leo",
        "role": "player",
        "online": False,
    },
]

Ruleset = Literal["3d6", "matrix", "d20"]
Role = Literal["storyteller", "player", "spectator"]


def _known_language(value: str) -> str:
    if value not in languages():
        raise ValueError(
            msg(
                "{value!r} is not a language of this server: {known}",
                value=value,
                known=", ".join(languages()),
            )
        )
    return value


# Any language with a catalogue (app/locale/<lang>, app/web/static/i18n/<lang>.json).
Language = Annotated[
    str,
    AfterValidator(_known_language),
    WithJsonSchema({"type": "string", "enum": list(languages())}),
]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TableSettings(Strict):
    """What every ruleset's campaign holds: the table's language and its chat rules.
    Campaigns made before a key existed lack it: read them with ``table_setting``."""

    language: Language = Field(
        default="en",
        description="The language of what the server writes for people (notices, webhook "
        "messages): one the server has a catalogue for. Defaults on creation to the "
        "creator's Accept-Language among them, else English.",
    )
    storyteller_reads_whispers: bool = Field(
        default=True, description="Storytellers also read whispers between players."
    )
    message_delete_minutes: int = Field(
        default=5,
        ge=0,
        le=1440,
        description="How long after sending an author may delete their own chat message.",
    )


TABLE_DEFAULTS: dict[str, Any] = TableSettings().model_dump()


def table_setting(settings: dict[str, Any], key: str) -> Any:
    """A ``TableSettings`` key of a stored campaign's settings, its default if absent."""
    return settings.get(key, TABLE_DEFAULTS[key])


class Settings3d6(TableSettings):
    reroll_any_die: bool = Field(
        default=False, description="Allow rerolling a die that is already a success."
    )


class SettingsMatrix(TableSettings):
    npc_fatigue_only: bool = Field(
        default=False, description="Non-player characters take all physical damage as fatigue."
    )


class SettingsD20(TableSettings):
    pass


SETTINGS_MODELS: dict[str, type[TableSettings]] = {
    "3d6": Settings3d6,
    "matrix": SettingsMatrix,
    "d20": SettingsD20,
}


class CampaignCreate(Strict):
    name: str = Field(min_length=1, max_length=120)
    ruleset: Ruleset
    settings: dict[str, Any] | None = None

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"name": "The Kittens' Boat", "ruleset": "3d6", "settings": {}}]
        },
    )


class CampaignUpdate(Strict):
    name: str | None = Field(default=None, min_length=1, max_length=120)
    settings: dict[str, Any] | None = None

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"name": "The Kittens' Big Boat", "settings": {"reroll_any_die": True}}]
        },
    )


class CampaignRead(BaseModel):
    id: str
    name: str
    ruleset: Ruleset
    settings: dict[str, Any]
    created_at: datetime
    role: Role = Field(description="The caller's role in this campaign.")


class CampaignList(BaseModel):
    items: list[CampaignRead]
    next_cursor: str | None


class InviteCreate(Strict):
    role: Role = "player"
    expires_in: int | None = Field(
        default=None, ge=60, le=30 * 24 * 3600, description="Seconds; default 7 days."
    )

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"role": "player", "expires_in": 86400}]}
    )


class InviteRead(BaseModel):
    code: str
    role: Role
    expires_at: datetime


class InviteAccepted(BaseModel):
    campaign_id: str
    role: Role


class MemberRead(BaseModel):
    user_id: str
    display_name: str
    role: Role
    online: bool = False


class MemberList(BaseModel):
    items: list[MemberRead]
    next_cursor: str | None


class MemberUpdate(Strict):
    role: Role

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"role": "spectator"}]}
    )
