"""Ids sort by creation: lists page newest first by id."""

from __future__ import annotations

from app.core.ids import new_id


def test_ids_made_in_the_same_millisecond_still_increase() -> None:
    made = [new_id() for _ in range(5000)]
    assert made == sorted(made)
    assert len(set(made)) == len(made)


def test_an_id_is_26_characters_of_crockford_base32() -> None:
    ident = new_id()
    assert len(ident) == 26
    assert set(ident) <= set("0123456789abcdefghjkmnpqrstvwxyz")
