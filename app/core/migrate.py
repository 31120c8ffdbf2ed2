"""Run the Alembic history programmatically (``fairtable migrate``, ``serve``, tests)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

ROOT = Path(__file__).resolve().parents[2]


def alembic_config(database_url: str) -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.attributes["database_url"] = database_url
    return config


def upgrade(database_url: str) -> None:
    """Bring the schema at ``database_url`` to the newest revision (idempotent)."""
    command.upgrade(alembic_config(database_url), "head")
