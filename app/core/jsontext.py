"""Compact JSON for answers, stored documents and socket messages, via orjson.

The standard library's C encoder spent ~27 µs on one roll's answer (its floats above all),
and a roll is encoded five or six times (answer, stored columns, event, socket message);
orjson takes ~2 µs. Values are the same JSON as ``json.dumps(..., separators=(",", ":"),
ensure_ascii=False)`` gives, except for float spelling (``0.00001``, not ``1e-05``).

Hash-chain records are not encoded here: their canonical text is the standard library's
(app/rules/chain.py), which the offline verifier reproduces byte for byte.
"""

from __future__ import annotations

from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> bytes:
    return orjson.dumps(value, option=_OPTIONS)


def dumps_text(value: Any) -> str:
    return orjson.dumps(value, option=_OPTIONS).decode()


loads = orjson.loads
