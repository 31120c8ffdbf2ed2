"""Keyset pagination: opaque cursors that encode the last key of a page."""

from __future__ import annotations

import base64
import binascii
from typing import Annotated

from fastapi import Query

from app.core.errors import Unprocessable
from app.core.i18n import msg

Limit = Annotated[int, Query(ge=1, le=200, description="Page size, 1..200.")]
Cursor = Annotated[
    str | None, Query(max_length=200, description="`next_cursor` of the previous page.")
]


def encode_cursor(key: str | int) -> str:
    return base64.urlsafe_b64encode(str(key).encode()).decode().rstrip("=")


def decode_cursor(cursor: str | None) -> str | None:
    if cursor is None:
        return None
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        # validate=True: characters outside the alphabet are an error, not silently dropped.
        raw = base64.b64decode(padded.encode(), altchars=b"-_", validate=True).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError) as exc:
        raise Unprocessable(msg("cursor: not a cursor this server issued")) from exc
    # Every key this server pages by is an id or a number: ASCII letters and digits only
    # (a NUL character, say, would otherwise page from nowhere).
    if not (raw.isascii() and raw.isalnum()):
        raise Unprocessable(msg("cursor: not a cursor this server issued"))
    return raw


def decode_int_cursor(cursor: str | None, maximum: int | None = None) -> int | None:
    """The integer ``cursor`` encodes; ``maximum`` refuses one beyond what the column
    holds, which this server never issued."""
    raw = decode_cursor(cursor)
    if raw is None:
        return None
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 18:  # "²".isdigit() is True
        raise Unprocessable(msg("cursor: not a cursor this server issued"))
    value = int(raw)
    if maximum is not None and value > maximum:
        raise Unprocessable(msg("cursor: not a cursor this server issued"))
    return value
