"""The one way into the database: a small ``Db`` protocol (``app.core.dbapi``) with two
implementations, ``app.core.sqlite`` and ``app.core.postgres``; ``create_database`` picks
one from the URL.

Every query of the service runs on a driver connection, never through an ORM session:
SQLAlchemy Core cost ~70 µs per statement here, the drivers ~10 µs (SQLite, inline on the
event loop) or one network round trip (asyncpg). SQL is written once with ``?``
placeholders; values cross as Python values (dicts and lists for JSON columns, aware UTC
datetimes, bools, bytes), converted by converters registered once per driver.

A ``Database`` hands out a ``Db`` two ways: ``read()`` for reads outside write jobs
(autocommit, every statement sees what is committed), and ``transaction()`` (SQLite) or
``job()`` (PostgreSQL) for the writer, which is the only place that begins and commits.
"""

from __future__ import annotations

from sqlalchemy.engine import make_url

from app.core.dbapi import Accumulator, Db, RetryJob, Row, Statement
from app.core.postgres import PgDb, PgJobDb, PostgresDatabase, asyncpg_dsn
from app.core.sqlite import Checkpointer, SqliteDatabase, SqliteDb

__all__ = [
    "Accumulator",
    "Checkpointer",
    "Database",
    "Db",
    "PgDb",
    "PgJobDb",
    "PostgresDatabase",
    "RetryJob",
    "Row",
    "SqliteDatabase",
    "SqliteDb",
    "Statement",
    "asyncpg_dsn",
    "create_database",
]

Database = SqliteDatabase | PostgresDatabase


def create_database(url: str, pool_size: int = 10) -> Database:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if not parsed.database or parsed.database == ":memory:":
            raise ValueError("Fairtable needs a SQLite file, not an in-memory database")
        return SqliteDatabase(parsed.database)
    return PostgresDatabase(url, pool_size)
