"""``fairtable verify`` in pieces on worker processes (app/exchange/parallel.py) says what
the verifier says reading the file whole and in order: the same report for a sound file
however it is cut, and, for a tampered one, the very same first failure. What only the
lines before a piece can show (a nonce used again, a draw changed by a later link, a
link after its roll record, a request answered twice, a chain cut between pieces) is
caught when the pieces are joined, each piece passing on its own."""

from __future__ import annotations

import contextlib
import copy
import gzip
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient

from app.core.fastjson import FastCodec
from app.exchange import commands, parallel
from app.rules.chain import GENESIS, STANDARD, chain_record, link_hash, link_salt
from app.rules.verify_chunks import Joiner, check_piece
from app.rules.verify_lines import verify_lines
from app.rules.verify_report import Report, Stop
from app.rules.verify_requests import is_link_type
from tests.exchange import ndjson
from tests.service.table import (
    SHEET_3D6,
    campaign,
    character,
    expect,
    join,
    open_test,
    register,
    reroll_a_failure,
)
from tests.service.table import roll as rolled

Records = list[dict[str, Any]]


@contextlib.contextmanager
def _quiet() -> Iterator[Callable[[int], None]]:
    yield lambda n: None


async def _campaign(http: AsyncClient, *, private: bool) -> tuple[Any, Any, str]:
    """A 3d6 table: tests rerolled long after they were rolled, formula rolls of every
    visibility (a player's private ones only if ``private``), roll requests answered and
    cancelled, a rotation, and rolls under the next seed."""
    st, player = await register(http, "teller"), await register(http, "player")
    cid = (await campaign(http, st, "3d6"))["id"]
    await join(http, st, cid, player)
    pc = (await character(http, player, cid, SHEET_3D6, name="Pelote"))["id"]
    opened = [await open_test(http, player, cid, pc) for _ in range(2)]
    asked = {"kind": "test", "trait": "clever", "character_ids": [pc]}
    request = expect(await http.post(f"/campaigns/{cid}/roll-requests", json=asked,
                                     headers=st.auth), 201)  # fmt: skip
    cancelled = expect(await http.post(f"/campaigns/{cid}/roll-requests", json=asked,
                                       headers=st.auth), 201)  # fmt: skip
    for n, visibility in enumerate(["public", "blind", "storyteller", "private"] * 3):
        who = player if private and visibility == "private" else st
        await rolled(http, who, cid, kind="formula", formula=f"{1 + n % 3}d6+{n}",
                     visibility=visibility)  # fmt: skip
        await rolled(http, player, cid, kind="test", character_id=pc, trait="clever")
        if n == 4:
            await rolled(http, player, cid, request_id=request["id"], character_id=pc)
            expect(await http.post(f"/roll-requests/{cancelled['id']}/cancel",
                                   headers=st.auth), 200)  # fmt: skip
        if n == 7:
            expect(await http.post(f"/campaigns/{cid}/fairness/rotate", headers=st.auth), 200)
    for answer in opened:
        await reroll_a_failure(http, player, answer)
    return st, player, cid


async def _export(http: AsyncClient, who: Any, cid: str, path: Path) -> Records:
    answer = await http.get(f"/campaigns/{cid}/export", headers=who.auth)
    assert answer.status_code == 200, answer.text
    _write(path, answer.content)
    return ndjson.records(answer.content)


def _write(path: Path, body: bytes) -> None:
    path.write_bytes(body)


def _in_order(path: Path) -> Report:
    return verify_lines(path.read_bytes().splitlines(), STANDARD)


def _in_pieces(path: Path, piece: int) -> Report | None:
    return parallel.verify(str(path), _quiet, 2, piece)


def _joined(path: Path, piece: int) -> str:
    """Where the pieces of the file fail: "piece" (one fails alone), "join" or "ok"."""
    codec = FastCodec()
    joiner = Joiner(codec)
    header = b""
    blocks = parallel._blocks(str(path), lambda n: None)
    for kind, data in parallel._split(blocks, piece):
        if kind == b"header":
            header = data
            joiner.header(codec.loads(data))
        elif kind == b"piece":
            found = check_piece(header, data, FastCodec())
            if found.failure is not None:
                return "piece"
            try:
                joiner.join(found)
            except Stop:
                return "join"
    return "ok"


