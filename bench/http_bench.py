"""HTTP benchmark: authenticated 3d6 roll POSTs against a bare FastAPI endpoint, in one run.

Run from the repo root (needs ``wrk``; falls back to an asyncio load generator)::

    .venv/bin/python bench/http_bench.py                 # SQLite, 6,000 requests per target
    .venv/bin/python bench/http_bench.py --requests 2000 --postgres postgresql+asyncpg://...
    .venv/bin/python bench/http_bench.py --postgres postgresql+asyncpg://... --campaigns 16
    .venv/bin/python bench/http_bench.py --strict        # exit 1 when a target is missed

Both servers are started with the same ``uvicorn --factory`` flags (one worker, no access
log) on 127.0.0.1 and receive byte-identical requests. With ``--campaigns K`` (K > 1) an
extra PostgreSQL run spreads the 64 connections over K campaigns (connection i posts to
campaign i % K). The last lines are machine readable: ``RATIO``, ``P99_RATIO``,
``P99_RATIO_PACED``, ``P50_MS``, ``P99_MS``, ``CPU_US_PER_ROLL``, ``CPU_US_PER_REQUEST`` and
``TARGETS ...``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from app.core.log_redaction import log_config

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
CONNECTIONS = 64
WARMUP = 500
# Per run tag: (least req/s ratio ours / bare, largest p99 ratio ours / bare, both in the
# saturated rounds: the run the targets were stated for). "_pg_k" is the PostgreSQL run
# spread over --campaigns K (the targets are stated for K = 16). The p99 ratios replace the
# former absolute p99 < 50 ms: in a closed loop of 64 connections the tail is mostly
# queueing, so an absolute figure measures the machine, the ratio our code.
RATIO_TARGET = 0.40
P99_RATIO_TARGET = 2.0
TARGETS = {"": (RATIO_TARGET, P99_RATIO_TARGET), "_pg": (0.25, 3.0), "_pg_k": (0.30, 3.0)}
SEEDED_TARGET = 0.90
OBSERVED_TARGET = 0.90  # metrics and JSON logs cost at most 10 % of roll throughput
# The servers run with the rate limiter on (its CPU is part of what is measured), under a
# per-user write limit no run reaches; the anonymous default (register, login) is kept.
BENCH_WRITE_LIMIT = "1000000 per 1 second"
# On a machine with two or more cores, the servers get core 0 and the load generator the
# others, so the generator's 64 threads do not preempt the server being measured.
_MULTI = (os.cpu_count() or 1) >= 2 and shutil.which("taskset") is not None
PIN_SERVER = ["taskset", "-c", "0"] if _MULTI else []
PIN_LOAD = ["taskset", "-c", f"1-{(os.cpu_count() or 2) - 1}"] if _MULTI else []
UVICORN_FLAGS = ["--host", "127.0.0.1", "--workers", "1", "--no-access-log", "--log-level=warning"]

# wrk runs one thread per connection, so each thread's request() and response() alternate
# and the script times every request itself (wrk's own percentiles add synthetic samples for
# coordinated omission, which does not apply to a closed loop). A thread stops after its
# share; the last one to finish wakes wrk's main thread with SIGINT so it exits at once.
LUA = r"""
local ffi = require("ffi")
ffi.cdef([[typedef struct { long s; long ns; } ts_t; int clock_gettime(int, ts_t *);
  int kill(int pid, int sig); int getpid(void);]])
