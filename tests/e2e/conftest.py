"""The browser tests: Debian's chromium driven by Playwright for Python against a real
``fairtable serve`` process on this run's database (SQLite, or PostgreSQL when
``VTT_TEST_DATABASE_URL`` is set). Screenshots go to artifacts/screenshots/, which
``.ci/run`` leaves in place. Skipped, with the reason shown, where chromium or Playwright
is missing."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio

from tests.realtime.live import LiveServer

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

try:
    from playwright.async_api import Browser, async_playwright
except ImportError:  # pragma: no cover - the test extra installs it
    async_playwright = None  # type: ignore[assignment]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    reason = None
    if async_playwright is None:
        reason = "playwright is not installed (pip install -e '.[test]')"
    elif not os.path.exists(CHROMIUM):
        reason = "chromium is not installed (apt-get install chromium)"
    if reason:
        for item in items:
            if "tests/e2e/" in str(item.fspath):
                item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def server(database_url: str) -> Iterator[LiveServer]:
    """One server for the browser tests (a module that restarts it has its own)."""
    live = LiveServer(database_url)
    live.start()
    yield live
    live.stop()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        yield launched
        await launched.close()


def base_url(server: LiveServer) -> str:
    return f"http://127.0.0.1:{server.port}"


def pytest_configure(config: Any) -> None:
    config.addinivalue_line("markers", "e2e: a browser test (tests/e2e)")
