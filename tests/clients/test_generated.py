"""The checked-in Python client (clients/python) is the one the generator makes from the
app's OpenAPI document today: regenerated into a temporary folder, every file is the same.
A change to an endpoint or a schema fails here until scripts/generate_client.py is run
and its output committed."""

from __future__ import annotations

import difflib
import importlib.metadata
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "clients" / "python"
IGNORED = {"__pycache__", ".ruff_cache", ".pytest_cache", ".mypy_cache"}


def files(folder: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
        and not IGNORED & set(path.relative_to(folder).parts)
        and not path.name.endswith(".pyc")
    }


@pytest.mark.skipif(
    importlib.util.find_spec("openapi_python_client") is None,
    reason="openapi-python-client is not installed (pip install -e '.[test]')",
)
def test_the_checked_in_client_is_current(tmp_path: Path) -> None:
    fresh = tmp_path / "python"
    done = subprocess.run(  # noqa: S603
        [sys.executable, str(ROOT / "scripts" / "generate_client.py"), str(fresh)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    ours, theirs = files(CLIENT), files(fresh)
    version = importlib.metadata.version("openapi-python-client")
    advice = (
        f"clients/python is stale (openapi-python-client {version}): run"
        " `.venv/bin/python scripts/generate_client.py` and commit clients/python"
    )
    assert sorted(ours) == sorted(theirs), f"{advice}\nfiles differ: {set(ours) ^ set(theirs)}"
    for name, content in theirs.items():
        if ours[name] != content:
            diff = difflib.unified_diff(
                ours[name].decode().splitlines(),
                content.decode().splitlines(),
                f"clients/python/{name}",
                "regenerated",
                lineterm="",
            )
            pytest.fail(f"{advice}\n" + "\n".join(list(diff)[:60]))


def test_fairtable_openapi_writes_the_served_document(tmp_path: Path) -> None:
    """``fairtable openapi`` (no server, no database) writes what ``/openapi.json`` answers."""
    from app.core.documents import openapi_document

    target = tmp_path / "openapi.json"
    done = subprocess.run(  # noqa: S603
        [sys.executable, "-m", "app.cli", "openapi", "-o", str(target)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(target.read_text(encoding="utf-8")) == openapi_document()