local ts = ffi.new("ts_t")
local function now() ffi.C.clock_gettime(1, ts); return tonumber(ts.s * 1000000 + ts.ns / 1000) end
local threads = {}
function setup(thread) table.insert(threads, thread); thread:set("index", #threads - 1) end
-- args: n, connections, flag file, auth, rate, then a path and a body per campaign;
-- connection (thread) i posts to campaign i % K. rate 0: each connection sends again as
-- soon as it is answered (closed loop); rate R: the connections together send R requests a
-- second on a fixed schedule (each every connections / R s, phases spread), and a latency
-- is counted from when the request was due, so a late answer delays no sample it should
-- have counted (no coordinated omission).
function init(args)
  local n, conns, rate = tonumber(args[1]), tonumber(args[2]), tonumber(args[5])
  quota = math.floor(n / conns) + (index < n % conns and 1 or 0)
  total, flag, sent, ok, bad, codes, first, lat = conns, args[3], 0, 0, 0, "", "", {}
  interval = rate > 0 and conns / rate * 1e6 or 0
  local k = index % ((#args - 5) / 2)
  req = wrk.format("POST", args[6 + 2 * k], {["Content-Type"] = "application/json",
    ["Authorization"] = args[4]}, args[7 + 2 * k])
end
-- delay() precedes each request sent; request() is also called once by wrk to verify it
function delay()
  if sent >= quota then return 3600000 end
  sent = sent + 1
  if interval == 0 then return 0 end
  local t = now()
  if due == nil then due = t + interval * index / total end
  return due > t and math.floor((due - t) / 1000) or 0
end
function request()
  if interval > 0 and due ~= nil then t0 = due; due = due + interval else t0 = now() end
  return req
end
function response(status, headers, body)
  t_first, t_last = t_first or t0, now()
  lat[#lat + 1] = t_last - t0
  if status == 201 then ok = ok + 1 else
    bad = bad + 1
    if bad <= 50 then codes = codes .. status .. "," end
    if first == "" then first = body:sub(1, 300):gsub("%s+", " ") end
  end
  if #lat < quota then return end
  wrk.thread:stop()
  local f = io.open(flag, "a"); f:write("x"); f:flush()
  if f:seek("end") >= total then ffi.C.kill(ffi.C.getpid(), 2) end
  f:close()
end
function done(summary, latency, requests)
  local all, ok, bad, codes, first, t1, t2 = {}, 0, 0, "", "", math.huge, 0
  for _, t in ipairs(threads) do
    for _, x in ipairs(t:get("lat")) do all[#all + 1] = x end
    ok, bad, codes = ok + t:get("ok"), bad + t:get("bad"), codes .. t:get("codes")
    if first == "" then first = t:get("first") end
    t1, t2 = math.min(t1, t:get("t_first") or math.huge), math.max(t2, t:get("t_last") or 0)
  end
  table.sort(all)
  local e = summary.errors
  local p50, p99 = all[math.floor(#all * 0.5) + 1], all[math.floor(#all * 0.99) + 1]
  io.write(string.format("WRK %.3f %.3f %.3f %d %d %d %s %s\n", #all / (t2 - t1) * 1e6,
    p50 / 1e3, p99 / 1e3, ok, bad, e.connect + e.read + e.write + e.timeout, codes .. "-", first))
end
"""


@dataclass
class Load:
    rate: float
    p50_ms: float
    p99_ms: float
    ok: int
    bad: int
    errors: int
    codes: dict[int, int]
    first_error: str
    cpu_us: float = 0.0  # server CPU time per answer, set by measure()


@dataclass
class Target:
    """Connection i posts ``bodies[i % K]`` to ``paths[i % K]``, K = len(paths)."""

    port: int
    auth: str
    paths: list[str]
    bodies: list[str]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Servers:
    """Every subprocess started here is killed on exit, also on Ctrl-C and exceptions."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.procs: dict[int, subprocess.Popen[bytes]] = {}

    def start(
        self,
        name: str,
        app_dir: Path,
        factory: str,
        env: dict[str, str],
        ready: str,
        flags: tuple[str, ...] = (),
    ) -> int:
        port = free_port()
        cmd = [*PIN_SERVER, str(BIN / "uvicorn"), factory, "--factory", "--app-dir", str(app_dir)]
        cmd += [*UVICORN_FLAGS, *flags, "--port", str(port)]
        with (self.tmp / f"{name}.log").open("wb") as log:
            out: dict[str, Any] = {"stdout": log, "stderr": subprocess.STDOUT}
            proc = subprocess.Popen(cmd, env=env, cwd=ROOT, start_new_session=True, **out)
        self.procs[port] = proc
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                if httpx.get(f"http://127.0.0.1:{port}{ready}", timeout=2).status_code == 200:
                    # taskset execs the server, so the pid read by cpu_seconds is uvicorn's
                    comm = Path(f"/proc/{proc.pid}/comm").read_text().strip()
                    if comm == "taskset":
                        raise RuntimeError(f"{name}: pid {proc.pid} is still taskset")
                    return port
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        tail = (self.tmp / f"{name}.log").read_text(errors="replace")[-2000:]
        raise RuntimeError(f"{name} did not become ready on port {port}:\n{tail}")

    def cpu_seconds(self, port: int) -> float:
        """User + system CPU time of the server on ``port`` (all its threads) so far."""
        stat = Path(f"/proc/{self.procs[port].pid}/stat").read_text()
        fields = stat[stat.rindex(")") + 2 :].split()  # fields from the 3rd (state) on
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self, port: int) -> None:
        proc = self.procs.pop(port)
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def close(self) -> None:
        for port in list(self.procs):
            self.stop(port)


def expect(response: httpx.Response, status: int) -> Any:
    if response.status_code != status:
        raise RuntimeError(f"{response.request.url}: {response.status_code} {response.text}")
    return response.json()


def set_up_table(port: int, campaigns: int = 1) -> Target:
    """A storyteller and ``campaigns`` 3d6 campaigns with a character each, set up over HTTP
    like a client."""
    paths, bodies = [], []
    with httpx.Client(base_url=f"http://127.0.0.1:{port}/api/v1", timeout=30) as c:
        user = {"username": "bench_storyteller", "password": secrets.token_urlsafe(16)}
        expect(c.post("/users", json={**user, "display_name": "Storyteller"}), 201)
        auth = f"Bearer {expect(c.post('/auth/token', json=user), 200)['access_token']}"
        headers = {"Authorization": auth}
        for i in range(campaigns):
            body = {"name": f"bench table {i}" if i else "bench table", "ruleset": "3d6"}
            cid = expect(c.post("/campaigns", json=body, headers=headers), 201)["id"]
            sheet = {"name": "Ficelle", "sheet": {"qualities": {"strong": 3, "clever": 4}}}
            url = f"/campaigns/{cid}/characters"
            char = expect(c.post(url, json=sheet, headers=headers), 201)
            roll = {"kind": "test", "character_id": char["id"], "trait": "strong", "difficulty": 2}
            paths.append(f"/api/v1/campaigns/{cid}/rolls")
            bodies.append(json.dumps(roll))
    return Target(port, auth, paths, bodies)


def run_wrk(target: Target, n: int, script: Path, rate: float = 0.0) -> Load:
    bound = max(60, n // 20, int(2 * n / rate) if rate else 0)
    flag = script.with_name(f"done-{secrets.token_hex(4)}")
    url = f"http://127.0.0.1:{target.port}{target.paths[0]}"
    cmd = [
        *PIN_LOAD,
        "wrk",
        f"-t{CONNECTIONS}",
        f"-c{CONNECTIONS}",
        f"-d{bound}s",
        "--timeout",
        "10s",
    ]
    cmd += ["-s", str(script), url, "--", str(n), str(CONNECTIONS), str(flag), target.auth]
    cmd += [f"{rate:.3f}"]
    cmd += [x for pair in zip(target.paths, target.bodies, strict=True) for x in pair]
    started = time.monotonic()
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=bound + 60)
    if time.monotonic() - started >= bound:
        raise RuntimeError("wrk ran to its time bound: the request counter did not stop it")
    line = next((x for x in out.stdout.splitlines() if x.startswith("WRK ")), None)
    if line is None:
        raise RuntimeError(f"wrk gave no result:\n{out.stdout}\n{out.stderr}")
    _, rate, p50, p99, ok, bad, errors, codes, *first = line.split(" ")
    statuses = dict(Counter(int(c) for c in codes.rstrip("-").split(",") if c))
    nums = float(rate), float(p50), float(p99), int(ok), int(bad), int(errors)
    return Load(*nums, statuses, " ".join(first))


async def asyncio_load(spec: dict[str, Any]) -> list[Any]:
    """Fallback generator (run in its own process): keep-alive HTTP/1.1 over raw sockets,
    closed loop, or paced at ``rate`` requests a second as the Lua script paces wrk."""
    port, left = spec["port"], spec["n"]
    interval = CONNECTIONS / spec["rate"] if spec.get("rate") else 0.0
    raws = []  # connection i sends raws[i % K]
    for path, text_body in zip(spec["paths"], spec["bodies"], strict=True):
        body = text_body.encode()
        head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        head += f"Content-Type: application/json\r\nAuthorization: {spec['auth']}\r\n"
        raws.append(f"{head}Content-Length: {len(body)}\r\n\r\n".encode() + body)
    latencies: list[float] = []
    codes: Counter[int] = Counter()
    first = ""

    async def connection(i: int, raw: bytes) -> None:
        nonlocal left, first
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        due = time.perf_counter() + interval * i / CONNECTIONS
        while left > 0:
            left -= 1
            if interval:
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
                start, due = due, due + interval
            else:
                start = time.perf_counter()
            writer.write(raw)
            answer = await reader.readuntil(b"\r\n\r\n")
            size = re.search(rb"content-length:\s*(\d+)", answer, re.IGNORECASE)
            payload = await reader.readexactly(int(size[1]) if size else 0)
            latencies.append(time.perf_counter() - start)
            codes[int(answer[9:12])] += 1
            if answer[9:12] != b"201" and not first:
                first = payload[:300].decode(errors="replace")
        writer.close()

    start = time.perf_counter()
    await asyncio.gather(*(connection(i, raws[i % len(raws)]) for i in range(CONNECTIONS)))
    elapsed = time.perf_counter() - start
    lat, ok = sorted(latencies), codes.pop(201, 0)
    p50, p99 = lat[len(lat) // 2] * 1e3, lat[int(len(lat) * 0.99)] * 1e3
    return [len(lat) / elapsed, p50, p99, ok, sum(codes.values()), 0, dict(codes), first]


def run_asyncio(target: Target, n: int, rate: float = 0.0) -> Load:
    spec = json.dumps({**target.__dict__, "n": n, "rate": rate})
    cmd = [sys.executable, __file__, "--loadgen", spec]
    res = json.loads(subprocess.run(cmd, capture_output=True, check=True, timeout=600).stdout)
    res[6] = {int(k): v for k, v in res[6].items()}
    return Load(*res)


def load(target: Target, n: int, script: Path | None, rate: float = 0.0) -> Load:
    """``n`` requests: as fast as answered (closed loop), or at ``rate`` a second."""
    return run_wrk(target, n, script, rate) if script else run_asyncio(target, n, rate)


def measure(servers: Servers, target: Target, n: int, script: Path | None) -> Load:
    """``load()``, plus the server's CPU time (user + system) during it per answer."""
    before = servers.cpu_seconds(target.port)
    result = load(target, n, script)
    spent = servers.cpu_seconds(target.port) - before
    result.cpu_us = spent / max(1, result.ok + result.bad) * 1e6
    return result


ROUNDS = 4


@dataclass
class Paired:
    """Ours and the bare app measured in alternating rounds: each side's combined load,
    and the medians of the rounds' ratios (ours / bare), which the targets are about."""

    ours: Load
    bare: Load
    rounds: list[tuple[float, float]]  # each round's (ours/bare req/s, ours/bare p99)
    paced_rate: float = 0.0  # the offered load of the paced rounds, requests a second
    paced: list[tuple[Load, Load]] = field(default_factory=list)  # each round's (ours, bare)

    @property
    def rate_ratio(self) -> float:
        return statistics.median(rate for rate, _ in self.rounds)

    @property
    def p99_ratio(self) -> float:
        """Ours / bare p99 in the saturated rounds, the ones the req/s ratio comes from: the
        targets' measure."""
        return statistics.median(p99 for _, p99 in self.rounds)

    @property
    def paced_p99_ratio(self) -> float:
        """Ours / bare p99 at one offered load, which both sustain: what a client waits on a
        busy table that is not overloaded (info: at half of our req/s the bare app runs at
        a fifth of its own and answers within a millisecond, below our median roll)."""
        return statistics.median(m.p99_ms / b.p99_ms for m, b in self.paced)


PACED_SHARE = 0.5  # the paced rounds offer half of our saturated req/s
PACED_SECONDS = 6.0  # a paced round's length


def measure_rounds(
    servers: Servers, ours: Target, bare: Target, n: int, script: Path | None
) -> Paired:
    """``ROUNDS`` rounds, ours first then bare first in turn, so that the machine's drift
    over a run (a shared machine's speed moves by tens of percent) hits both alike."""
    per_round = max(CONNECTIONS, n // ROUNDS)
    rounds: list[tuple[Load, Load]] = []
    for i in range(ROUNDS):
        if i % 2 == 0:
            mine = measure(servers, ours, per_round, script)
            base = measure(servers, bare, per_round, script)
        else:
            base = measure(servers, bare, per_round, script)
            mine = measure(servers, ours, per_round, script)
        rounds.append((mine, base))
    paired = Paired(
        _combined([m for m, _ in rounds]),
        _combined([b for _, b in rounds]),
        [(m.rate / b.rate, m.p99_ms / b.p99_ms) for m, b in rounds],
    )
    # Then latency at one offered load, half of what we sustain, ours and the bare app in
    # turn: the p99 a client sees on a busy table that is not overloaded.
    paired.paced_rate = PACED_SHARE * paired.ours.rate
    paced_n = max(4 * CONNECTIONS, int(paired.paced_rate * PACED_SECONDS))
    for i in range(2):
        mine = load(ours, paced_n, script, paired.paced_rate) if i == 0 else None
        base = load(bare, paced_n, script, paired.paced_rate)
        mine = mine or load(ours, paced_n, script, paired.paced_rate)
        paired.paced.append((mine, base))
    return paired


def _combined(loads: list[Load]) -> Load:
    """One load of several rounds: total rate and CPU, the median round's p50 and p99."""
    answered = [x.ok + x.bad for x in loads]
    seconds = sum(count / x.rate for count, x in zip(answered, loads, strict=True))
    codes: Counter[int] = Counter()
    for x in loads:
        codes.update(x.codes)
    return Load(
        sum(answered) / seconds,
        statistics.median(x.p50_ms for x in loads),
        statistics.median(x.p99_ms for x in loads),
        sum(x.ok for x in loads),
        sum(x.bad for x in loads),
        sum(x.errors for x in loads),
        dict(codes),
        next((x.first_error for x in loads if x.first_error), ""),
        sum(x.cpu_us * count for x, count in zip(loads, answered, strict=True)) / sum(answered),
    )


async def sql(url: str, statement: str, autocommit: bool = False) -> int:
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT" if autocommit else None)
    try:
        async with engine.connect() as conn:
            result = await conn.execute(text(statement))
            return int(result.scalar_one()) if result.returns_rows else 0
    finally:
        await engine.dispose()


def bench_backend(
    db_url: str,
    tag: str,
    servers: Servers,
    bare_port: int,
    n: int,
    script: Path | None,
    campaigns: int = 1,
) -> tuple[Paired, list[str]]:
    env = {**os.environ, "VTT_DATABASE_URL": db_url, "VTT_ENVIRONMENT": "production"}
    env["VTT_SECRET_KEY"] = secrets.token_urlsafe(32)
    migrate = [str(BIN / "fairtable"), "migrate"]
    subprocess.run(migrate, env=env, cwd=ROOT, check=True, capture_output=True)
    port = servers.start(f"fairtable{tag}", ROOT, "app.main:create_app", env, "/readyz")
    ours = set_up_table(port, campaigns)
    bare = Target(bare_port, ours.auth, ours.paths, ours.bodies)  # byte-identical requests
    warm = [load(ours, WARMUP, script), load(bare, WARMUP, script)]
    paired = measure_rounds(servers, ours, bare, n, script)
    mine, base = paired.ours, paired.bare
    servers.stop(port)
    stored = asyncio.run(sql(db_url, "SELECT count(*) FROM rolls"))
    paced = [x for pair in paired.paced for x in pair]
    answered = warm[0].ok + mine.ok + sum(m.ok for m, _ in paired.paced)
    loads = [*warm, mine, base, *paced]
    problems = [f"{x.bad} non-201 {x.codes} {x.first_error}" for x in loads if x.bad]
    problems += [f"{x.errors} socket errors" for x in loads if x.errors]
    if stored != answered:
        problems.append(f"{stored} rolls stored != {answered} 201 answers")
    head = f"{'requests':>9}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'non-201':>8}{'cpu us':>8}"
    print(f"\n{'target':<18}{head}")
    for name, x in ((f"roll_post{tag}", mine), (f"bare{tag}", base)):
        row = f"{x.ok + x.bad:>9}{x.rate:>9.1f}{x.p50_ms:>9.2f}{x.p99_ms:>9.2f}{x.bad:>8}"
        print(f"{name:<18}{row}{x.cpu_us:>8.0f}")
    spread = ", ".join(f"{rate:.2f}/{p99:.2f}" for rate, p99 in paired.rounds)
    print(f"rounds, ours/bare req/s and p99: {spread} (the medians are the ratios)")
    if campaigns > 1:
        print(f"({campaigns} campaigns, connection i posts to campaign i % {campaigns})")
    paced_ok = sum(m.ok for m, _ in paired.paced)
    print(
        f"paced at {paired.paced_rate:.0f} req/s, p99 ms ours/bare: "
        + ", ".join(f"{m.p99_ms:.1f}/{b.p99_ms:.1f}" for m, b in paired.paced)
    )
    print(f"rolls stored {stored}, 201 answers {answered}"
          f" (warm-up {warm[0].ok} + {mine.ok} + paced {paced_ok})")  # fmt: skip
    return paired, problems


def start_fairtable(
    db_url: str,
    tag: str,
    servers: Servers,
    dice: str,
    extra: dict[str, str] | None = None,
    flags: tuple[str, ...] = (),
) -> int:
    env = {**os.environ, "VTT_DATABASE_URL": db_url, "VTT_ENVIRONMENT": "production"}
    env["VTT_SECRET_KEY"] = secrets.token_urlsafe(32)
    env["VTT_DICE"] = dice
    env.update(extra or {})
    migrate = [str(BIN / "fairtable"), "migrate"]
    subprocess.run(migrate, env=env, cwd=ROOT, check=True, capture_output=True)
    return servers.start(f"fairtable{tag}", ROOT, "app.main:create_app", env, "/readyz", flags)


def bench_pair(
    servers: Servers,
    n: int,
    script: Path | None,
    ports: dict[str, int],
) -> tuple[dict[str, float], list[str]]:
    """The same roll POSTs against two servers on fresh SQLite files, rounds alternating so
    that drift on a shared machine hits both alike: each one's req/s."""
    targets = {name: set_up_table(port) for name, port in ports.items()}
    for target in targets.values():
        load(target, WARMUP, script)
    rounds, per_round = 4, max(CONNECTIONS, n // 4)
    spent = {name: 0.0 for name in targets}
    done = {name: 0 for name in targets}
    problems: list[str] = []
    for _ in range(rounds):
        for name, target in targets.items():
            result = load(target, per_round, script)
            spent[name] += (result.ok + result.bad) / result.rate
            done[name] += result.ok + result.bad
            if result.bad or result.errors:
                problems.append(f"{name}: {result.bad} non-201 {result.codes}")
    for port in ports.values():
        servers.stop(port)
    rates = {name: done[name] / spent[name] for name in targets}
    print(f"\n{'server':<24}{'requests':>9}{'req/s':>9}")
    for name, rate in rates.items():
        print(f"{'roll_post_' + name:<24}{done[name]:>9}{rate:>9.1f}")
    return rates, problems


def bench_dice(tmp: Path, servers: Servers, n: int, script: Path | None) -> tuple[float, list[str]]:
    """The price of verifiable dice: committed seeds (the default) against
    ``VTT_DICE=system`` (the OS CSPRNG, no commitments): seeded req/s over system req/s."""
    ports = {
        dice: start_fairtable(
            f"sqlite+aiosqlite:///{tmp / f'dice-{dice}.db'}", f"_{dice}", servers, dice
        )
        for dice in ("seeded", "system")
    }
    rates, problems = bench_pair(servers, n, script, ports)
    return rates["seeded"] / rates["system"], problems


def bench_observed(
    tmp: Path, servers: Servers, n: int, script: Path | None
) -> tuple[float, list[str]]:
    """The price of watching: metrics on and JSON logs (one line per request, written to
    the server's log file, as ``fairtable serve`` configures them) against metrics off and
    uvicorn's default logging: observed req/s over plain req/s."""
    config = tmp / "json-logging.json"
    config.write_text(json.dumps(log_config("info", "json")))
    plain = {"VTT_METRICS": "false", "VTT_LOG_FORMAT": "text"}
    observed = {"VTT_METRICS": "true", "VTT_LOG_FORMAT": "json"}
    ports = {
        "plain": start_fairtable(
            f"sqlite+aiosqlite:///{tmp / 'plain.db'}", "_plain", servers, "seeded", plain
        ),
        "observed": start_fairtable(
            f"sqlite+aiosqlite:///{tmp / 'observed.db'}",
            "_observed",
            servers,
            "seeded",
            observed,
            ("--log-config", str(config)),
        ),
    }
    rates, problems = bench_pair(servers, n, script, ports)
    return rates["observed"] / rates["plain"], problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=6000, help="per target, after warm-up")
    parser.add_argument("--postgres", default=os.environ.get("VTT_BENCH_POSTGRES_URL"))
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument(
        "--campaigns",
        type=int,
        default=1,
        metavar="K",
        help="with K > 1 and --postgres, an extra PostgreSQL run over K campaigns",
    )
    parser.add_argument(
        "--no-rate-limits",
        action="store_true",
        help="run the servers with VTT_RATE_LIMITS=false (to see what the limiter costs)",
    )
    parser.add_argument("--loadgen", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.loadgen:
        print(json.dumps(asyncio.run(asyncio_load(json.loads(args.loadgen)))))
        return 0
    if args.requests < CONNECTIONS:
        parser.error(f"--requests must be at least {CONNECTIONS}")
    if not 1 <= args.campaigns <= CONNECTIONS:
        parser.error(f"--campaigns must be between 1 and {CONNECTIONS}")
    n = args.requests
    # Both servers' environments start from os.environ; a caller's own VTT_RATE_LIMIT* wins.
    os.environ["VTT_RATE_LIMITS"] = "false" if args.no_rate_limits else "true"
    os.environ.setdefault("VTT_RATE_LIMIT_WRITES", BENCH_WRITE_LIMIT)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with tempfile.TemporaryDirectory(prefix="fairtable-bench-") as tmp_dir:
        tmp = Path(tmp_dir)
        script = tmp / "roll.lua" if shutil.which("wrk") else None
        if script:
            script.write_text(LUA)
        gen = "wrk, a thread per connection" if script else "asyncio sockets (own process)"
        print(f"generator: {gen}, {CONNECTIONS} connections, {args.requests} requests/target")
        limits = os.environ["VTT_RATE_LIMIT_WRITES"] if not args.no_rate_limits else "off"
        print(f"rate limiter: {limits}")
        servers = Servers(tmp)
        pg_dbs, lines, problems = list[str](), list[str](), list[str]()
        results: dict[str, tuple[str, Paired]] = {}  # tag: (TARGETS key, the paired loads)
        seeded_ratio = observed_ratio = 0.0
        try:
            bare_port = servers.start(
                "bare", ROOT / "bench", "bare_app:create_app", dict(os.environ), "/openapi.json"
            )
            # (tag, campaigns, which TARGETS entry); SQLite is always one campaign
            runs = [("", 1, "")]
            if args.postgres:
                runs.append(("_pg", 1, "_pg"))
                if args.campaigns > 1:
                    runs.append((f"_pg_k{args.campaigns}", args.campaigns, "_pg_k"))
            for tag, campaigns, kind in runs:
                url = f"sqlite+aiosqlite:///{tmp / 'bench.db'}"
                if tag:  # a fresh PostgreSQL database per run, dropped at the end
                    pg_dbs.append(f"fairtable_bench_{secrets.token_hex(4)}")
                    create = f"CREATE DATABASE {pg_dbs[-1]}"
                    asyncio.run(sql(args.postgres, create, autocommit=True))
                    pg_url = make_url(args.postgres).set(database=pg_dbs[-1])
                    url = pg_url.render_as_string(hide_password=False)
                paired, found = bench_backend(url, tag, servers, bare_port, n, script, campaigns)
                results[tag] = (kind, paired)
                mine, base, paced = paired.ours, paired.bare, paired.paced  # noqa: F841
                problems += found
                lines += [
                    f"RATIO roll_post_vs_bare{tag} {paired.rate_ratio:.2f}",
                    f"P99_RATIO roll_post{tag}_vs_bare {paired.p99_ratio:.2f}",
                    f"P99_RATIO_PACED roll_post{tag}_vs_bare {paired.paced_p99_ratio:.2f}",
                    f"PACED_RPS{tag} {paired.paced_rate:.0f}",
                    f"P99_MS_PACED roll_post{tag} "
                    + " ".join(f"{m.p99_ms:.2f}" for m, _ in paired.paced),
                    f"P99_MS_PACED bare{tag} "
                    + " ".join(f"{b.p99_ms:.2f}" for _, b in paired.paced),
                    f"P50_MS roll_post{tag} {mine.p50_ms:.2f}",
                    f"P99_MS roll_post{tag} {mine.p99_ms:.2f}",
                    f"P99_MS bare{tag} {base.p99_ms:.2f}",
                    f"CPU_US_PER_ROLL{tag} {mine.cpu_us:.0f}",
                    f"CPU_US_PER_REQUEST bare{tag} {base.cpu_us:.0f}",
                ]
            seeded_ratio, found = bench_dice(tmp, servers, n, script)
            problems += found
            lines.append(f"RATIO seeded_vs_system_roll_post {seeded_ratio:.2f}")
            observed_ratio, found = bench_observed(tmp, servers, n, script)
            problems += found
            lines.append(f"RATIO roll_post_observed_vs_plain {observed_ratio:.2f}")
        finally:
            servers.close()
            for pg_db in pg_dbs:
                drop = f"DROP DATABASE IF EXISTS {pg_db} WITH (FORCE)"
                asyncio.run(sql(args.postgres, drop, autocommit=True))
    print("\n" + "\n".join(lines))
    missed = []
    for tag, (kind, paired) in results.items():
        least, most = TARGETS[kind]
        if paired.rate_ratio < least:
            missed.append(f"roll_post_vs_bare{tag}<{least}")
        if paired.p99_ratio > most:
            missed.append(f"p99_ratio_roll_post{tag}_vs_bare>{most:g}")
    if seeded_ratio < SEEDED_TARGET:
        missed.append(f"seeded_vs_system_roll_post<{SEEDED_TARGET}")
    if observed_ratio < OBSERVED_TARGET:
        missed.append(f"roll_post_observed_vs_plain<{OBSERVED_TARGET}")
    print("TARGETS met" if not missed else f"TARGETS missed: {', '.join(missed)}")
    for problem in problems:
        print(f"INVALID: {problem}")
    return 1 if args.strict and (missed or problems) else 0


if __name__ == "__main__":
    raise SystemExit(main())
