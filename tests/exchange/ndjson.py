"""Reading and writing the line format in tests (docs/export.md, "The line format")."""

from __future__ import annotations

import copy
import gzip
import json
from typing import Any

from app.rules.compact import COMPACT_SINCE, Compact
from app.rules.verify_lines import verify_lines
from app.rules.verify_report import Report


def written(data: bytes) -> list[dict[str, Any]]:
    """Every record of a file or an answer body, gzip or not, as written: each roll's
    latest link compact (app/rules/compact.py)."""
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return [json.loads(line) for line in data.splitlines() if line.strip()]


def records(data: bytes) -> list[dict[str, Any]]:
    """Every record of a file or an answer body, gzip or not, each compact event made
    whole: its data and link from its roll, copied (a test that edits the roll does not
    edit the event). Written back (``dump``), they make a file of the same version with
    whole events, which it may hold."""
    found = written(data)
    header = found[0] if found else {}
    compact = Compact(header.get("version", 0) >= COMPACT_SINCE.get(header.get("format"), 99))
    return [r if r is record else copy.deepcopy(dict(r))
            for record in found for r in compact.feed(record)]  # fmt: skip


def dump(found: list[dict[str, Any]]) -> bytes:
    return b"".join(json.dumps(r, ensure_ascii=False).encode() + b"\n" for r in found)


def of(found: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The records of one type, without their ``t``."""
    return [{k: v for k, v in r.items() if k != "t"} for r in found if r["t"] == kind]


def check(found: list[dict[str, Any]]) -> Report:
    return verify_lines(dump(found).splitlines())


def view(data: bytes) -> dict[str, Any]:
    """An export's records gathered by part (the shape the single-JSON document had):
    ``campaign``, ``fairness``, ``members``, ``characters``, ``rolls`` (by seq),
    ``events``, ``contests``, ``group_rolls``, ``tasks``, ``grants``, and
    ``records``/``trailer``."""
    found = records(data)
    header = found[0]
    gathered: dict[str, Any] = {
        "records": found,
        "format": header["format"],
        "version": header["version"],
        "exported_at": header["exported_at"],
        "campaign": header["campaign"],
        "fairness": header["fairness"],
        "trailer": found[-1],
    }
    for kind, name in (("member", "members"), ("character", "characters"), ("roll", "rolls"),
                       ("event", "events"), ("contest", "contests"),
                       ("group_roll", "group_rolls"), ("task", "tasks"),
                       ("grant", "grants")):  # fmt: skip
        gathered[name] = of(found, kind)
    gathered["rolls"].sort(key=lambda r: r["seq"])  # each travels after its latest link
    return gathered
