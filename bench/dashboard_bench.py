"""Dashboard benchmark: the reads a storyteller's dashboard makes, on a campaign of 10,000
rolls (issue 15, "Speed": the overview within 50 ms, the stats within 200 ms).

Run from the repo root::

    .venv/bin/python bench/dashboard_bench.py                    # SQLite, 10,000 rolls
    .venv/bin/python bench/dashboard_bench.py --rolls 50000 --runs 31
    .venv/bin/python bench/dashboard_bench.py --postgres postgresql+asyncpg://postgres@127.0.0.1/postgres

A fresh database is migrated and filled by ``fairtable demo --rolls N`` (genuine chained
rolls, as bench/growth_bench.py does), a few pending rolls and open roll requests are added
over HTTP (on PostgreSQL the tables are analyzed first, as autovacuum does soon after a
load), and a server (``uvicorn --factory``, one worker) is measured through its API
with the storyteller's key, each read ``--runs`` times, interleaved:

- ``overview``: ``GET /campaigns/{cid}/overview``;
- ``stats``: ``GET /campaigns/{cid}/stats`` (every final roll, by user), ``stats_character``
  (``by=character``) and ``stats_hours`` (``since`` on a whole hour: tallies only);
- ``stats_cut``: ``since`` on a minute inside the hour that holds every roll (minute
  tallies for the cut hour). A ``since`` inside a minute reads that minute's rolls
  themselves; the demo makes all its rolls within a second or two, so such a cut on it
  reads them all (about half a second at 10,000): a table in play rolls a few a minute;
- ``rolls_filtered``: the newest log page of one player's tests (``user_id`` and
  ``kind``), and ``rolls_pending`` (``status=pending``);
- baselines measured in the same run: ``healthz`` and ``log_page``, the newest page of
  the whole log (50 rolls).

Output: ``P50_MS <name> <ms>`` lines, then ``RATIO <name>_vs_log_page <x>`` (how many
newest-log-pages one read costs) and ``TARGET`` lines for the issue's two figures.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from growth_bench import Database, Server, _admin, generate

TARGETS = {"overview": 50.0, "stats": 200.0}


def _setup(client: httpx.Client, cid: str) -> tuple[str, str]:
    """A player's id and a character, three pending rolls and two open requests."""
    members = client.get(f"/api/v1/campaigns/{cid}/members").json()
    player = next(m["user_id"] for m in members if m["role"] == "player")
    characters = client.get(f"/api/v1/campaigns/{cid}/characters").json()["items"]
    character = characters[0]["id"]
    for _ in range(3):  # the storyteller rolls for the player's character: pending or not
        body = {"kind": "test", "character_id": character, "trait": "strong", "difficulty": 4,
                "rerolls": [{"source": "item", "name": "ball of yarn"}]}  # fmt: skip
        client.post(f"/api/v1/campaigns/{cid}/rolls", json=body).raise_for_status()
    for _ in range(2):
        body = {"kind": "test", "trait": "strong", "character_ids": [character]}
        client.post(f"/api/v1/campaigns/{cid}/roll-requests", json=body).raise_for_status()
    return player, character


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rolls", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--postgres", help="a PostgreSQL server URL instead of SQLite")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        database = Database(Path(tmp), args.postgres)
        try:
            cid, key, _ = generate(database.url, args.rolls)
            if args.postgres:  # the statistics autovacuum gathers within a minute of a load
                asyncio.run(_admin(database.url, "ANALYZE"))
            server = Server(database.url, Path(tmp))
            try:
                headers = {"Authorization": f"Bearer {key}"}
                with httpx.Client(base_url=server.base, headers=headers, timeout=60) as client:
                    player, _ = _setup(client, cid)
                    now = datetime.now(UTC)
                    hour = now.replace(minute=0, second=0, microsecond=0)
                    cut = client.get(f"/api/v1/campaigns/{cid}/rolls", params={"limit": 1})
                    newest = cut.json()["items"][0]["created_at"]
                    api = f"/api/v1/campaigns/{cid}"
                    reads = {
                        "healthz": ("/healthz", {}),
                        "log_page": (f"{api}/rolls", {}),
                        "overview": (f"{api}/overview", {}),
                        "stats": (f"{api}/stats", {}),
                        "stats_character": (f"{api}/stats", {"by": "character"}),
                        "stats_hours": (f"{api}/stats", {"since": hour.isoformat()}),
                        "stats_cut": (f"{api}/stats", {"since": newest[:17] + "00Z"}),
                        "rolls_filtered": (f"{api}/rolls", {"user_id": player, "kind": "test"}),
                        "rolls_pending": (f"{api}/rolls", {"status": "pending"}),
                    }
                    times = _measure(client, reads, args.runs)
            finally:
                server.stop()
        finally:
            database.drop()
    db = "postgresql" if args.postgres else "sqlite"
    print(f"# {args.rolls} rolls, {db}, {args.runs} runs of each read, interleaved")
    p50 = {name: statistics.median(values) for name, values in times.items()}
    for name, value in p50.items():
        print(f"P50_MS {name} {value:.2f}")
    for name, value in p50.items():
        if name not in ("healthz", "log_page"):
            print(f"RATIO {name}_vs_log_page {value / p50['log_page']:.2f}")
    for name, limit in TARGETS.items():
        verdict = "met" if p50[name] <= limit else "missed"
        print(f"TARGET {name} p50 {p50[name]:.2f} ms <= {limit:.0f} ms: {verdict}")
    return 0


def _measure(
    client: httpx.Client, reads: dict[str, tuple[str, dict[str, str]]], runs: int
) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {name: [] for name in reads}
    for name, (path, params) in reads.items():  # warm every path once (caches, plans)
        answer = client.get(path, params=params)
        if answer.status_code != 200:
            raise RuntimeError(f"{name}: {answer.status_code} {answer.text[:300]}")
    for _ in range(runs):
        for name, (path, params) in reads.items():
            started = time.perf_counter()
            client.get(path, params=params).raise_for_status()
            times[name].append((time.perf_counter() - started) * 1000)
    return times


if __name__ == "__main__":
    sys.exit(main())
