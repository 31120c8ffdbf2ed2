"""The hash-oracle attack: guess a hidden roll by hashing candidate records until one gives
its link's hash. A chain v1 link (``SHA-256(prev + record)``) gives a blind 3d6 roll away in
216 tries; a v2 link is salted with a secret of the committed seed, so it must not.

The attacker here is stronger than any real one: besides their audit bundle (every salt it
holds) they know the whole hidden record except its dice (taken from the database), and
try every face set of its dice, with every salt they hold, no salt, and the v1 rule. If
even that finds nothing, nothing a viewer can read does. The same search with the real
salt, or against a v1 hash, finds the roll: the search itself works."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from httpx import AsyncClient

from app.rules.chain import chain_record, link_hash, link_salt
from app.rules.verify import verify
from tests.fairness.table import bundle, current_seed_hex, events_read, rotate
from tests.service.table import (
    SHEET_3D6,
    SHEET_D20,
    SHEET_MATRIX,
    Person,
    campaign,
    character,
    join,
    register,
    roll,
)

KINDS: dict[str, list[dict[str, Any]]] = {
    "3d6": [
        {"kind": "formula", "formula": "3d6"},
        {"kind": "test", "trait": "strong", "difficulty": 2},
    ],
    "d20": [
        {"kind": "test", "trait": "dex", "difficulty": 12},
        {"kind": "save", "trait": "con", "difficulty": 12, "condition": "poisoned"},
    ],
    "matrix": [{"kind": "test", "trait": "agility"}],
}
SHEETS = {"3d6": SHEET_3D6, "d20": SHEET_D20, "matrix": SHEET_MATRIX}
HIDDEN_FROM = {"blind": ("player", "other"), "storyteller": ("other",), "private": ("st", "other")}


@dataclass
class Hidden:
    seq: int
    record: dict[str, Any]
    prev_hash: str
    hash: str
    viewers: tuple[str, ...]


async def _table(
    client: AsyncClient, app: Any, ruleset: str
) -> tuple[dict[str, Person], str, list[Hidden]]:
    people = {name: await register(client, name) for name in ("st", "player", "other")}
    cid = (await campaign(client, people["st"], ruleset))["id"]
    for name in ("player", "other"):
        await join(client, people["st"], cid, people[name])
    pc = await character(client, people["player"], cid, SHEETS[ruleset], name="Pelote")
    made = []
    for body, visibility in itertools.product(KINDS[ruleset], HIDDEN_FROM):
        if body["kind"] != "formula":
            body = {**body, "character_id": pc["id"]}
        answer = await roll(client, people["player"], cid, visibility=visibility, **body)
        made.append((answer["id"], visibility))
    hidden = []
    for roll_id, visibility in made:
        fields = ("seq", "data", "prev_hash", "hash")
        rows = await events_read(app, cid, fields, " AND e.type = 'roll.created'")
        for seq, data, prev, hash_ in rows:
            if data["id"] == roll_id:
                record = chain_record(data, int(seq))
                hidden.append(Hidden(int(seq), record, prev, hash_, HIDDEN_FROM[visibility]))
    return people, cid, hidden


def _candidates(record: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The record with every face set its dice could show (the true one among them)."""
    sides = [die["sides"] for die in record["dice"]]
    for faces in itertools.product(*(range(1, s + 1) for s in sides)):
        candidate = copy.deepcopy(record)
        for die, face in zip(candidate["dice"], faces, strict=True):
            die["value"], die["history"] = face, []
        flat = iter(faces)
        for entry in candidate["proof"][0]["rolls"]:
            entry["faces"] = [next(flat) for _ in entry["faces"]]
        yield candidate


def _recovered(target: Hidden, salts: set[str | None], hash_: str) -> int:
    return sum(
        link_hash(target.prev_hash, candidate, salt) == hash_
        for candidate in _candidates(target.record)
        for salt in salts
    )


async def test_no_hidden_roll_is_found_from_its_link(client: AsyncClient, app: Any) -> None:
    tried = found = found_v1 = 0
    for ruleset in KINDS:
        people, cid, hidden = await _table(client, app, ruleset)
        views = {name: await bundle(client, person, cid) for name, person in people.items()}
        seed = bytes.fromhex(await current_seed_hex(app, cid))
        for target in hidden:
            for viewer in target.viewers:
                links = views[viewer]["audit"]
                mine = next(link for link in links if link["seq"] == target.seq)
                assert mine["record"] is None and mine["salt"] is None
                assert mine["version"] == 2
                salts: set[str | None] = {link["salt"] for link in links} | {None, ""}
                tried += 1
                found += _recovered(target, salts, target.hash)
                # Under the v1 rule the very same search finds it (the attack of issue 12).
                found_v1 += _recovered(target, {None}, link_hash(target.prev_hash, target.record))
            # With the real salt (the seed's secret), the search finds exactly the roll.
            real = link_salt(seed, cid, target.seq)
            assert _recovered(target, {real}, target.hash) == 1
    print(f"hash oracle: {found} of {tried} hidden views recovered (v1 rule: {found_v1})")
    assert tried == 25
    assert found == 0
    assert found_v1 == tried


async def test_after_a_reveal_every_salt_is_checked_and_hidden_rolls_stay_redacted(
    client: AsyncClient, app: Any
) -> None:
    people, cid, hidden = await _table(client, app, "3d6")
    await rotate(client, people["st"], cid)
    for name, person in people.items():
        view = await bundle(client, person, cid)
        report = verify(view)
        assert report.ok, report.failure
        assert report.links == report.salted == report.salts_checked == len(hidden)
        assert report.pending_draws == 0
        assert all(link["salt"] is not None for link in view["audit"])
        shown = {link["seq"] for link in view["audit"] if link["record"] is not None}
        assert not shown & {t.seq for t in hidden if name in t.viewers}
