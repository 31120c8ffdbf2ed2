"""``fairtable migrate`` and ``serve`` on a database they cannot use: one clear line and a
non-zero exit, never a traceback (an operator reads this in a container log)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PG_ENV

ROOT = Path(__file__).resolve().parents[2]


def _fairtable(*args: str, url: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "VTT_DATABASE_URL": url}
    command = [sys.executable, "-m", "app.cli", *args]
    return subprocess.run(  # noqa: S603
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False
    )


def _one_clear_line(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("fairtable: cannot use the database at ")
    for word in words:
        assert word in lines[0]


@pytest.mark.parametrize("command", ["migrate", "serve"])
def test_a_sqlite_file_in_a_missing_folder_is_one_line(tmp_path: Path, command: str) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path}/missing/folder/x.db"
    _one_clear_line(_fairtable(command, url=url), "unable to open database file", "folder")


def test_an_unreachable_server_is_one_line() -> None:
    url = "postgresql+asyncpg://postgres@127.0.0.1:9/nowhere"  # the discard port: refused
    _one_clear_line(_fairtable("migrate", url=url), "127.0.0.1")


def test_a_missing_postgresql_database_says_to_create_it() -> None:
    server = os.environ.get(PG_ENV)
    if not server:
        pytest.skip(f"{PG_ENV} is not set: no PostgreSQL server to ask")
    base = server.rsplit("/", 1)[0]
    done = _fairtable("migrate", url=f"{base}/fairtable_never_created_db")
    _one_clear_line(done, "does not exist", "create it first")
    assert "secret" not in done.stderr.lower()
