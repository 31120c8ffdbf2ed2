"""Whatever bytes come to ``POST /campaigns/import``, the answer is a 201 or a 4xx problem,
never a 5xx, and a refused body leaves nothing of itself in the database.

A real export (rolls of every visibility, grants, a group action, a task, chat messages)
is damaged at the byte level, as a bad disk, a truncated upload or a curious hand would:
bytes flipped, cut out or doubled; lines swapped, repeated or replaced; JSON's odd corners
slipped in (lone surrogates, huge and negative-zero numbers, duplicate keys, deep nesting,
NUL, invalid UTF-8); the whole sent plain or gzip, the gzip itself damaged. Each body
goes through the app whole: the pass on every core, the ordered pass that names the bad
line, the writing. The cases are the same every run; ``VTT_FUZZ_EXAMPLES=500`` makes a
longer, freshly random hunt (its seed is in any failure's message)."""

from __future__ import annotations

import gzip
import os
import random
import secrets
from collections.abc import Callable
from typing import Any

from httpx import AsyncClient

from tests.exchange import ndjson
from tests.exchange.granted import granted
from tests.service.table import Person, db_run, expect, register, roll

HUNT = int(os.environ.get("VTT_FUZZ_EXAMPLES", "0"))
CASES = HUNT or 40
SEED = secrets.randbits(32) if HUNT else 20261207

# Spellings JSON readers disagree on, or that a careless one mishandles.
ODD = (b'"\\ud800"', b"1e999", b"-0", b"99999999999999999999999999", b"[" * 600 + b"]" * 600,
       b'"t":"roll",', b'"seq":1,', b"\x00", b"\xff\xfe", b"\xc3", b'"\\u0000"', b"NaN",
       b"{}", b"null", b'"', b"\n", b"\r\n", b",", b"}", b" " * 5000)  # fmt: skip

# Whole lines that parse but are no record, or a record out of place.
LINES = (b"null", b"[]", b"42", b'"text"', b"{}", b'{"t":"event"}', b'{"t":"roll"}',
         b'{"t":"trailer"}', b'{"t":"header"}', b'{"t":1}')  # fmt: skip

Mutation = Callable[[bytes, random.Random], bytes]


def _flip(body: bytes, chance: random.Random) -> bytes:
    at = chance.randrange(len(body))
    return body[:at] + bytes([chance.randrange(256)]) + body[at + 1 :]


def _cut(body: bytes, chance: random.Random) -> bytes:
    at = chance.randrange(len(body))
    return body[:at] + body[at + chance.randint(1, 60) :]


def _double(body: bytes, chance: random.Random) -> bytes:
    at = chance.randrange(len(body))
    span = body[at : at + chance.randint(1, 60)]
    return body[:at] + span + body[at:]


def _odd(body: bytes, chance: random.Random) -> bytes:
    at = chance.randrange(len(body))
    return body[:at] + chance.choice(ODD) + body[at:]


def _lines(body: bytes, chance: random.Random) -> bytes:
    found = body.splitlines(keepends=True)
    i, j = chance.randrange(len(found)), chance.randrange(len(found))
    if chance.random() < 0.5:
        found[i], found[j] = found[j], found[i]
    else:
        found.insert(j, found[i])
    return b"".join(found)


def _line(body: bytes, chance: random.Random) -> bytes:
    found = body.splitlines(keepends=True)
    found[chance.randrange(len(found))] = chance.choice(LINES) + b"\n"
    return b"".join(found)


def _truncate(body: bytes, chance: random.Random) -> bytes:
    return body[: chance.randrange(len(body))]


MUTATIONS: tuple[Mutation, ...] = (_flip, _cut, _double, _odd, _lines, _line, _truncate)


def damaged(body: bytes, chance: random.Random) -> bytes:
    """One to three mutations of ``body``; a quarter of the time gzip, of which a third
    has its compressed stream damaged too."""
    for _ in range(chance.randint(1, 3)):
        body = chance.choice(MUTATIONS)(body, chance) or b"\n"
    if chance.random() < 0.25:
        body = gzip.compress(body)
        if chance.random() < 0.33:
            body = _flip(body, chance)
    return body


async def _import(http: AsyncClient, person: Person, body: bytes) -> tuple[int, dict[str, Any]]:
    headers = {**person.auth, "Content-Type": "application/x-ndjson"}
    response = await http.post("/campaigns/import", content=body, headers=headers)
    assert response.status_code < 500, (SEED, response.text)
    if response.status_code != 201:
        assert response.headers["content-type"].startswith("application/problem+json")
        assert response.json()["status"] == response.status_code
        return response.status_code, {}
    return 201, response.json()


async def test_damaged_imports_are_refused_cleanly_and_leave_nothing(
    client: AsyncClient, app: object
) -> None:
    table = await granted(client)
    http, st, player, cid = table.http, table.st, table.player, table.cid
    for visibility in ("public", "private", "blind", "storyteller"):
        await roll(http, player, cid, kind="formula", formula="2d6+1", visibility=visibility)
    said = f"/campaigns/{cid}/messages"
    expect(await http.post(said, json={"text": "hello"}, headers=player.auth), 201)
    expect(await http.post(said, json={"text": "psst", "to": [st.id]}, headers=player.auth), 201)
    exported = await http.get(f"/campaigns/{cid}/export", headers=st.auth)
    assert exported.status_code == 200, exported.text
    body = exported.content
    expect(await http.delete(f"/campaigns/{cid}", headers=st.auth), 204)

    importer = await register(http, "importer")
    chance = random.Random(SEED)
    answers: dict[int, int] = {}
    for case in range(CASES):
        sent = damaged(body, chance)
        status, created = await _import(http, importer, sent)
        answers[status] = answers.get(status, 0) + 1
        if status == 201:  # harmless damage (a blank line, a space): a sound campaign
            again = await http.get(f"/campaigns/{created['id']}/export", headers=importer.auth)
            assert ndjson.check(ndjson.records(again.content)).ok, (SEED, case)
            deleted = await http.delete(f"/campaigns/{created['id']}", headers=importer.auth)
            expect(deleted, 204)
        for log in ("campaigns WHERE id", "rolls WHERE campaign_id", "events WHERE campaign_id"):
            held = await db_run(app, f"SELECT count(*) FROM {log} = ?", cid)  # noqa: S608
            assert held == [(0,)], (SEED, case, status, log)
        page = expect(await http.get("/campaigns", headers=importer.auth), 200)
        assert page["items"] == [], (SEED, case)
    assert answers.get(422, 0) >= CASES // 2, answers  # most damage breaks the file
    # The undamaged file still imports: the refusals were the damage's, not the fuzzing's.
    status, created = await _import(http, importer, body)
    assert status == 201 and created["id"] == cid
