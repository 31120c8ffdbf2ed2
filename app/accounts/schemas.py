"""Request and answer bodies for accounts, tokens and API keys."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Username = Field(min_length=3, max_length=40, pattern=r"^[A-Za-z0-9_.-]+$")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class UserCreate(Strict):
    username: str = Username
    password: str = Field(min_length=8, max_length=200)
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


class TokenRead(BaseModel):
    access_token: str
    token_type: Literal["bearer"] = "bearer"  # noqa: S105
    expires_at: datetime


ScopeName = Literal["read", "roll", "manage"]


class ApiKeyCreate(Strict):
    name: str = Field(min_length=1, max_length=80)
    scopes: list[ScopeName] = Field(min_length=1, max_length=3)

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"name": "dice bot", "scopes": ["read", "roll"]}]},
    )


class ApiKeyRead(BaseModel):
    id: str
    name: str
    scopes: list[str]
    created_at: datetime


class ApiKeyCreated(ApiKeyRead):
    key: str = Field(description="Shown once: store it now, it cannot be read again.")