def _printed(path: Path, capsys: pytest.CaptureFixture[str], **how: Any) -> tuple[int, str]:
    code = commands.verify_file(str(path), **how)
    return code, capsys.readouterr().out


async def test_a_sound_export_gives_the_same_report_however_it_is_cut(
    client: AsyncClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    st, _, cid = await _campaign(client, private=True)
    path = tmp_path / "export.ndjson"
    await _export(client, st, cid, path)
    whole = _in_order(path)
    assert whole.ok, whole.summary()
    assert whole.rolls > 20 and whole.salts_checked == whole.salted > 30
    assert whole.redacted == 3 and "2 roll requests" in whole.summary()  # the private rolls
    for piece in (1, 700, 4096, 1 << 20):  # 1: a piece at every place one may start
        assert _in_pieces(path, piece) == whole
    assert _printed(path, capsys, workers=2, piece=1) == _printed(path, capsys, workers=1)


def _rechain(records: Records) -> None:
    """Every link's hash recomputed after a change (the export revealed every seed, so
    anyone can): only the draws, the dice and the order of things can catch it. A link
    marked ``cut`` starts a chain of its own instead of following the one before."""
    fairness = records[0]["fairness"]
    prev, latest = GENESIS, {}
    for record in records:
        if record["t"] == "event" and is_link_type(record["type"]) and record["hash"]:
            seq = record["seq"]
            if record.pop("cut", False):
                prev = "ab" * 32
            seed = max((s for s in fairness["seeds"] if s["links_from"] is not None
                        and s["links_from"] <= seq), key=lambda s: s["links_from"])  # fmt: skip
            salt = link_salt(bytes.fromhex(seed["server_seed"]), fairness["campaign_id"], seq)
            data = record["data"]
            record["prev_hash"] = prev
            record["hash"] = prev = link_hash(prev, chain_record(data, seq), salt)
            latest[data["id"]] = record
        elif record["t"] in ("roll", "roll_request"):
            record["prev_hash"], record["hash"] = latest[record["id"]]["prev_hash"], prev
    fairness["chain_head"] = records[-1]["chain_head"] = prev


def _links(records: Records, kind: str | None = None) -> list[dict[str, Any]]:
    return [r for r in records if r["t"] == "event" and r.get("hash") and
            (kind is None or r["data"]["kind"] == kind)]  # fmt: skip


def _roll_line(records: Records, roll_id: str) -> dict[str, Any]:
    return next(r for r in records if r["t"] == "roll" and r["id"] == roll_id)


def _set(records: Records, link: dict[str, Any], **fields: Any) -> None:
    """Change the roll at ``link``, in its link and (when its latest) in its roll line."""
    link["data"].update(copy.deepcopy(fields))
    roll_id = link["data"]["id"]
    if [e for e in _links(records) if e["data"]["id"] == roll_id][-1] is link:
        _roll_line(records, roll_id).update(copy.deepcopy(fields))


def _nonce_again(records: Records) -> str:
    formulas = _links(records, "formula")
    first, last = formulas[0], formulas[-1]
    _set(records, last, **{k: first["data"][k] for k in ("dice", "result", "proof")})
    return "is not above the nonces drawn before it"


def _draw_changed(records: Records) -> str:
    twice = [e for e in _links(records) if e["type"] != "roll.created"
             and e["data"]["kind"] == "test"]  # fmt: skip
    proof = copy.deepcopy(twice[0]["data"]["proof"])
    proof[0]["note"] = "changed"
    _set(records, twice[0], proof=proof)
    return "the proof differs from the roll's earlier link"


def _after_its_record(records: Records) -> str:
    later = next(e for e in _links(records) if e["type"] != "roll.created"
                 and e["data"]["kind"] == "test")  # fmt: skip
    roll_id = later["data"]["id"]
    first = next(e for e in _links(records) if e["data"]["id"] == roll_id)
    line = _roll_line(records, roll_id)
    records.remove(line)
    line.update(copy.deepcopy({k: first["data"][k] for k in first["data"] if k in line}))
    records.insert(records.index(first) + 1, line)
    return "a link of a roll after its roll record"


def _id_again(records: Records) -> str:
    """A later roll passed off as an earlier one, with draws of its own."""
    formulas = _links(records, "formula")
    first, last = formulas[0]["data"]["id"], formulas[-1]
    _roll_line(records, last["data"]["id"])["id"] = last["data"]["id"] = first
    return "a link of a roll after its roll record"


def _answered_twice(records: Records) -> str:
    answer = next(e for e in _links(records) if (e["data"]["result"] or {}).get("request_id"))
    later = [e for e in _links(records, "test") if e["type"] == "roll.created"
             and e["data"]["visibility"] == "public"]  # fmt: skip
    result = {**later[-1]["data"]["result"], "request_id": answer["data"]["result"]["request_id"]}
    _set(records, later[-1], result=result)
    return "answered request"


def _chain_cut(records: Records) -> str:
    """A link no roll record follows (a test rerolled later): its piece cannot tell."""
    rerolled = {e["data"]["id"] for e in _links(records) if e["type"] != "roll.created"}
    link = next(e for e in _links(records, "test") if e["data"]["id"] in rerolled)
    link["cut"] = True
    return "is not the previous link's hash"


@pytest.mark.parametrize(
    "tamper",
    [_nonce_again, _draw_changed, _after_its_record, _id_again, _answered_twice, _chain_cut],
)
async def test_a_tampered_export_fails_at_the_same_record_in_pieces_as_in_order(
    client: AsyncClient,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    tamper: Callable[[Records], str],
) -> None:
    st, _, cid = await _campaign(client, private=False)
    path = tmp_path / "export.ndjson"
    records = await _export(client, st, cid, path)
    assert _in_order(path).ok and _joined(path, 1) == "ok"
    reason = tamper(records)
    _rechain(records)
    path.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in records))
    failure = _in_order(path).failure
    assert failure is not None and reason in failure.reason, failure
    assert _joined(path, 1) == "join"  # every piece passes alone: the join catches it
    for piece in (1, 4096, 1 << 20):
        assert _in_pieces(path, piece) is None
    code, out = _printed(path, capsys, workers=2, piece=1)
    assert code == 1 and out == f"{failure}\n"
    assert _printed(path, capsys, workers=1) == (code, out)


