"""What an operator watches: Prometheus metrics that move as the table plays, a request id
on every answer, and with ``VTT_LOG_FORMAT=json`` one JSON line per request that never
holds a secret."""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
import pytest_asyncio
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient
from prometheus_client.parser import text_string_to_metric_families

from app.core.observe import JsonFormatter
from app.core.settings import Settings
from app.main import create_app
from tests.service.table import PASSWORD, SHEET_3D6, campaign, character, register, roll
from tests.service.test_secrets_in_logs import LoggingServer, free_port

METRICS = "http://test/metrics"


def _samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def _value(text: str, name: str, **labels: str) -> float:
    wanted = set(labels.items())
    return sum(
        value
        for (sample, found), value in _samples(text).items()
        if sample == name and wanted <= set(found)
    )


async def test_metrics_parse_and_count_rolls_and_routes(client: AsyncClient) -> None:
    before = (await client.get(METRICS)).text
    st = await register(client, "metrics")
    camp = await campaign(client, st, "3d6")
    npc = await character(client, st, camp["id"], SHEET_3D6, npc=True)
    for _ in range(3):
        await roll(client, st, camp["id"], kind="test", character_id=npc["id"], trait="strong")
    answer = await client.get(METRICS)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    after = answer.text
    rolls = "fairtable_rolls_total"
    assert _value(after, rolls, ruleset="3d6", kind="test") - _value(
        before, rolls, ruleset="3d6", kind="test"
    ) == pytest.approx(3)
    route = "/api/v1/campaigns/{cid}/rolls"
    count = "fairtable_http_request_duration_seconds_count"
    made = _value(after, count, method="POST", route=route, status="201") - _value(
        before, count, method="POST", route=route, status="201"
    )
    assert made == pytest.approx(3)
    # Labels are templates: no id of a campaign, roll or user shows in the exposition.
    assert camp["id"] not in after and st.id not in after
    assert _value(after, "fairtable_writer_batch_jobs_count") > _value(
        before, "fairtable_writer_batch_jobs_count"
    )
    assert _value(after, "fairtable_events_published_total", type="roll.created") >= 3


@pytest_asyncio.fixture(loop_scope="session")
async def guarded(settings: Settings) -> AsyncIterator[AsyncClient]:
    token = secrets.token_urlsafe(16)
    application: FastAPI = create_app(settings.model_copy(update={"metrics_token": token}))
    async with application.router.lifespan_context(application):
        transport = ASGITransport(app=application)
        async with AsyncClient(transport=transport, base_url="http://test/api/v1") as http:
            http.headers["x-metrics-token"] = token  # where the test keeps it, not sent as is
            yield http


