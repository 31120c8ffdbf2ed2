"""Ids sort by creation: lists page newest first by id."""

from __future__ import annotations

import time
from itertools import pairwise

from app.core.ids import ids_within, new_id


def test_ids_made_in_the_same_millisecond_still_increase() -> None:
    made = [new_id() for _ in range(5000)]
    assert made == sorted(made)
    assert len(set(made)) == len(made)


def test_an_id_is_26_characters_of_crockford_base32() -> None:
    ident = new_id()
    assert len(ident) == 26
    assert set(ident) <= set("0123456789abcdefghjkmnpqrstvwxyz")


def test_an_id_spells_its_milliseconds_first_in_base32() -> None:
    alphabet = "0123456789abcdefghjkmnpqrstvwxyz"
    before = time.time_ns() // 1_000_000
    idents = [new_id() for _ in range(1000)]
    after = time.time_ns() // 1_000_000
    values = [int("".join(f"{alphabet.index(c):05b}" for c in ident), 2) for ident in idents]
    # The top 48 bits are the time (an id stepping up from the last one of its millisecond
    # may carry into the next).
    assert all(before <= v >> 80 <= after + 1 for v in values)
    assert values == sorted(values) and len(set(values)) == len(values)


def test_a_run_of_ids_within_one_millisecond_increases_and_stays_in_it() -> None:
    alphabet = "0123456789abcdefghjkmnpqrstvwxyz"
    millis = time.time_ns() // 1_000_000
    idents = ids_within(millis, 5000)
    values = [int("".join(f"{alphabet.index(c):05b}" for c in ident), 2) for ident in idents]
    assert all(len(ident) == 26 for ident in idents)
    assert all(v >> 80 == millis for v in values)
    assert values == sorted(values) and len(set(values)) == len(values)
    assert len({v - u for u, v in pairwise(values)}) > 4000  # random steps
