"""The verifier's memory of the rolls given (app/rules/verify_rolls.py) is a set, and the
import's memory of each roll's character a dict: exact for every id, in whatever order the
ids come, ULIDs or not."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.rules.verify_rolls import GivenIds, RollCharacters, RollStates, ulid_halves

CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz"

ulids = st.text(CROCKFORD, min_size=26, max_size=26).map(lambda s: "0" + s[1:])
near_ulids = st.text(CROCKFORD + "ilouILOU8_ -٠", min_size=25, max_size=27)
ids = ulids | near_ulids | st.text(max_size=30)


def test_a_ulid_is_its_128_bits_and_anything_else_is_not_one() -> None:
    assert ulid_halves("00000000000000000000000000") == (0, 0)
    assert ulid_halves("7zzzzzzzzzzzzzzzzzzzzzzzzz") == (2**64 - 1, 2**64 - 1)
    assert ulid_halves("0000000000000000000000000z") == (0, 31)
    for other in ("80000000000000000000000000", "0000000000000000000000000i",
                  "0000000000000000000000000Z", "000000000000000000000000_1",
                  "000000000000000000000000 1", "0000000000000000000000000٠",
                  "000000000000000000000000000", "r1", "+" + "0" * 25, "-" + "0" * 25,
                  "\t" + "0" * 25):  # fmt: skip
        assert ulid_halves(other) is None, other


@given(st.lists(ids, unique=True, max_size=60), st.lists(ids, max_size=30), st.randoms())
def test_the_given_ids_are_a_set_whatever_their_order(
    added: list[str], asked: list[str], chance: random.Random
) -> None:
    """Sorted (as the server's ids mostly come), then with a few out of order."""
    for order in (sorted(added), added):
        given_ids, reference = GivenIds(), set()
        for roll_id in order:
            given_ids.add(roll_id)
            reference.add(roll_id)
            probe = chance.choice([*order, *asked])
            assert (probe in given_ids) is (probe in reference)
        assert len(given_ids) == len(reference)
        for roll_id in [*order, *asked]:
            assert (roll_id in given_ids) is (roll_id in reference)


def test_ids_in_order_take_about_16_bytes_each() -> None:
    given_ids = GivenIds()
    base = 0x0193_0000_0000 << 80
    for n in range(100_000):
        value = base + n * 7919
        given_ids.add("".join(CROCKFORD[(value >> (5 * i)) & 31] for i in range(25, -1, -1)))
    assert not given_ids.others and len(given_ids) == 100_000
    assert sys.getsizeof(given_ids.high) + sys.getsizeof(given_ids.low) < 20 * 100_000


def test_a_roll_is_open_then_given_once() -> None:
    rolls = RollStates()
    rolls.open["01m8tvhnqskp28cjsyxzpbvpc2"] = (1, b"digest")
    rolls.open["r2"] = (0, b"")
    assert not rolls.is_given("01m8tvhnqskp28cjsyxzpbvpc2") and len(rolls) == 2
    assert rolls.give("01m8tvhnqskp28cjsyxzpbvpc2") and rolls.is_given("01m8tvhnqskp28cjsyxzpbvpc2")
    assert not rolls.give("01m8tvhnqskp28cjsyxzpbvpc2")  # given twice
    assert rolls.first_open() == "r2" and len(rolls) == 2


characters = st.sampled_from(["", "c1", "c2", "01m8tvhnqskp28cjsyxzpbvpc2"])


@given(
    st.lists(st.tuples(ids, st.none() | characters), max_size=60),
    st.lists(ids, max_size=30),
    st.booleans(),
)
def test_each_linked_roll_keeps_its_character_like_a_dict(
    steps: list[tuple[str, str | None]], asked: list[str], in_order: bool
) -> None:
    """A link keeps a roll as a stub (None) unless it is kept; its record names its
    character; a record of a roll never linked is left out."""
    if in_order:
        steps = sorted(steps, key=lambda step: step[0])
    kept, reference = RollCharacters(), {}
    for roll_id, character in steps:
        if character is None:
            kept.link(roll_id)
            reference.setdefault(roll_id, None)
        else:
            kept.place(roll_id, character)
            if roll_id in reference:
                reference[roll_id] = character
    assert len(kept) == len(reference)
    for roll_id in [*(s[0] for s in steps), *asked]:
        assert (roll_id in kept) is (roll_id in reference)
        if roll_id in reference:
            assert kept[roll_id] == reference[roll_id]
        else:
            with pytest.raises(KeyError):
                kept[roll_id]


def test_each_rolls_character_takes_about_20_bytes() -> None:
    kept = RollCharacters()
    base = 0x0193_0000_0000 << 80
    for n in range(100_000):
        value = base + n * 7919
        roll_id = "".join(CROCKFORD[(value >> (5 * i)) & 31] for i in range(25, -1, -1))
        kept.link(roll_id)
        kept.place(roll_id, f"c{n % 3}")
    assert not kept.others and len(kept) == 100_000 and len(kept.names) == 4
    arrays = (kept.high, kept.low, kept.codes)
    assert sum(sys.getsizeof(a) for a in arrays) < 24 * 100_000
