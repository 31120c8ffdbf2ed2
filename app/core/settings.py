"""Runtime configuration, read once from ``VTT_*`` environment variables."""

from __future__ import annotations

import ipaddress
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

DEV_SECRET = "dev-insecure-secret-change-me"  # noqa: S105 - the default is refused outside dev


class Settings(BaseSettings):
    """Everything an operator may set. A default secret is refused outside development,
    because tokens and ticket signatures would then be forgeable by anyone who read this file."""

    model_config = SettingsConfigDict(env_prefix="VTT_", extra="ignore")

    environment: Literal["development", "test", "production"] = "development"
    database_url: str = "sqlite+aiosqlite:///./fairtable.db"
    broker_url: str = "memory://"
    # Messages a websocket may have queued before it is closed 1013 (it then resumes).
    ws_queue_size: int = Field(default=1000, ge=1)
    # Each instance re-announces who is at its tables this often; one silent for three
    # heartbeats (crashed, or cut from Redis) has its users shown offline elsewhere.
    presence_heartbeat_seconds: float = Field(default=10.0, gt=0)
    # Namespaces the Redis channels: deployments (or test runs) sharing a server stay apart.
    redis_prefix: str = Field(default="fairtable", min_length=1)
    secret_key: str = DEV_SECRET
    cors_origins: list[str] = Field(default_factory=list)
    token_ttl_seconds: int = Field(default=7 * 24 * 3600, ge=1)
    invite_ttl_seconds: int = Field(default=7 * 24 * 3600, ge=60)
    auth_cache_seconds: float = Field(default=1.0, ge=0)
    login_max_failures: int = Field(default=5, ge=1)
    db_pool_size: int = Field(default=20, ge=1)
    max_body_bytes: int = 64 * 1024
    # A campaign export brought back by POST /campaigns/import (docs/export.md).
    max_import_bytes: int = Field(default=16 * 1024 * 1024, ge=1024)
    # "seeded": every die from the campaign's committed seed (verifiable, the default);
    # "system": the OS CSPRNG without commitments (the benchmark's baseline only).
    dice: Literal["seeded", "system"] = "seeded"
    # Argon2id cost (argon2-cffi's defaults); lower only for tests.
    password_time_cost: int = Field(default=3, ge=1)
    password_memory_kib: int = Field(default=65536, ge=8)

    # Networks whose X-Forwarded-For is believed for the client address (comma-separated
    # CIDRs or addresses; empty: the direct peer is the client). The compose file's nginx.
    trusted_proxies: Annotated[list[str], NoDecode] = Field(default_factory=list)
    # Credentials: sessions, login throttling, passwords (docs/security.md).
    # Failed logins counted per (username, address) and per address over this window.
    login_window_seconds: int = Field(default=15 * 60, ge=1)
    login_address_max_failures: int = Field(default=20, ge=1)
    password_min_length: int = Field(default=10, ge=10)
    password_min_score: int = Field(default=2, ge=0, le=4)  # zxcvbn's 0..4
    ws_max_sockets_per_user: int = Field(default=20, ge=1)
    # Observability (docs/operations.md): Prometheus metrics at /metrics, behind a bearer
    # token when one is set; "json": every log record one JSON object a line, and one line
    # per request (request id, user, route, status, duration) instead of the access log.
    metrics: bool = True
    metrics_token: str | None = None
    # A port of its own for /metrics (then not served on the API's port), bound to
    # metrics_host: a scraper reaches it where the public never does.
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    metrics_host: str = "127.0.0.1"
    log_format: Literal["text", "json"] = "text"
    # Rate limits.
    # On/off; unset: on, except with VTT_ENVIRONMENT=test (docs/security.md). Counted in
    # Redis when the broker is Redis (shared by instances), in this process otherwise.
    rate_limits: bool | None = None
    # `limits` notation, sliding window. Writes per user: 10/s sustained, bursts of 30.
    rate_limit_writes: str = "30 per 3 seconds"
    # Requests per client address to endpoints that need no credential (register, login…).
    rate_limit_anonymous: str = "20 per 10 seconds"
    # Retention.
    # An Idempotency-Key answers retries this long (Stripe's 24 h); then a retry is new.
    idempotency_ttl_seconds: int = Field(default=24 * 3600, ge=1)
    # How often the background task purges expired records, and how many per writer job.
    idempotency_purge_seconds: float = Field(default=300.0, gt=0)
    idempotency_purge_batch: int = Field(default=500, ge=1)
    # The luck tallies' minute rows (exact window edges) are kept this long, then purged;
    # an older edge is read from the rolls (docs/operations.md). Hour rows stay.
    stats_minute_tally_days: float = Field(default=7.0, gt=0)
    # How often open roll requests past their deadline are written expired (with their
    # roll_request.expired event); reads show them expired at once anyway.
    roll_request_sweep_seconds: float = Field(default=5.0, gt=0)
    # Export and import.
    # One line (record) of a line-format import or restore; the file itself is unbounded.
    max_import_line_bytes: int = Field(default=8 * 1024 * 1024, ge=1024)
    # Webhooks (docs/webhooks.md).
    # Whether this instance delivers webhooks (its API serves them either way).
    webhook_delivery: bool = True
    # Targets on loopback, private, link-local and other non-public addresses are refused,
    # at creation and at each connection, unless this is on (tests, a LAN-only table).
    webhook_allow_private: bool = False
    # One delivery attempt: connecting, sending and the answer's head, at most this long.
    webhook_timeout_seconds: float = Field(default=10.0, gt=0, le=60)
    # A target is disabled once its oldest undelivered event failed this many times in a
    # row over at least ``webhook_retry_seconds`` (24 h): retries span a day at least.
    webhook_max_failures: int = Field(default=20, ge=1)
    webhook_retry_seconds: float = Field(default=24 * 3600.0, ge=0)
    # Backoff before the n-th retry: a random delay in [0, min(max, base * 2**(n-1))].
    webhook_backoff_base_seconds: float = Field(default=5.0, gt=0)
    webhook_backoff_max_seconds: float = Field(default=2 * 3600.0, gt=0)
    # Workers wake on every committed event; they also look for due targets this often.
    webhook_poll_seconds: float = Field(default=1.0, gt=0)
    # Delivery attempts are listed (GET /webhooks/{id}/deliveries) this long, then purged.
    webhook_log_seconds: float = Field(default=7 * 24 * 3600.0, gt=0)

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _split_networks(cls, value: object) -> object:
        """A comma-separated list in the environment; each item must be a network."""
        if isinstance(value, str):
            value = [item.strip() for item in value.split(",") if item.strip()]
        if isinstance(value, list):
            for item in value:
                ipaddress.ip_network(str(item).strip(), strict=False)  # ValueError names it
        return value

    @model_validator(mode="after")
    def _refuse_default_secret(self) -> Settings:
        if self.environment != "development" and self.secret_key == DEV_SECRET:
            raise ValueError("VTT_SECRET_KEY must be set outside development")
        if len(self.secret_key) < 16:
            raise ValueError("VTT_SECRET_KEY must be at least 16 characters")
        return self

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")


@lru_cache
def get_settings() -> Settings:
    return Settings()
