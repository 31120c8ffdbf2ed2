"""The API's documents as a client generator reads them, made without a server or a
database: the OpenAPI document of ``create_app()`` (``fairtable openapi``, which
scripts/generate_client.sh feeds to the Python client's generator)."""

from __future__ import annotations

import secrets
from typing import Any


def openapi_document() -> dict[str, Any]:
    """The OpenAPI document a running server answers at ``/openapi.json``. The app is only
    built, never started: nothing connects to its database."""
    from app.core.settings import Settings
    from app.main import create_app

    settings = Settings(
        environment="test",
        secret_key=secrets.token_hex(32),
        database_url="sqlite+aiosqlite:///:memory:",
    )
    return create_app(settings).openapi()
