"""Run the Alembic history programmatically (``fairtable migrate``, ``serve``, tests)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import make_url
from sqlalchemy.exc import DBAPIError, OperationalError

ROOT = Path(__file__).resolve().parents[2]


def alembic_config(database_url: str) -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.attributes["database_url"] = database_url
    return config


class DatabaseUnavailable(Exception):
    """The database cannot be reached or opened: what the operator must fix, in one line."""


def upgrade(database_url: str) -> None:
    """Bring the schema at ``database_url`` to the newest revision (idempotent).

    A database that is missing, unreachable or not writable raises ``DatabaseUnavailable``
    with the driver's own reason, so ``fairtable migrate`` and ``serve`` print one line
    instead of a traceback."""
    _check_sqlite_folder(database_url)
    try:
        command.upgrade(alembic_config(database_url), "head")
    except (OSError, DBAPIError, OperationalError, sqlite3.Error) as exc:
        raise DatabaseUnavailable(_reason(exc)) from exc


def _check_sqlite_folder(database_url: str) -> None:
    """Refused before any driver starts: a failed aiosqlite connect leaves a thread that
    prints a traceback once the event loop has closed."""
    url = make_url(database_url)
    if not url.drivername.startswith("sqlite") or url.database in (None, "", ":memory:"):
        return
    folder = Path(url.database).resolve().parent
    if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
        raise DatabaseUnavailable(_reason(sqlite3.OperationalError("unable to open database file")))


def _reason(exc: BaseException) -> str:
    original = getattr(exc, "orig", None) or exc
    text = str(original).strip().splitlines()[0] if str(original).strip() else type(exc).__name__
    if "does not exist" in text and "database" in text:
        text += " (create it first, e.g. createdb, or CREATE DATABASE in psql)"
    if "unable to open database file" in text:
        text += " (does its folder exist, and may this user write to it?)"
    return text
