"""Page benchmark: how soon the play page is interactive in Chromium with 10,000 rolls in
its campaign's log (issue 15, "Speed": within 1 s on localhost), and what the page weighs.

Run from the repo root (Debian's chromium and the test extra's Playwright)::

    .venv/bin/python bench/page_bench.py                 # SQLite, 10,000 rolls, 9 loads
    .venv/bin/python bench/page_bench.py --rolls 50000 --loads 15
    .venv/bin/python bench/page_bench.py --postgres postgresql+asyncpg://postgres@127.0.0.1/postgres

Two campaigns are made in one fresh database by ``fairtable demo``: one with ``--rolls``
rolls and, as the baseline measured in the same run, one with a single roll. A server
(``uvicorn --factory``, one worker) serves both; the storyteller's page of each is loaded
``--loads`` times, alternating, each time in a new browser context (an empty cache, as a
first visit). "Interactive" is the first frame, counted from the navigation's start, at
which the live connection is up, the newest rolls are drawn in the log and the roll button
can be pressed.

Output: ``P50_MS interactive_<rolls> <ms>``, ``P50_MS interactive_1 <ms>``, ``RATIO
interactive_<rolls>_vs_1 <x>``, the static weight uncompressed (``KIB js_css_loaded``:
the scripts and style sheets the play page loaded; ``KIB js_css_all``: every script and
style sheet the client has, all pages together) and ``TARGET`` lines.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx
from playwright.async_api import Browser, async_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from growth_bench import ROOT, Database, Server, generate

CHROMIUM = "/usr/bin/chromium"
TARGET_MS = 1000.0
TARGET_KIB = 200.0
# The page is interactive: connected, the log drawn, the roll button enabled.
READY = """() => {
  const live = document.querySelector('#live-status[data-state=connected]');
  const card = document.querySelector('ft-roll-card');
  const button = document.querySelector('#roll-submit');
  return live && card && button && !button.disabled ? performance.now() : null;
}"""


async def _session(base: str, key: str) -> dict[str, str]:
    """What the web client keeps in localStorage after a login, for the storyteller."""
    async with httpx.AsyncClient(base_url=base) as client:
        me = await client.get("/api/v1/users/me", headers={"Authorization": f"Bearer {key}"})
        me.raise_for_status()
        return {"fairtable.token": key, "fairtable.user": me.text}


async def _load(
    browser: Browser, base: str, cid: str, session: dict[str, str]
) -> tuple[float, int]:
    """One first visit: the interactive time (ms) and the bytes of scripts and styles."""
    context = await browser.new_context(base_url=base, viewport={"width": 1280, "height": 900})
    script = "".join(
        f"localStorage.setItem({k!r}, {v!r});" for k, v in session.items()
    )  # the login, before the page's own scripts run
    await context.add_init_script(script)
    weighed: list[asyncio.Future[int]] = []

    async def weigh(response: Any) -> int:
        if response.request.resource_type in ("script", "stylesheet"):
            return len(await response.body())
        return 0

    page = await context.new_page()
    page.on("response", lambda r: weighed.append(asyncio.ensure_future(weigh(r))))
    try:
        await page.goto(f"/c/{cid}")
        try:
            ready = await page.wait_for_function(READY, polling="raf", timeout=30_000)
        except Exception:
            shot = Path(tempfile.gettempdir()) / "page_bench_failed.png"
            await page.screenshot(path=str(shot))
            print(f"# the page never became interactive: {shot}", file=sys.stderr)
            raise
        ms = float(await ready.json_value())
        await page.wait_for_load_state("networkidle")
        return ms, sum(await asyncio.gather(*weighed))
    finally:
        await context.close()


async def _measure(base: str, pages: dict[str, tuple[str, str]], loads: int) -> dict[str, Any]:
    sessions = {name: await _session(base, key) for name, (_, key) in pages.items()}
    times: dict[str, list[float]] = {name: [] for name in pages}
    weights: list[int] = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        try:
            for name, (cid, _) in pages.items():  # warm the server's caches once
                await _load(browser, base, cid, sessions[name])
            for _ in range(loads):
                for name, (cid, _) in pages.items():
                    ms, weight = await _load(browser, base, cid, sessions[name])
                    times[name].append(ms)
                    weights.append(weight)
        finally:
            await browser.close()
    return {"times": times, "weight": max(weights)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rolls", type=int, default=10_000)
    parser.add_argument("--loads", type=int, default=9)
    parser.add_argument("--postgres", help="a PostgreSQL server URL instead of SQLite")
    args = parser.parse_args()
    big, small = f"interactive_{args.rolls}", "interactive_1"
    with tempfile.TemporaryDirectory() as tmp:
        database = Database(Path(tmp), args.postgres)
        try:
            cid, key, _ = generate(database.url, args.rolls)
            base_cid, base_key, _ = generate(database.url, 1)
            server = Server(database.url, Path(tmp))
            try:
                pages = {big: (cid, key), small: (base_cid, base_key)}
                found = asyncio.run(_measure(server.base, pages, args.loads))
            finally:
                server.stop()
        finally:
            database.drop()
    db = "postgresql" if args.postgres else "sqlite"
    print(f"# {db}, {args.loads} first visits of each page, alternating")
    p50 = {name: statistics.median(values) for name, values in found["times"].items()}
    for name, value in p50.items():
        print(f"P50_MS {name} {value:.0f}")
    print(f"MAX_MS {big} {max(found['times'][big]):.0f}")
    print(f"RATIO {big}_vs_1 {p50[big] / p50[small]:.2f}")
    kib = found["weight"] / 1024
    static = ROOT / "app" / "web" / "static"
    every = sum(p.stat().st_size for p in static.rglob("*") if p.suffix in (".js", ".css"))
    print(f"KIB js_css_loaded {kib:.1f}")
    print(f"KIB js_css_all {every / 1024:.1f}")
    print(f"TARGET {big} p50 {p50[big]:.0f} ms <= {TARGET_MS:.0f} ms: "
          f"{'met' if p50[big] <= TARGET_MS else 'missed'}")  # fmt: skip
    print(f"TARGET js_css_all {every / 1024:.1f} KiB <= {TARGET_KIB:.0f} KiB: "
          f"{'met' if every / 1024 <= TARGET_KIB else 'missed'}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
