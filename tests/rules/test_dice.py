"""Dice sources: unbiased faces, reproducible seeds, scripts that refuse nonsense."""

from __future__ import annotations

import hashlib
import hmac
import struct
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.rules import DiceError, ScriptedDice, SeededDice, SystemDice
from app.rules.dice import MAX_SIDES, face_from_word, hmac_sha256

# Published test vectors for SeededDice (also printed in docs/fairness.md):
# (server_seed hex, client_seed, nonce, sides, faces of one draw)
SEEDED_VECTORS = [
    ("00" * 32, "", 0, 6, [1, 3, 4, 3, 3, 1, 4, 6, 4, 6]),
    (b"fairtable".hex(), "table-1", 0, 6, [6, 1, 2, 6, 3, 3, 6, 4, 2, 4, 1, 1]),
    (b"fairtable".hex(), "table-1", 1, 20, [3, 15, 5, 10, 19, 3, 2, 18]),
    ("00" * 31 + "01", "alice", 42, 100, [42, 67, 57, 100, 46, 9]),
    (b"k".hex(), "c", 7, 2, [2, 2, 1, 2, 1, 2, 2, 2, 2, 2, 1, 2, 1, 1, 2, 2]),
    (b"k".hex(), "c", 7, 1000, [626, 52, 583, 510, 365]),
    (b"seed".hex(), "x", 0, 3, [2, 2, 2, 1, 2, 1, 3, 1, 3]),
    # The third word of this stream (4294678046) is rejected for a d1000000.
    (b"fairtable".hex(), "reject", 831, 1_000_000, [721176, 985176, 250202, 664543, 435644]),
]


@pytest.mark.parametrize(("seed_hex", "client_seed", "nonce", "sides", "faces"), SEEDED_VECTORS)
def test_seeded_dice_reproduce_the_published_vectors(
    seed_hex: str, client_seed: str, nonce: int, sides: int, faces: list[int]
) -> None:
    assert SeededDice(bytes.fromhex(seed_hex), client_seed, nonce).roll(sides, len(faces)) == faces


def _reference_stream(
    seed: bytes, client_seed: str, nonce: int, sides: int, count: int
) -> list[int]:
    """The derivation written as plainly as docs/fairness.md states it."""
    faces: list[int] = []
    block = 0
    data = b""
    limit = 2**32 - (2**32 % sides)
    while len(faces) < count:
        if len(data) < 4:
            msg = f"{client_seed}:{nonce}:{block}".encode()
            data += hmac.new(seed, msg, hashlib.sha256).digest()
            block += 1
        (word,) = struct.unpack(">I", data[:4])
        data = data[4:]
        if word < limit:
            faces.append(word % sides + 1)
    return faces


@given(
    seed=st.binary(min_size=1, max_size=64),
    client_seed=st.text(max_size=20),
    nonce=st.integers(0, 2**40),
    sides=st.integers(1, 1000),
    splits=st.lists(st.integers(0, 12), min_size=1, max_size=5),
)
def test_successive_calls_continue_one_seeded_stream(
    seed: bytes, client_seed: str, nonce: int, sides: int, splits: list[int]
) -> None:
    dice = SeededDice(seed, client_seed, nonce)
    faces = [face for n in splits for face in dice.roll(sides, n)]
    assert faces == _reference_stream(seed, client_seed, nonce, sides, sum(splits))


@given(key=st.binary(min_size=1, max_size=200), message=st.binary(max_size=300))
def test_the_cached_pad_hmac_is_the_standard_one(key: bytes, message: bytes) -> None:
    """Dice blocks and link salts use ``hmac_sha256`` (key pads hashed once a seed): it
    must be HMAC-SHA256 itself, for keys shorter and longer than a block."""
    assert hmac_sha256(key, message) == hmac.digest(key, message, "sha256")
    assert hmac_sha256(key, message) == hmac.digest(key, message, "sha256")  # pads reused


def test_a_word_at_or_above_the_limit_is_discarded_not_folded() -> None:
    limit = 2**32 - (2**32 % 6)
    assert face_from_word(limit - 1, 6) == (limit - 1) % 6 + 1
    assert face_from_word(limit, 6) is None
    assert face_from_word(2**32 - 1, 6) is None
    assert face_from_word(0, 6) == 1


def test_every_face_of_a_die_is_reachable_by_exactly_as_many_words() -> None:
    # Over the accepted range each face has the same number of preimages: no modulo bias.
    sides = 7
    limit = 2**32 - (2**32 % sides)
    assert limit % sides == 0


@pytest.mark.parametrize("source", [SystemDice(), SeededDice(b"s", "c", 0)])
@pytest.mark.parametrize("sides", [1, 2, 6, 20, 1000, MAX_SIDES])
def test_faces_stay_within_the_die(source: SystemDice | SeededDice, sides: int) -> None:
    faces = source.roll(sides, 500)
    assert len(faces) == 500
    assert all(1 <= f <= sides for f in faces)


def test_system_dice_show_every_face_about_equally() -> None:
    counts = Counter(SystemDice().roll(6, 60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    # 10,000 expected each; 4 standard deviations is about 365.
    assert all(abs(c - 10_000) < 400 for c in counts.values())


def test_two_system_sources_do_not_repeat_each_other() -> None:
    assert SystemDice().roll(1000, 20) != SystemDice().roll(1000, 20)


@pytest.mark.parametrize("source", [SystemDice(), SeededDice(b"s", "c", 0), ScriptedDice([1])])
@pytest.mark.parametrize(
    ("sides", "count", "message"),
    [
        (0, 1, "1..1000000 sides, not 0"),
        (-6, 1, "not -6"),
        (MAX_SIDES + 1, 1, "not 1000001"),
        (6, -1, "negative number of dice"),
    ],
)
def test_impossible_dice_are_refused(source: object, sides: int, count: int, message: str) -> None:
    with pytest.raises(DiceError, match=message):
        source.roll(sides, count)  # type: ignore[attr-defined]


def test_scripted_dice_give_their_faces_in_order() -> None:
    dice = ScriptedDice([4, 4, 6, 2])
    assert dice.roll(6, 3) == [4, 4, 6]
    assert dice.roll(6) == [2]
    assert dice.remaining == 0


def test_scripted_dice_refuse_to_run_dry() -> None:
    with pytest.raises(DiceError, match="script exhausted: 2 faces asked, 1 left"):
        ScriptedDice([3]).roll(6, 2)


def test_scripted_dice_refuse_a_face_the_die_cannot_show() -> None:
    with pytest.raises(DiceError, match="scripted face 7 does not fit a d6"):
        ScriptedDice([7]).roll(6)


@pytest.mark.parametrize(
    ("args", "message"),
    [((b"", "c", 0), "non-empty bytes"), ((b"s", "c", -1), "nonce must be >= 0")],
)
def test_seeded_dice_refuse_a_bad_seed_or_nonce(args: tuple[bytes, str, int], message: str) -> None:
    with pytest.raises(DiceError, match=message):
        SeededDice(*args)