async def test_an_odd_file_is_read_in_order(
    client: AsyncClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Gzip, blank lines, a missing trailer, a line that is not JSON: what the pieces
    do not expect, the pass in order reads, saying what it says."""
    st, _, cid = await _campaign(client, private=False)
    path = tmp_path / "export.ndjson"
    records = await _export(client, st, cid, path)
    lines = path.read_bytes().splitlines(keepends=True)
    cases = {
        "blank": b"\n\n" + b"\n \n".join(lines) + b"\n\n",
        "no trailer": b"".join(lines[:-1]),
        "not json": b"".join([*lines[:9], b"{nope\n", *lines[9:]]),
        "no newline at the end": b"".join(lines).rstrip(b"\n"),
    }
    for name, body in cases.items():
        path.write_bytes(body)
        whole = _printed(path, capsys, workers=1)
        assert _printed(path, capsys, workers=2, piece=1) == whole, name
        assert whole[0] == (0 if name in ("blank", "no newline at the end") else 1), name
    path.write_bytes(gzip.compress(b"".join(lines)))
    report = _in_pieces(path, 4096)
    assert report is not None and report.rolls == len(ndjson.of(records, "roll"))
    path.write_bytes(gzip.compress(b"".join(lines))[:-40])  # cut short
    assert _in_pieces(path, 4096) is None
    assert _printed(path, capsys, workers=2, piece=4096) == _printed(path, capsys, workers=1)