async def test_a_metrics_token_keeps_metrics_from_anyone_else(guarded: AsyncClient) -> None:
    token = guarded.headers.pop("x-metrics-token")
    refused = await guarded.get(METRICS)
    assert refused.status_code == 401
    assert refused.headers["content-type"] == "application/problem+json"
    wrong = await guarded.get(METRICS, headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401
    allowed = await guarded.get(METRICS, headers={"Authorization": f"Bearer {token}"})
    assert allowed.status_code == 200 and "fairtable_rolls_total" in allowed.text


async def test_every_answer_carries_a_request_id(client: AsyncClient) -> None:
    given = await client.get("/users/me", headers={"X-Request-ID": "trace-42.a:b"})
    assert given.status_code == 401  # refusals too
    assert given.headers["x-request-id"] == "trace-42.a:b"
    made = await client.get("http://test/healthz")
    assert len(made.headers["x-request-id"]) == 16
    other = await client.get("http://test/healthz")
    assert other.headers["x-request-id"] != made.headers["x-request-id"]
    # A made-up id that is not short and plain is replaced, not logged as sent.
    odd = await client.get("http://test/healthz", headers={"X-Request-ID": "x" * 65})
    assert odd.headers["x-request-id"] != "x" * 65


def test_json_logs_give_one_line_per_request_without_secrets(
    database_url: str, tmp_path: Path
) -> None:
    log = tmp_path / "json.log"
    with LoggingServer(database_url, log, env={"VTT_LOG_FORMAT": "json"}) as server:
        base = f"http://127.0.0.1:{server.port}"
        username = f"logs_{secrets.token_hex(4)}"
        with httpx.Client(base_url=f"{base}/api/v1") as http:
            body = {"username": username, "password": PASSWORD}
            user = http.post("/users", json=body).json()
            token = http.post("/auth/token", json=body).json()["access_token"]
            auth = {"Authorization": f"Bearer {token}", "X-Request-ID": "req-me-1"}
            assert http.get("/users/me", headers=auth).status_code == 200
            made = http.post("/campaigns", json={"name": "t", "ruleset": "d20"}, headers=auth)
            invite = http.post(
                f"/campaigns/{made.json()['id']}/invites", json={"role": "player"}, headers=auth
            ).json()["code"]
            http.post(f"/invites/{invite}/accept", headers=auth)
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    requests = [line for line in lines if line["logger"] == "fairtable.request"]
    me = [line for line in requests if line["route"] == "/api/v1/users/me"]
    assert len(me) == 1
    (line,) = me
    assert line["request_id"] == "req-me-1" and line["status"] == 200
    assert line["user_id"] == user["id"] and line["method"] == "GET"
    assert isinstance(line["duration_ms"], float) and line["ts"].endswith("Z")
    assert {r["route"] for r in requests} >= {"/api/v1/users", "/api/v1/auth/token"}
    # No uvicorn access line beside ours, and no secret anywhere in the log.
    text = log.read_text()
    assert '"GET /api/v1/users/me HTTP/1.1"' not in text
    for secret in (PASSWORD, token, invite):
        assert secret not in text
    assert "/invites/[redacted]/accept" in text


def test_metrics_add_up_over_workers(database_url: str, tmp_path: Path) -> None:
    log, temporary = tmp_path / "workers.log", tmp_path / "tmp"
    temporary.mkdir()
    env = {"TMPDIR": str(temporary)}
    with LoggingServer(database_url, log, env=env, args=("--workers", "2")) as server:
        assert [p.name[:18] for p in temporary.iterdir()] == ["fairtable-metrics-"]
        base = f"http://127.0.0.1:{server.port}"
        with httpx.Client(base_url=base) as http:
            before = _value(
                http.get("/metrics").text,
                "fairtable_http_request_duration_seconds_count",
                route="/healthz",
            )
            for _ in range(40):  # new connections: spread over both workers
                httpx.get(f"{base}/healthz")
            counts = {
                _value(
                    httpx.get(f"{base}/metrics").text,
                    "fairtable_http_request_duration_seconds_count",
                    route="/healthz",
                )
                for _ in range(4)
            }
    # Whichever worker answered the scrape, it counted every worker's requests.
    assert min(counts) - before >= 40, (before, counts)
    assert list(temporary.iterdir()) == []  # the workers' metrics folder went with them


async def test_a_metrics_port_serves_metrics_alone(settings: Settings) -> None:
    """``VTT_METRICS_PORT``: /metrics on its own port (and nothing else there), no longer on
    the API's; the listener goes with the app."""
    port = free_port()
    application = create_app(settings.model_copy(update={"metrics_port": port}))
    async with application.router.lifespan_context(application):
        transport = ASGITransport(app=application)
        async with AsyncClient(transport=transport, base_url="http://test/api/v1") as http:
            st = await register(http, "porter")
            camp = await campaign(http, st, "d20")
            await roll(http, st, camp["id"], kind="formula", formula="1d20")
            assert (await http.get(METRICS)).status_code == 404
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as scraper:
            scraped = await scraper.get("/metrics")
            assert scraped.status_code == 200
            assert scraped.headers["content-type"].startswith("text/plain")
            assert _value(scraped.text, "fairtable_rolls_total", ruleset="d20") >= 1
            assert (await scraper.get("/")).status_code == 404
            assert (await scraper.get("/api/v1/users/me")).status_code == 404
            assert (await scraper.post("/metrics")).status_code == 405
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as scraper:
        with pytest.raises(httpx.ConnectError):
            await scraper.get("/metrics", timeout=2)


def test_the_supervisor_serves_the_metrics_port_of_its_workers(
    database_url: str, tmp_path: Path
) -> None:
    port = free_port()
    log = tmp_path / "workers.log"
    env = {"VTT_METRICS_PORT": str(port)}
    with LoggingServer(database_url, log, env=env, args=("--workers", "2")) as server:
        base = f"http://127.0.0.1:{server.port}"
        assert httpx.get(f"{base}/metrics").status_code == 404  # not on the API's port
        for _ in range(20):  # new connections: spread over both workers
            httpx.get(f"{base}/healthz")
        scraped = httpx.get(f"http://127.0.0.1:{port}/metrics")
        assert scraped.status_code == 200
        count = "fairtable_http_request_duration_seconds_count"
        assert _value(scraped.text, count, route="/healthz") >= 20
    assert "address already in use" not in log.read_text().lower()


def test_a_json_log_line_holds_what_orjson_refuses() -> None:
    """A huge integer and a key that is not a string: still one JSON line, both kept."""
    record = logging.LogRecord("fairtable.test", logging.INFO, __file__, 1, "odd", None, None)
    record.big = 1 << 70
    record.counts = {3: "three"}
    line = json.loads(JsonFormatter().format(record))
    assert line["big"] == 1 << 70 and line["counts"] == {"3": "three"}
    assert line["message"] == "odd"


@pytest.mark.parametrize("big", [1, 1 << 70])
def test_a_json_log_line_spells_a_time_one_way(big: int) -> None:
    """The same time the same way, whichever encoder wrote the line."""
    record = logging.LogRecord("fairtable.test", logging.INFO, __file__, 1, "at", None, None)
    record.when, record.big = datetime(2026, 1, 1, tzinfo=UTC), big
    assert json.loads(JsonFormatter().format(record))["when"] == "2026-01-01 00:00:00+00:00"
