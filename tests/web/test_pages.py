"""The web client's HTTP edge: the page on every client route with its security headers,
static files with validators, and the API's own 404s left as problem+json."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from httpx import ASGITransport, AsyncClient

from app.web.routes import STATIC_DIR


@pytest_asyncio.fixture(loop_scope="session")
async def site(app: object) -> AsyncIterator[AsyncClient]:
    """A client of the whole site (the shared ``client`` is rooted at /api/v1)."""
    transport = ASGITransport(app=app)  # type: ignore[arg-type]
    async with AsyncClient(transport=transport, base_url="http://test") as http:
        yield http


CLIENT_PATHS = ["/", "/login", "/register", "/join/abc", "/c/01abc", "/c/01abc/dashboard"]


@pytest.mark.parametrize("path", CLIENT_PATHS)
async def test_every_client_route_answers_the_page_with_its_security_headers(
    site: AsyncClient, path: str
) -> None:
    answer = await site.get(path)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/js/app.js">' in answer.text
    policy = answer.headers["content-security-policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert "unsafe-inline" not in policy
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "no-referrer"


async def test_the_page_holds_no_inline_script(site: AsyncClient) -> None:
    html = (STATIC_DIR / "index.html").read_text()
    assert "<script>" not in html
    assert " on" not in html.replace(" one", "")  # no onclick= / onload= attributes


async def test_a_static_file_has_validators_and_answers_304_when_unchanged(
    site: AsyncClient,
) -> None:
    first = await site.get("/static/js/api.js")
    assert first.status_code == 200
    assert "javascript" in first.headers["content-type"]
    assert "max-age" in first.headers["cache-control"]
    assert first.headers["x-content-type-options"] == "nosniff"
    etag = first.headers["etag"]
    again = await site.get("/static/js/api.js", headers={"If-None-Match": etag})
    assert again.status_code == 304


async def test_an_unknown_api_path_stays_a_problem_json_404(site: AsyncClient) -> None:
    for path in ("/api/v1/nothing-here", "/api/v1/c/abc", "/api/nothing"):
        answer = await site.get(path)
        assert answer.status_code == 404
        assert answer.headers["content-type"].startswith("application/problem+json")
        assert answer.json()["status"] == 404


async def test_an_unknown_page_path_is_a_404_not_the_page(site: AsyncClient) -> None:
    answer = await site.get("/nothing/here")
    assert answer.status_code == 404
    missing = await site.get("/static/js/missing.js")
    assert missing.status_code == 404


async def test_the_api_is_unchanged_beside_the_page(site: AsyncClient) -> None:
    assert (await site.get("/healthz")).json() == {"status": "ok"}
    schema = (await site.get("/openapi.json")).json()
    assert "/" not in schema["paths"]
    assert not any(p.startswith("/static") for p in schema["paths"])
