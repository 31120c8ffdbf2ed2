"""No secret in any log line: a whole session against a real ``fairtable serve`` with the
access log on and the app logging at debug, then every secret it used is searched for in
everything the process wrote (stdout and stderr).

The secrets: both passwords (also a wrong one), every login token, the API key (also sent,
wrongly, in a query string), the invite code (it travels in a path), the websocket ticket
(in the socket's query string) and every server seed the campaign had, in hex and base64."""

from __future__ import annotations

import base64
import json
import os
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from websockets.asyncio.client import connect

from app.core.log_redaction import redact
from tests.realtime.live import free_port
from tests.service.table import PASSWORD, SHEET_3D6

ROOT = Path(__file__).resolve().parents[2]


class LoggingServer:
    """``fairtable serve`` as production runs it: access log on, info level, both streams
    captured in one file."""

    def __init__(
        self,
        database_url: str,
        log: Path,
        env: dict[str, str] | None = None,
        args: tuple[str, ...] = (),
    ) -> None:
        self.port = free_port()
        self.log = log
        self.args = args
        self.env = {
            **os.environ,
            "VTT_DATABASE_URL": database_url,
            "VTT_ENVIRONMENT": "test",
            "VTT_SECRET_KEY": secrets.token_hex(32),
            "VTT_PASSWORD_TIME_COST": "1",
            "VTT_PASSWORD_MEMORY_KIB": "64",
            "VTT_BROKER_URL": "memory://",
            **(env or {}),
        }
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> LoggingServer:
        command = [
            sys.executable, "-m", "app.cli", "serve",
            "--host", "127.0.0.1", "--port", str(self.port), "--log-level", "debug",
            *self.args,
        ]  # fmt: skip
        out = self.log.open("wb")
        self.process = subprocess.Popen(  # noqa: S603
            command, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + 60  # a loaded machine starts slowly
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()
            try:
                if httpx.get(f"http://127.0.0.1:{self.port}/healthz", timeout=1).is_success:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("uvicorn did not start in 60 s")

    def __exit__(self, *_: object) -> None:
        assert self.process is not None
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _ok(answer: httpx.Response, *statuses: int) -> Any:
    assert answer.status_code in statuses, f"{answer.status_code}: {answer.text}"
    return answer.json() if answer.content else None


async def _session(base: str, port: int) -> tuple[list[str], str]:
    """Everything a table does once, by the book; returns every secret used, and the cid."""
    used: list[str] = []
    async with httpx.AsyncClient(base_url=f"{base}/api/v1", timeout=30) as http:

        async def person(name: str) -> dict[str, str]:
            username = f"{name}_{secrets.token_hex(4)}"
            body = {"username": username, "password": PASSWORD}
            _ok(await http.post("/users", json=body), 201)
            wrong = {"username": username, "password": f"wrong {secrets.token_hex(6)}"}
            _ok(await http.post("/auth/token", json=wrong), 401)
            token = _ok(await http.post("/auth/token", json=body), 200)["access_token"]
            used.extend([PASSWORD, wrong["password"], token])
            return {"Authorization": f"Bearer {token}"}

        st, player = await person("teller"), await person("player")
        key = _ok(
            await http.post("/api-keys", json={"name": "bot", "scopes": ["roll"]}, headers=st),
            201,
        )["key"]
        used.append(key)
        bot = {"Authorization": f"Bearer {key}"}
        table = {"name": "t", "ruleset": "3d6"}
        cid = _ok(await http.post("/campaigns", json=table, headers=st), 201)["id"]
        # A client that puts credentials where they do not belong: still never logged.
        _ok(await http.get("/campaigns", params={"api_key": key, "token": key}, headers=st), 200)
        code = _ok(
            await http.post(f"/campaigns/{cid}/invites", json={"role": "player"}, headers=st), 201
        )["code"]
        used.append(code)
        _ok(await http.post(f"/invites/{code}/accept", headers=player), 200)
        char = _ok(
            await http.post(
                f"/campaigns/{cid}/characters",
                json={"name": "Ficelle", "sheet": SHEET_3D6},
                headers=player,
            ),
            201,
        )["id"]
        ticket = _ok(await http.post(f"/campaigns/{cid}/ws-ticket", headers=player), 201)["ticket"]
        used.append(ticket)
        url = f"ws://127.0.0.1:{port}/api/v1/campaigns/{cid}/ws?after=0&ticket={ticket}"
        async with connect(url, open_timeout=10) as ws:
            for visibility in ("public", "blind", "private", "storyteller"):
                body = {"kind": "test", "character_id": char, "trait": "strong"}
                _ok(
                    await http.post(
                        f"/campaigns/{cid}/rolls",
                        json={**body, "visibility": visibility},
                        headers=player,
                    ),
                    201,
                )
            formula = {"kind": "formula", "formula": "1d20", "visibility": "blind"}
            _ok(await http.post(f"/campaigns/{cid}/rolls", json=formula, headers=bot), 201, 403)
            await ws.send(json.dumps({"type": "ping"}))
            # A header-authenticated socket: the handshake's headers are logged at debug.
            plain = f"ws://127.0.0.1:{port}/api/v1/campaigns/{cid}/ws"
            async with connect(plain, additional_headers=st, open_timeout=10) as other:
                await other.send(json.dumps({"type": "ping"}))
        _ok(await http.post(f"/campaigns/{cid}/fairness/rotate", headers=st), 200)
        answer = await http.delete(f"/campaigns/{cid}/members/x", headers=bot)
        _ok(answer, 401, 403, 404)
        paths = (await http.get(f"{base}/openapi.json")).json()["paths"]
        for path, who in (("/auth/logout", player), ("/auth/logout-all", st)):
            if "post" in paths.get(f"/api/v1{path}", {}):  # newer endpoints, once there
                _ok(await http.post(path, headers=who), 200, 204)
    return used, cid


async def _seeds(database_url: str, cid: str) -> list[str]:
    engine = create_async_engine(database_url)
    try:
        async with engine.connect() as conn:
            rows = await conn.execute(
                text("SELECT server_seed FROM campaign_seeds WHERE campaign_id = :c"), {"c": cid}
            )
            seeds = [bytes(r[0]) for r in rows]
    finally:
        await engine.dispose()
    assert seeds, "the campaign has no seed"
    return [
        f
        for s in seeds
        for f in (
            s.hex(),
            base64.b64encode(s).decode(),
            base64.urlsafe_b64encode(s).decode().rstrip("="),
        )
    ]


@pytest.fixture(scope="module")
def log_file(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield Path(tmp_path_factory.mktemp("logs")) / "serve.log"


async def test_a_whole_session_leaves_no_secret_in_the_logs(
    database_url: str, log_file: Path
) -> None:
    with LoggingServer(database_url, log_file) as server:
        used, cid = await _session(f"http://127.0.0.1:{server.port}", server.port)
    used += await _seeds(database_url, cid)
    log = log_file.read_bytes().decode(errors="replace")  # noqa: ASYNC240 - the server is gone
    # The log is there and does show the requests, redacted.
    assert '"POST /api/v1/users HTTP/1.1" 201' in log, log[-2000:]
    assert "ticket=[redacted]" in log, log[-2000:]
    assert "/invites/[redacted]/accept" in log, log[-2000:]
    leaks = sorted({secret for secret in used if secret in log})
    assert not leaks, [line for line in log.splitlines() if any(s in line for s in leaks)]


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        (
            '1.2.3.4:5 - "GET /x/ws?after=3&ticket=ftw_abc HTTP/1.1" 101',
            "after=3&ticket=[redacted] ",
        ),
        ("POST /api/v1/invites/Zx9_-abc/accept", "/invites/[redacted]/accept"),
        ("< authorization: Bearer ftt_0123456789abcdefghij", "authorization: [redacted]"),
        ('{"password": "correct horse", "status_code": 200}', '"status_code": 200'),
        ("a key ftk_Q2x5cGhvbi1kaWNlLWJvdC1rZXk in a message", "a key [redacted] in"),
    ],
)
def test_redact_removes_the_secret_and_keeps_the_rest(line: str, kept: str) -> None:
    cleaned = redact(line)
    assert kept in cleaned, cleaned
    for secret in ("ftw_abc", "Zx9_-abc", "ftt_0123", "correct horse", "ftk_Q2x5"):
        assert secret not in cleaned
