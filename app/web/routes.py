"""The web client: ``GET /`` and every client route answer the one ``index.html``; the
files under ``/static/`` are served with validators (ETag, Last-Modified) and a short
cache lifetime, so a deploy is picked up within minutes and unchanged files cost a 304.

Only the client routes listed here answer the page: any other path, ``/api/...`` above all,
keeps the API's problem+json 404. Every answer carries a Content-Security-Policy that
forbids inline scripts and foreign origins: the page renders data with ``textContent``
only, and the policy is the second wall should a bug ever slip markup in."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

STATIC_DIR = Path(__file__).resolve().parent / "static"
INDEX = STATIC_DIR / "index.html"

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
# Static files: revalidated after 5 minutes (ETag / Last-Modified answer 304 if unchanged).
STATIC_CACHE = "public, max-age=300, must-revalidate"
# The page itself: always revalidated, so a new deploy's module list is seen at once.
PAGE_CACHE = "no-cache"

# The client routes the page's router knows (js/router.js); each answers index.html.
CLIENT_ROUTES = (
    "/",
    "/login",
    "/register",
    "/campaigns",
    "/join/{code}",
    "/c/{cid}",
    "/c/{cid}/{view:path}",
)

router = APIRouter(include_in_schema=False)


def page() -> FileResponse:
    """index.html with the security headers; validators let the browser revalidate."""
    return FileResponse(
        INDEX,
        media_type="text/html; charset=utf-8",
        headers={**SECURITY_HEADERS, "Cache-Control": PAGE_CACHE},
    )


async def client_route(request: Request) -> FileResponse:
    """Every client route is the same page: the browser's router picks the view."""
    return page()


for _path in CLIENT_ROUTES:
    router.add_api_route(_path, client_route, methods=["GET", "HEAD"], include_in_schema=False)


class StaticAssets(StaticFiles):
    """Starlette's static files (ETag, Last-Modified, 304s) plus the cache lifetime and the
    security headers on every answer, errors included."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers.update(SECURITY_HEADERS)
        if response.status_code in (200, 304):
            response.headers["Cache-Control"] = STATIC_CACHE
        return response


def static_files() -> StaticAssets:
    """The app mounts this at ``/static``."""
    return StaticAssets(directory=STATIC_DIR)
