"""What a browser needs: CORS preflights for the configured origins (and a sensible
OPTIONS answer without opening CORS when none is), the headers scripts may read, and
/docs and /redoc working without the internet."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest_asyncio

from app.core.settings import Settings
from app.main import create_app
from tests.service.table import SHEET_3D6, campaign, character, register

ORIGIN = "https://table.example"
PREFLIGHT = {"Origin": ORIGIN, "Access-Control-Request-Method": "PATCH",
             "Access-Control-Request-Headers": "authorization, if-match, content-type"}  # fmt: skip


@pytest_asyncio.fixture(loop_scope="session")
async def browser_app(settings: Settings) -> AsyncIterator[Any]:
    application = create_app(settings.model_copy(update={"cors_origins": [ORIGIN]}))
    async with application.router.lifespan_context(application):
        yield application


def _http(app: Any) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test")


async def test_a_preflight_from_a_configured_origin_is_allowed(browser_app: Any) -> None:
    async with _http(browser_app) as http:
        answer = await http.options(
            "/api/v1/characters/01jd8m9f2g3h4j5k6m7n8p9q0r", headers=PREFLIGHT
        )
        assert answer.status_code == 200
        assert answer.headers["access-control-allow-origin"] == ORIGIN
        assert "PATCH" in answer.headers["access-control-allow-methods"]
        allowed = answer.headers["access-control-allow-headers"].lower()
        assert {"authorization", "if-match", "content-type"} <= set(re.split(r",\s*", allowed))
        stranger = await http.options(
            "/api/v1/campaigns", headers={**PREFLIGHT, "Origin": "https://evil.example"}
        )
        assert "access-control-allow-origin" not in stranger.headers


async def test_scripts_may_read_the_headers_a_client_needs(browser_app: Any) -> None:
    async with _http(browser_app) as http:
        api = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=browser_app), base_url="http://test/api/v1"
        )
        async with api:
            st = await register(api, "teller")
            cid = (await campaign(api, st, "3d6"))["id"]
            made = await character(api, st, cid, SHEET_3D6)
        answer = await http.get(
            f"/api/v1/characters/{made['id']}", headers={**st.auth, "Origin": ORIGIN}
        )
        assert answer.status_code == 200 and answer.headers["etag"] == '"1"'
        assert answer.headers["access-control-allow-origin"] == ORIGIN
        exposed = {
            h.strip().lower() for h in answer.headers["access-control-expose-headers"].split(",")
        }
        assert {"etag", "retry-after", "location", "ratelimit", "ratelimit-policy",
                "content-language"} <= exposed  # fmt: skip


async def test_without_origins_options_answers_allow_and_opens_nothing(app: Any) -> None:
    async with _http(app) as http:
        answer = await http.options("/api/v1/campaigns/abc/rolls", headers=PREFLIGHT)
        assert answer.status_code == 204
        assert answer.headers["allow"] == "GET, POST, OPTIONS"
        assert not [h for h in answer.headers if h.startswith("access-control-")]
        plain = await http.options("/api/v1/campaigns/import")
        assert (plain.status_code, plain.headers["allow"]) == (204, "POST, OPTIONS")
        assert (await http.options("/api/v1/characters/x")).headers["allow"] == (
            "GET, PATCH, DELETE, OPTIONS"
        )
        missing = await http.options("/api/v1/no-such-thing")
        assert missing.status_code == 404
        assert missing.headers["content-type"].startswith("application/problem+json")
        # A real request carries no CORS header either.
        got = await http.get("/healthz", headers={"Origin": ORIGIN})
        assert "access-control-allow-origin" not in got.headers


async def test_docs_and_redoc_load_everything_from_this_server(app: Any) -> None:
    async with _http(app) as http:
        for page in ("/docs", "/redoc"):
            html = (await http.get(page)).text
            assert not re.findall(r"https?://", html), f"{page} names an external host"
            assets = re.findall(r'(?:src|href)="([^"]+)"', html)
            assert any(a.endswith(".js") for a in assets)
            for asset in assets:
                got = await http.get(asset)
                assert got.status_code == 200, asset
                assert len(got.content) > 100, asset
        assert (await http.get("/openapi.json")).status_code == 200
