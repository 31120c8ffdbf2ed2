"""Request and answer bodies for accounts, tokens and API keys."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

# Examples shown in the OpenAPI document (/docs), consistent with one another.
USER_EXAMPLE = {"id": "01jd8m5w7q3xv0c4e9r2k6t1za", "username": "ada", "display_name": "Ada"}
TOKEN_EXAMPLE = {
    "access_token": "ftt_f9BKPsGFyQ1T3H4n_4D0zDeo6bMP-JVRknDdRYHFGdc",
    "token_type": "bearer",
    "expires_at": "2026-12-07T08:45:13Z",
}
API_KEY_EXAMPLE = {
    "id": "01jd8m6a2b3c4d5e6f7g8h9j0k",
    "name": "dice bot",
    "scopes": ["read", "roll"],
    "created_at": "2026-11-30T08:45:13Z",
}
API_KEY_CREATED_EXAMPLE = {**API_KEY_EXAMPLE, "key": "ftk_Q2x5cGhvbi1kaWNlLWJvdC1rZXktZXhhbXBsZQ"}

Username = Field(min_length=3, max_length=40, pattern=r"^[A-Za-z0-9_.-]+$")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class UserCreate(Strict):
    username: str = Username
    password: str = Field(
        min_length=10,
        max_length=200,
        description="10 characters or more (`VTT_PASSWORD_MIN_LENGTH`), not containing the"
        " username, not a common or easily guessed password.",
    )
    display_name: str | None = Field(default=None, min_length=1, max_length=80)

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"username": "ada", "password": "correct horse", "display_name": "Ada"}]
        },
    )


class UserRead(BaseModel):
    id: str
    username: str
    display_name: str


class TokenRequest(Strict):
    username: str = Field(min_length=1, max_length=40)
    password: str = Field(min_length=1, max_length=200)

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"username": "ada", "password": "correct horse"}]},
    )


class TokenRead(BaseModel):
    access_token: str
    token_type: Literal["bearer"] = "bearer"  # noqa: S105
    expires_at: datetime


ScopeName = Literal["read", "roll", "manage", "join"]


class ApiKeyCreate(Strict):
    name: str = Field(min_length=1, max_length=80)
    scopes: list[ScopeName] = Field(min_length=1, max_length=4)

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"name": "dice bot", "scopes": ["read", "roll"]}]},
    )


class ApiKeyRead(BaseModel):
    id: str
    name: str
    scopes: list[str]
    created_at: datetime


class ApiKeyList(BaseModel):
    items: list[ApiKeyRead]
    next_cursor: str | None


class ApiKeyCreated(ApiKeyRead):
    key: str = Field(description="Shown once: store it now, it cannot be read again.")
