"""Webhook benchmark: does delivery keep up with a busy table, and what does it cost the rolls?

Run from the repo root (needs ``wrk`` for the saturation part, like http_bench.py)::

    .venv/bin/python bench/webhook_bench.py                  # SQLite
    .venv/bin/python bench/webhook_bench.py --postgres postgresql+asyncpg://...
    .venv/bin/python bench/webhook_bench.py --rate 200 --seconds 20 --requests 6000

Two measurements, each against one ``uvicorn`` server pinned to core 0 as in
http_bench.py, with a receiver (a tiny uvicorn app) and the load generators on the other
cores:

1. **Open loop at ``--rate`` rolls/s** (200 by default) on one campaign, for ``--seconds``:
   first without a webhook target, then with one. Roll latency (p50, p99), the server's
   CPU per second, and for the target: events received, in seq order, each once, and the
   lag from an event's time to its arrival (p50, p99, max).
2. **Saturation** (64 connections in a closed loop, wrk; SQLite): roll req/s of a server whose
   campaign has a webhook target against one without, in alternating rounds (drift on a
   shared machine hits both alike), and the bare FastAPI endpoint of http_bench.py as in
   ``RATIO roll_post_vs_bare``, so that line can be compared with and without a target.

The last lines are machine readable: ``OPEN_P50_MS``, ``OPEN_P99_MS``, ``OPEN_CPU``,
``WEBHOOK_LAG_MS``, ``WEBHOOK_ORDERED``, ``RATIO roll_post_vs_bare[_webhook]`` and
``RATIO roll_post_webhook_vs_plain``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from http_bench import (
    BENCH_WRITE_LIMIT,
    LUA,
    PIN_LOAD,
    ROOT,
    WARMUP,
    Servers,
    Target,
    free_port,
    load,
    set_up_table,
    start_fairtable,
)

# --- the receiver (its own process) ----------------------------------------------------


def receiver_main(port: int) -> None:
    import uvicorn

    arrivals: dict[str, list[tuple[int, float]]] = {}

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        if scope["method"] == "GET":  # /stats?campaign=…
            cid = scope["query_string"].decode().partition("=")[2]
            got = arrivals.get(cid, [])
            seqs = [s for s, _ in got]
            lags = sorted(lag for _, lag in got)
            answer = {
                "count": len(seqs),
                "ordered": seqs == sorted(set(seqs)),
                "duplicates": len(seqs) - len(set(seqs)),
                "p50_ms": lags[len(lags) // 2] * 1e3 if lags else None,
                "p99_ms": lags[int(len(lags) * 0.99)] * 1e3 if lags else None,
                "max_ms": lags[-1] * 1e3 if lags else None,
            }
            out = json.dumps(answer).encode()
        else:
            event = json.loads(body)
            at = datetime.fromisoformat(event["timestamp"].replace("Z", "+00:00")).timestamp()
            arrivals.setdefault(event["campaign_id"], []).append((event["seq"], time.time() - at))
            out = b""
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": out})

    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", interface="asgi3")


# --- the open-loop generator (its own process) -----------------------------------------


async def open_loop(spec: dict[str, Any]) -> dict[str, Any]:
    """``rate`` requests a second for ``seconds``, each sent on time (on one of 32 kept-alive
    connections), whether or not the earlier ones were answered: latencies then include
    any queueing the server's other work causes."""
    port, rate, seconds = spec["port"], spec["rate"], spec["seconds"]
    body = spec["body"].encode()
    head = f"POST {spec['path']} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
    head += f"Content-Type: application/json\r\nAuthorization: {spec['auth']}\r\n"
    raw = f"{head}Content-Length: {len(body)}\r\n\r\n".encode() + body
    pool: asyncio.Queue[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = asyncio.Queue()
    for _ in range(32):
        pool.put_nowait(await asyncio.open_connection("127.0.0.1", port))
    latencies: list[float] = []
    bad = 0

    async def one(due: float) -> None:
        nonlocal bad
        reader, writer = await pool.get()
        writer.write(raw)
        answer = await reader.readuntil(b"\r\n\r\n")
        size = re.search(rb"content-length:\s*(\d+)", answer, re.IGNORECASE)
        await reader.readexactly(int(size[1]) if size else 0)
        latencies.append(time.perf_counter() - due)
        if answer[9:12] != b"201":
            bad += 1
        pool.put_nowait((reader, writer))

    start = time.perf_counter()
    tasks = []
    for i in range(int(rate * seconds)):
        due = start + i / rate
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(one(due)))
    await asyncio.gather(*tasks)
    lat = sorted(latencies)
    return {
        "sent": len(lat),
        "bad": bad,
        "p50_ms": lat[len(lat) // 2] * 1e3,
        "p99_ms": lat[int(len(lat) * 0.99)] * 1e3,
        "elapsed": time.perf_counter() - start,
    }


def run_open_loop(target: Target, rate: float, seconds: float, campaign: int) -> dict[str, Any]:
    spec = {"port": target.port, "auth": target.auth, "path": target.paths[campaign],
            "body": target.bodies[campaign], "rate": rate, "seconds": seconds}  # fmt: skip
    cmd = [*PIN_LOAD, sys.executable, __file__, "--open-loop", json.dumps(spec)]
    done = subprocess.run(cmd, capture_output=True, check=True, timeout=seconds + 120)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


# --- the run ----------------------------------------------------------------------------


def add_webhook(target: Target, campaign: int, receiver: int) -> str:
    cid = target.paths[campaign].split("/")[4]
    with httpx.Client(base_url=f"http://127.0.0.1:{target.port}/api/v1", timeout=30) as c:
        body = {"url": f"http://127.0.0.1:{receiver}/hook", "format": "standard"}
        made = c.post(f"/campaigns/{cid}/webhooks", json=body,
                      headers={"Authorization": target.auth})  # fmt: skip
        if made.status_code != 201:
            raise RuntimeError(made.text)
    return cid


def stats(receiver: int, cid: str) -> dict[str, Any]:
    got: dict[str, Any] = httpx.get(f"http://127.0.0.1:{receiver}/stats?campaign={cid}").json()
    return got


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rate", type=float, default=200.0, help="open-loop rolls per second")
    parser.add_argument("--seconds", type=float, default=20.0, help="open-loop duration")
    parser.add_argument("--requests", type=int, default=6000, help="saturation, per round set")
    parser.add_argument("--postgres", default=os.environ.get("VTT_BENCH_POSTGRES_URL"))
    parser.add_argument("--open-loop", help=argparse.SUPPRESS)
    parser.add_argument("--receiver", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.open_loop:
        print(json.dumps(asyncio.run(open_loop(json.loads(args.open_loop)))))
        return 0
    if args.receiver:
        receiver_main(args.receiver)
        return 0
    os.environ["VTT_RATE_LIMITS"] = "true"
    os.environ.setdefault("VTT_RATE_LIMIT_WRITES", BENCH_WRITE_LIMIT)
    extra = {"VTT_WEBHOOK_ALLOW_PRIVATE": "true"}
    lines: list[str] = []
    with tempfile.TemporaryDirectory(prefix="fairtable-webhook-bench-") as tmp_dir:
        tmp = Path(tmp_dir)
        script = tmp / "roll.lua" if shutil.which("wrk") else None
        if script:
            script.write_text(LUA)
        servers = Servers(tmp)
        receiver = free_port()
        rx = subprocess.Popen(
            [*PIN_LOAD, sys.executable, __file__, "--receiver", str(receiver)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            for _ in range(100):
                try:
                    httpx.get(f"http://127.0.0.1:{receiver}/stats?campaign=x")
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            db = args.postgres or f"sqlite+aiosqlite:///{tmp / 'open.db'}"
            port = start_fairtable(db, "_open", servers, "seeded", extra)
            table = set_up_table(port, campaigns=2)
            load(Target(port, table.auth, table.paths[:1], table.bodies[:1]), WARMUP, script)
            cid = add_webhook(table, 1, receiver)
            print(f"open loop: {args.rate:g} rolls/s for {args.seconds:g} s on one campaign")
            print(f"{'campaign':<14}{'sent':>6}{'non-201':>8}{'p50 ms':>8}{'p99 ms':>8}{'cpu':>7}")
            results = {}
            for name, index in (("no target", 0), ("with target", 1)):
                before = servers.cpu_seconds(port)
                got = run_open_loop(table, args.rate, args.seconds, index)
                cpu = (servers.cpu_seconds(port) - before) / got["elapsed"]
                results[name] = (got, cpu)
                print(f"{name:<14}{got['sent']:>6}{got['bad']:>8}{got['p50_ms']:>8.2f}"
                      f"{got['p99_ms']:>8.2f}{cpu:>7.2f}")  # fmt: skip
            sent = results["with target"][0]["sent"]
            deadline = time.monotonic() + 60
            while (seen := stats(receiver, cid))["count"] < sent and time.monotonic() < deadline:
                time.sleep(0.2)
            print(f"webhook: {seen['count']} of {sent} events received, in order:"
                  f" {seen['ordered']}, duplicates: {seen['duplicates']}, lag p50"
                  f" {seen['p50_ms']:.1f} ms, p99 {seen['p99_ms']:.1f} ms,"
                  f" max {seen['max_ms']:.1f} ms")  # fmt: skip
            (plain, plain_cpu), (hooked, hooked_cpu) = results["no target"], results["with target"]
            complete = seen["count"] == sent and seen["ordered"] and not seen["duplicates"]
            lines += [
                f"OPEN_P50_MS no_target {plain['p50_ms']:.2f} with_target {hooked['p50_ms']:.2f}",
                f"OPEN_P99_MS no_target {plain['p99_ms']:.2f} with_target {hooked['p99_ms']:.2f}",
                f"OPEN_CPU no_target {plain_cpu:.3f} with_target {hooked_cpu:.3f}",
                f"WEBHOOK_LAG_MS p50 {seen['p50_ms']:.1f} p99 {seen['p99_ms']:.1f}",
                f"WEBHOOK_ORDERED {complete}",
            ]
            servers.stop(port)
            if script is not None:
                lines += saturation(tmp, servers, script, args, receiver, extra)
        finally:
            servers.close()
            rx.terminate()
            rx.wait(10)
    print("\n" + "\n".join(lines))
    return 0


def saturation(
    tmp: Path,
    servers: Servers,
    script: Path,
    args: argparse.Namespace,
    receiver: int,
    extra: dict[str, str],
) -> list[str]:
    """Closed-loop roll req/s with and without a target, rounds alternating, and the bare
    endpoint's, as http_bench.py measures it."""
    bare_port = servers.start(
        "bare", ROOT / "bench", "bare_app:create_app", dict(os.environ), "/openapi.json"
    )
    ports, cids = {}, {}
    for name in ("plain", "webhook"):  # SQLite files of their own
        db = f"sqlite+aiosqlite:///{tmp / f'{name}.db'}"
        ports[name] = start_fairtable(db, f"_{name}", servers, "seeded", extra)
    targets = {name: set_up_table(port) for name, port in ports.items()}
    cids["webhook"] = add_webhook(targets["webhook"], 0, receiver)
    bare = Target(bare_port, targets["plain"].auth, targets["plain"].paths, targets["plain"].bodies)
    every = {**targets, "bare": bare}
    for target in every.values():
        load(target, WARMUP, script)
    spent = dict.fromkeys(every, 0.0)
    done = dict.fromkeys(every, 0)
    cpu = dict.fromkeys(every, 0.0)
    for _ in range(4):
        for name, target in every.items():
            before = servers.cpu_seconds(target.port)
            result = load(target, max(64, args.requests // 4), script)
            cpu[name] += servers.cpu_seconds(target.port) - before
            spent[name] += (result.ok + result.bad) / result.rate
            done[name] += result.ok + result.bad
    rates = {name: done[name] / spent[name] for name in every}
    print("\nsaturation (64 connections, closed loop, 4 alternating rounds)")
    print(f"{'server':<10}{'requests':>9}{'req/s':>9}{'cpu us/req':>11}")
    for name, rate in rates.items():
        print(f"{name:<10}{done[name]:>9}{rate:>9.1f}{cpu[name] / done[name] * 1e6:>11.0f}")
    expected = done["webhook"] + WARMUP
    at_end = stats(receiver, cids["webhook"])["count"]
    before, started = servers.cpu_seconds(ports["webhook"]), time.monotonic()
    deadline = started + 300
    while (seen := stats(receiver, cids["webhook"]))["count"] < expected:
        if time.monotonic() > deadline:
            break
        time.sleep(0.2)
    drained = seen["count"] - at_end
    drain_cpu = servers.cpu_seconds(ports["webhook"]) - before
    print(f"webhook: {at_end} of {expected} events received by the end of the load; the"
          f" other {drained} in {time.monotonic() - started:.1f} s after it, at"
          f" {drain_cpu / max(1, drained) * 1e6:.0f} us of server CPU each; in order:"
          f" {seen['ordered']}, duplicates: {seen['duplicates']}")  # fmt: skip
    return [
        f"RATIO roll_post_vs_bare {rates['plain'] / rates['bare']:.2f}",
        f"RATIO roll_post_vs_bare_webhook {rates['webhook'] / rates['bare']:.2f}",
        f"RATIO roll_post_webhook_vs_plain {rates['webhook'] / rates['plain']:.2f}",
    ]


if __name__ == "__main__":
    sys.exit(main())
