"""The browser's verifier (app/web/static/js/verify.js, run under Node's WebCrypto) agrees
with the server's own (app.rules.verify): the dice test vectors of docs/fairness.md, link
salts and hashes, and the verdict on real audit bundles, whole and tampered."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient

from app.rules.chain import link_hash, link_salt
from app.rules.dice import SeededDice
from app.rules.verify import verify
from app.web.routes import STATIC_DIR
from tests.fairness.table import bundle, play, rotate, table_3d6
from tests.service.table import roll

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")
HARNESS = Path(__file__).with_name("verify_node.mjs")
MODULE = STATIC_DIR / "js" / "verify.js"

VECTORS = [  # docs/fairness.md, "Draws and the byte stream"
    ("00" * 32, "", 0, 6, [1, 3, 4, 3, 3, 1, 4, 6, 4, 6]),
    ("666169727461626c65", "table-1", 0, 6, [6, 1, 2, 6, 3, 3, 6, 4, 2, 4, 1, 1]),
    ("666169727461626c65", "table-1", 1, 20, [3, 15, 5, 10, 19, 3, 2, 18]),
    ("00" * 31 + "01", "alice", 42, 100, [42, 67, 57, 100, 46, 9]),
    ("6b", "c", 7, 2, [2, 2, 1, 2, 1, 2, 2, 2, 2, 2, 1, 2, 1, 1, 2, 2]),
    ("6b", "c", 7, 1000, [626, 52, 583, 510, 365]),
    ("73656564", "x", 0, 3, [2, 2, 2, 1, 2, 1, 3, 1, 3]),
    ("666169727461626c65", "reject", 831, 1000000, [721176, 985176, 250202, 664543, 435644]),
]


def run_js(cases: dict[str, Any]) -> dict[str, Any]:
    assert NODE is not None
    done = subprocess.run(  # noqa: S603
        [NODE, str(HARNESS), str(MODULE)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_the_browser_draws_the_documented_faces() -> None:
    cases = {
        "vectors": [
            {"seed": s, "client_seed": c, "nonce": n, "sides": sides, "count": len(faces)}
            for s, c, n, sides, faces in VECTORS
        ],
        "salts": [],
        "hashes": [],
        "bundles": [],
    }
    got = run_js(cases)["faces"]
    assert got == [faces for *_, faces in VECTORS]
    for (seed, client, nonce, sides, _), faces in zip(VECTORS, got, strict=True):
        assert SeededDice(bytes.fromhex(seed), client, nonce).roll(sides, len(faces)) == faces


def test_the_browser_salts_and_hashes_links_byte_for_byte() -> None:
    record = {
        "id": "r1", "campaign_id": "c1", "seq": 3, "link_seq": 3, "ruleset": "3d6",
        "kind": "formula", "character_id": None, "user_id": "u1", "visibility": "public",
        "note": "chaton \u00e9t\u00e9 \"quoted\" \\ \n\t\u0001 \u2028 😺", "status": "final",
        "dice": [{"history": [], "sides": 6, "value": 4}],
        "proof": [{"client_seed": "c1", "commitment": "ab", "nonce": 0,
                   "rolls": [{"faces": [4], "sides": 6}], "seed": 1}],
        "result": {"formula": "1d6", "terms": [4], "total": 4, "zz": {"b": 1, "a": [True]}},
        "created_at": "2025-01-01T20:00:00Z", "updated_at": "2025-01-01T20:00:00Z",
    }  # fmt: skip
    salt = link_salt(b"\0" * 32, "c1", 3)
    cases = {
        "vectors": [],
        "salts": [
            {"seed": "00" * 32, "campaign_id": "c1", "link_seq": 3},
            {
                "seed": "666169727461626c65",
                "campaign_id": "01jd8m7c4d5e6f7g8h9j0k1m2n",
                "link_seq": 14,
            },
        ],
        "hashes": [
            {"prev": "0" * 64, "record": record, "salt": None},
            {"prev": "0" * 64, "record": record, "salt": salt},
        ],
        "bundles": [],
    }
    got = run_js(cases)
    assert got["salts"] == [
        salt,
        "42b23c2027fa02202ca09ab5871907364d557c84dd577a754b214cc00b6b3b96",
    ]
    assert got["hashes"] == [link_hash("0" * 64, record), link_hash("0" * 64, record, salt)]


def tampered(whole: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Variants of an audit bundle the server's verifier refuses, each with its name."""
    variants: list[tuple[str, dict[str, Any]]] = []

    def variant(name: str) -> dict[str, Any]:
        copied = copy.deepcopy(whole)
        variants.append((name, copied))
        return copied

    links = [i for i, link in enumerate(whole["audit"]) if link["record"] is not None]
    first = links[0]
    variant("a face")["audit"][first]["record"]["dice"][0]["value"] ^= 1
    variant("a note")["audit"][first]["record"]["note"] = "changed"
    dropped = variant("a link dropped")
    del dropped["audit"][1]
    variant("the head")["fairness"]["chain_head"] = "f" * 64
    seed = variant("the revealed seed")["fairness"]["seeds"][0]
    seed["server_seed"] = "00" * 32
    swapped = variant("two links swapped")
    swapped["audit"][0], swapped["audit"][1] = swapped["audit"][1], swapped["audit"][0]
    salted = variant("a salt")["audit"][first]
    salted["salt"] = "0" * 64
    faces = variant("a draw and its die")["audit"][first]["record"]
    faces["proof"][0]["rolls"][0]["faces"][0] = faces["dice"][0]["value"] = 7 - (
        faces["dice"][0]["value"] if not faces["dice"][0]["history"] else 1
    )
    return variants


async def test_the_browser_and_the_server_give_the_same_verdicts(client: AsyncClient) -> None:
    table = await table_3d6(client)
    await play(client, table)
    await roll(client, table.player, table.cid, kind="formula", formula="3d6e6+2d20rr<3")
    await rotate(client, table.storyteller, table.cid)
    await roll(client, table.player, table.cid, kind="formula", formula="1d8")  # not yet revealed
    bundles = {
        "storyteller": await bundle(client, table.storyteller, table.cid),
        "player": await bundle(client, table.player, table.cid),
    }
    cases: list[tuple[str, dict[str, Any]]] = list(bundles.items())
    cases += tampered(bundles["storyteller"])
    got = run_js({"vectors": [], "salts": [], "hashes": [], "bundles": [c for _, c in cases]})
    for (name, case), verdict in zip(cases, got["verdicts"], strict=True):
        report = verify(case)
        assert verdict["ok"] == report.ok, (name, verdict, report.failure)
        if not report.ok:
            assert report.failure is not None
            assert verdict["failure"]["seq"] == report.failure.seq, (name, verdict, report.failure)
    whole = got["verdicts"][0]
    assert whole["links"] == len(bundles["storyteller"]["audit"])
    assert whole["draws"] == verify(bundles["storyteller"]).draws
    assert "pending" in whole["rolls"].values()  # the roll after the rotation
    assert list(whole["rolls"].values()).count("ok") >= 5
