"""The verifier on hand-built chains: what it accepts, and the first thing it refuses.

A chain here is built the way the server builds it (SeededDice draws, chain records, link
hashes), then changed the way a dishonest server could: re-hashing after the change, so
only the draw and dice checks can catch it."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.cli import main
from app.rules.chain import GENESIS, canonical, chain_record, link_hash, link_salt
from app.rules.dice import SeededDice
from app.rules.verify import dice_problem, verify

SEED = bytes(range(32))
CLIENT = "table-1"


def _draw(nonce: int, *rolls: tuple[int, int], seed: bytes = SEED) -> dict[str, Any]:
    dice = SeededDice(seed, CLIENT, nonce)
    entries = [{"sides": s, "faces": dice.roll(s, n)} for s, n in rolls]
    return {
        "nonce": nonce, "seed": 1, "commitment": hashlib.sha256(seed).hexdigest(),
        "client_seed": CLIENT, "rolls": entries,
    }  # fmt: skip


def _roll(
    roll_id: str, seq: int, dice: list[dict[str, Any]], proof: list[Any], **result: Any
) -> dict[str, Any]:
    return {
        "id": roll_id, "campaign_id": "c1", "seq": seq, "ruleset": "3d6", "kind": "test",
        "character_id": None, "user_id": "u1", "visibility": "public", "note": None,
        "status": "final", "dice": dice, "result": result, "proof": proof,
        "created_at": "2025-01-01T00:00:00Z", "updated_at": "2025-01-01T00:00:00Z",
    }  # fmt: skip


def _plain(draw: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"sides": e["sides"], "value": f, "history": []} for e in draw["rolls"] for f in e["faces"]
    ]


def _rerolled() -> dict[str, Any]:
    """A 3d6 test whose die 1 was rerolled twice, then die 0 once."""
    first, r1, r2, r3 = _draw(2, (6, 3)), _draw(3, (6, 1)), _draw(4, (6, 1)), _draw(5, (6, 1))
    faces = [[f] for f in first["rolls"][0]["faces"]]
    spent = []
    for die, draw in ((1, r1), (1, r2), (0, r3)):
        new = draw["rolls"][0]["faces"][0]
        spent.append({"die": die, "source": "item", "name": "x", "old": faces[die][-1], "new": new})
        faces[die].append(new)
    dice = [{"sides": 6, "value": f[-1], "history": f[:-1]} for f in faces]
    roll: dict[str, Any] = _roll("r2", 2, dice, [first, r1, r2, r3], rerolls=spent)
    return roll


def _records() -> list[dict[str, Any]]:
    d20 = _draw(0, (20, 2))
    formula = _draw(1, (6, 4), (20, 1))
    return [
        _roll("r0", 1, _plain(d20), [d20], kept=max(d20["rolls"][0]["faces"])),
        _roll("r1", 2, _plain(formula), [formula], total=0),
        _rerolled(),
    ]


def _bundle(
    records: list[dict[str, Any]],
    *,
    revealed: bool = True,
    redact: frozenset[str] = frozenset(),
    salted: bool = False,
) -> dict[str, Any]:
    """The chain as the server serves it: v1 links, or (``salted``) v2 links salted by seed
    1, with the salt shown with each record and, once seed 1 is revealed, with every link."""
    links, prev = [], GENESIS
    for seq, roll in enumerate(records, start=1):
        record = chain_record(roll, seq)
        salt = link_salt(SEED, "c1", seq) if salted else None
        hash_ = link_hash(prev, record, salt)
        shown = None if roll["id"] in redact else record
        link = {
            "seq": seq,
            "roll_id": roll["id"],
            "prev_hash": prev,
            "hash": hash_,
            "record": shown,
        }
        if salted:
            given = salt if shown is not None or revealed else None
            link.update(version=2, salt_seed=1, salt=given)
        links.append(link)
        prev = hash_
    commitment = hashlib.sha256(SEED).hexdigest()
    end = 1 + max(d["nonce"] for r in records for d in r["proof"])
    seeds = [
        {
            "number": 1, "commitment": commitment, "server_seed": SEED.hex() if revealed else None,
            "client_seed": CLIENT, "first_nonce": 0, "end_nonce": end if revealed else None,
            "revealed_at": None,
        }
    ]  # fmt: skip
    if revealed:
        seeds.append(
            {"number": 2, "commitment": "ab" * 32, "server_seed": None, "client_seed": CLIENT,
             "first_nonce": end, "end_nonce": None, "revealed_at": None}
        )  # fmt: skip
    if salted:
        seeds[0]["links_from"] = 1
    fairness = {
        "campaign_id": "c1", "seed_number": 2 if revealed else 1, "next_nonce": end,
        "commitment": seeds[-1]["commitment"], "client_seed": CLIENT, "last_seq": len(records),
        "chain_head": prev, "seeds": seeds,
    }  # fmt: skip
    return {"campaign_id": "c1", "fairness": fairness, "audit": links}


def _relinked(records: list[dict[str, Any]]) -> dict[str, Any]:
    """A dishonest server: changes content and re-hashes the whole chain consistently."""
    return _bundle(records)


def test_an_honest_chain_verifies_draw_by_draw() -> None:
    report = verify(_bundle(_records()))
    assert report.ok, report.summary()
    assert report.summary() == "OK (3 rolls, 6 draws verified, 3 links)"


def test_an_unrevealed_seed_leaves_its_draws_not_yet_verifiable() -> None:
    report = verify(_bundle(_records(), revealed=False))
    assert report.ok and report.draws == 0 and report.pending_draws == 6
    assert "not yet verifiable" in report.summary()


def test_a_redacted_link_only_chains() -> None:
    report = verify(_bundle(_records(), redact=frozenset({"r1"})))
    assert report.ok and report.redacted == 1 and report.rolls == 2


def test_a_face_the_seed_did_not_give_is_caught_even_when_rehashed() -> None:
    records = _records()
    entry = records[1]["proof"][0]["rolls"][1]
    entry["faces"] = [entry["faces"][0] % 20 + 1]
    records[1]["dice"][4]["value"] = entry["faces"][0]
    report = verify(_relinked(records))
    assert report.failure is not None and report.failure.roll_id == "r1"
    assert "seed 1 gives" in report.failure.reason


def test_dice_that_are_not_the_draws_are_caught() -> None:
    records = _records()
    records[0]["dice"].reverse()
    if records[0]["dice"][0]["value"] == records[0]["dice"][1]["value"]:
        records[0]["dice"][0]["value"] = records[0]["dice"][0]["value"] % 20 + 1
    report = verify(_relinked(records))
    assert report.failure is not None and report.failure.seq == 1
    assert "first draw" in report.failure.reason


def test_a_reroll_shown_on_the_wrong_die_is_caught() -> None:
    records = _records()
    records[2]["result"]["rerolls"][2]["die"] = 2
    report = verify(_relinked(records))
    assert report.failure is not None and report.failure.roll_id == "r2"


def test_rerolls_without_a_map_must_interleave_into_the_histories() -> None:
    roll = _rerolled()
    del roll["result"]["rerolls"]
    assert dice_problem(roll) is None
    roll["dice"][0], roll["dice"][1] = roll["dice"][1], roll["dice"][0]
    assert dice_problem(roll) is not None


def test_a_nonce_used_by_two_rolls_is_caught() -> None:
    records = _records()
    records[1]["proof"] = [copy.deepcopy(records[0]["proof"][0])]
    records[1]["dice"] = _plain(records[1]["proof"][0])
    report = verify(_relinked(records))
    assert report.failure is not None and report.failure.roll_id == "r1"
    assert "already used by roll r0" in report.failure.reason


def test_a_nonce_outside_its_seed_range_is_caught() -> None:
    bundle = _bundle(_records())
    bundle["fairness"]["seeds"][0]["end_nonce"] = 3
    bundle["fairness"]["seeds"][1]["first_nonce"] = 3
    report = verify(bundle)
    assert report.failure is not None and "outside seed 1's range" in report.failure.reason


def test_a_missing_link_and_a_changed_record_are_named() -> None:
    bundle = _bundle(_records())
    del bundle["audit"][1]
    report = verify(bundle)
    assert report.failure is not None and report.failure.seq == 3
    bundle = _bundle(_records())
    bundle["audit"][0]["record"]["note"] = "hm"
    assert verify(bundle).summary().startswith("FAIL at seq 1 (roll r0): the record does not")


@pytest.mark.parametrize(
    "document",
    [None, [], {"fairness": {}}, {"fairness": {}, "audit": "x"}, {"fairness": [], "audit": []},
     {"fairness": {"seeds": [{}], "seed_number": 1, "next_nonce": 0}, "audit": []}],
)  # fmt: skip
def test_malformed_documents_fail_without_raising(document: Any) -> None:
    report = verify(document)
    assert not report.ok and report.summary().startswith("FAIL")


def test_malformed_links_fail_without_raising() -> None:
    changes: list[dict[str, Any]] = [
        {"seq": "1"},
        {"record": []},
        {"record": {"id": "r0", "proof": "x"}},
    ]
    for change in changes:
        bundle = _bundle(_records())
        bundle["audit"][0].update(change)
        assert not verify(bundle).ok


def test_the_command_line_prints_ok_or_the_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good, bad, junk = tmp_path / "good.json", tmp_path / "bad.json", tmp_path / "junk.json"
    good.write_text(json.dumps(_bundle(_records())))
    broken = _bundle(_records())
    broken["audit"][2]["hash"] = "0" * 64
    bad.write_text(json.dumps(broken))
    junk.write_text("{not json")
    assert main(["verify", str(good)]) == 0
    assert capsys.readouterr().out == "OK (3 rolls, 6 draws verified, 3 links)\n"
    assert main(["verify", str(bad)]) == 1
    assert capsys.readouterr().out.startswith("FAIL at seq 3 (roll r2): the record does not")
    assert main(["verify", str(junk)]) == 1
    assert capsys.readouterr().out.startswith("FAIL: cannot read")


# --- chain v2: salted links --------------------------------------------------------------------

RECORD = json.loads(
    '{"campaign_id":"c1","character_id":null,"created_at":"2025-01-01T20:00:00Z","dice":'
    '[{"history":[],"sides":6,"value":4}],"id":"r1","kind":"formula","link_seq":3,"note":'
    '"chaton","proof":[{"client_seed":"c1","commitment":"ab","nonce":0,"rolls":[{"faces":[4],'
    '"sides":6}],"seed":1}],"result":{"formula":"1d6","terms":[4],"total":4},"ruleset":"3d6",'
    '"seq":3,"status":"final","updated_at":"2025-01-01T20:00:00Z","user_id":"u1",'
    '"visibility":"public"}'
)


def test_the_published_link_vectors_hold() -> None:
    """docs/fairness.md, "The chain": the v1 example, its salt and its v2 hash."""
    assert link_hash(GENESIS, RECORD) == (
        "d44b7158e5fed0a3437bb0421cf1e8408f964c015057ced0f3028c9754183a33"
    )
    salt = link_salt(bytes(32), "c1", 3)
    assert salt == "b00cb327b52fd928a71bf2ee54d958e1589ad8a96b1c0da9cf40f9f69f719885"
    assert link_hash(GENESIS, RECORD, salt) == (
        "3453fd138be3c708f1f8fe2b12b027ce1f5b476be590ecc62b269ec165b24cd9"
    )
    assert link_salt(b"fairtable", "01jd8m7c4d5e6f7g8h9j0k1m2n", 14) == (
        "42b23c2027fa02202ca09ab5871907364d557c84dd577a754b214cc00b6b3b96"
    )


def test_a_salted_chain_verifies_and_every_salt_is_checked_once_revealed() -> None:
    report = verify(_bundle(_records(), salted=True, redact=frozenset({"r1"})))
    assert report.ok, report.summary()
    assert report.salted == report.salts_checked == 3 and report.redacted == 1
    hidden = verify(_bundle(_records(), salted=True, revealed=False, redact=frozenset({"r1"})))
    assert hidden.ok and hidden.salts_checked == 0 and hidden.pending_draws == 5


def test_a_salt_the_revealed_seed_does_not_give_is_caught() -> None:
    bundle = _bundle(_records(), salted=True, redact=frozenset({"r1"}))
    bundle["audit"][1]["salt"] = "ab" * 32  # on a redacted link: still checked
    report = verify(bundle)
    assert report.failure is not None and report.failure.seq == 2
    assert "not the one revealed seed 1 gives" in report.failure.reason


def test_a_shown_record_without_its_salt_or_a_downgraded_link_fails() -> None:
    bundle = _bundle(_records(), salted=True, revealed=False)
    bundle["audit"][0]["salt"] = None
    assert "without its salt" in str(verify(bundle).failure)
    bundle = _bundle(_records(), salted=True)
    link = bundle["audit"][2]
    link.update(
        version=1, salt_seed=None, salt=None, hash=link_hash(link["prev_hash"], link["record"])
    )
    bundle["fairness"]["chain_head"] = link["hash"]
    assert "a downgraded link" in str(verify(bundle).failure)
    bundle = _bundle(_records(), salted=True)
    bundle["audit"][0]["salt_seed"] = 2
    assert "seed 1 salts this seq" in str(verify(bundle).failure)


def test_v1_links_before_the_first_salting_seed_still_verify() -> None:
    """A campaign from before chain v2: its old links stay v1, its later ones are v2."""
    records = _records()
    bundle = _bundle(records, salted=True)
    old = _bundle(records[:1])["audit"][0]
    bundle["audit"][0] = old
    bundle["fairness"]["seeds"][0]["links_from"] = 2
    prev = old["hash"]
    for link in bundle["audit"][1:]:
        link["prev_hash"] = prev
        link["hash"] = prev = link_hash(prev, link["record"], link_salt(SEED, "c1", link["seq"]))
    bundle["fairness"]["chain_head"] = prev
    report = verify(bundle)
    assert report.ok, report.summary()
    assert (report.salted, report.salts_checked) == (2, 2)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=24,
)


@given(json_values)
def test_the_canonical_text_is_sorted_compact_json_as_the_chain_defines_it(value: Any) -> None:
    """``canonical`` builds its encoder once; its bytes stay those of the definition."""
    try:
        expected = json.dumps(
            value, sort_keys=True, separators=(",", ":"), ensure_ascii=False
        ).encode()
    except UnicodeEncodeError:  # a lone surrogate: no bytes, and no link either
        with pytest.raises(UnicodeEncodeError):
            canonical(value)
        return
    assert canonical(value) == expected
    assert canonical({"record": value, "link_seq": 3}) == canonical(
        {"link_seq": 3, "record": value}
    )
