"""Dice sources: the only places a die face comes from.

The engine never draws randomness itself; every ruleset takes a ``DiceSource`` so that the
server can use the OS CSPRNG, a committed seed, or (in tests) faces given in advance.
All sources map 32-bit words to faces by rejection sampling, so no face is favoured.
"""

from __future__ import annotations

import hashlib
import os
import struct
from array import array
from collections.abc import Iterable
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable

from app.rules.errors import DiceError
from app.rules.message import msg

__all__ = [
    "MAX_SIDES",
    "DiceSource",
    "ScriptedDice",
    "SeededDice",
    "SystemDice",
    "face_from_word",
]

MAX_SIDES = 1_000_000
"""Largest die any source accepts; rulesets and formulas apply tighter limits of their own."""

_WORD = 2**32
_BATCH_WORDS = 1024
if array("I").itemsize != 4:  # pragma: no cover - true on every platform CPython targets
    raise ImportError("app.rules.dice needs a 4-byte array('I')")


@runtime_checkable
class DiceSource(Protocol):
    """Anything that can roll ``count`` dice of ``sides`` faces, each face in 1..sides."""

    def roll(self, sides: int, count: int = 1) -> list[int]: ...


def _check(sides: int, count: int) -> None:
    if not 1 <= sides <= MAX_SIDES:
        raise DiceError(
            msg(
                "a die must have 1..{max_sides} sides, not {sides}",
                max_sides=MAX_SIDES,
                sides=sides,
            )
        )
    if count < 0:
        raise DiceError(msg("cannot roll a negative number of dice ({count})", count=count))


def face_from_word(word: int, sides: int) -> int | None:
    """Map a 32-bit word to a face, or ``None`` when the word must be discarded.

    Words at or above the largest multiple of ``sides`` below 2**32 are rejected, which is
    what removes modulo bias.
    """
    if word >= _WORD - (_WORD % sides):
        return None
    return word % sides + 1


class SystemDice:
    """Faces from the operating system's CSPRNG (the same source as ``secrets``).

    Entropy is fetched in batches of 4 KiB and consumed word by word, so a roll costs no
    system call in the common case.
    """

    __slots__ = ("_words",)

    def __init__(self) -> None:
        self._words: array[int] = array("I")

    def _refill(self) -> None:
        words = array("I")
        words.frombytes(os.urandom(_BATCH_WORDS * 4))
        self._words = words

    def roll(self, sides: int, count: int = 1) -> list[int]:
        _check(sides, count)
        limit = _WORD - (_WORD % sides)
        words = self._words
        faces: list[int] = []
        while len(faces) < count:
            if not words:
                self._refill()
                words = self._words
            word = words.pop()
            if word < limit:
                faces.append(word % sides + 1)
        return faces


_unpack_block = struct.Struct(">8I").unpack


def hmac_sha256(key: bytes, message: bytes) -> bytes:
    """``hmac.digest(key, message, "sha256")`` in half its time for a key used again
    (a seed: every block of its dice, every salt of its links)."""
    inner, outer = _hmac_pads(key)
    inner = inner.copy()
    inner.update(message)
    outer = outer.copy()
    outer.update(inner.digest())
    digest: bytes = outer.digest()
    return digest


@lru_cache(maxsize=256)
def _hmac_pads(key: bytes) -> tuple[Any, Any]:
    """SHA-256 states already fed with the HMAC key pads (RFC 2104).

    Equivalent to ``hmac.new(key, msg, sha256)``, but the two key blocks are hashed once
    per seed instead of once per block: a roll then costs two small hash updates.
    """
    if len(key) > 64:
        key = hashlib.sha256(key).digest()
    key = key.ljust(64, b"\0")
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in key))
    outer = hashlib.sha256(bytes(b ^ 0x5C for b in key))
    return inner, outer


class SeededDice:
    """Faces derived from a committed server seed, reproducible by anyone who learns it.

    The byte stream is ``HMAC_SHA256(key=server_seed, msg=f"{client_seed}:{nonce}:{i}")``
    for i = 0, 1, 2, … concatenated, read 4 bytes at a time as big-endian words; words at
    or above ``2**32 - 2**32 % sides`` are discarded, otherwise the face is
    ``word % sides + 1``. Successive dice, and successive calls, read successive words.
    """

    __slots__ = ("_block", "_client_seed", "_nonce", "_server_seed", "_words")

    def __init__(self, server_seed: bytes, client_seed: str, nonce: int) -> None:
        if not isinstance(server_seed, bytes | bytearray) or not server_seed:
            raise DiceError(msg("server_seed must be non-empty bytes"))
        if nonce < 0:
            raise DiceError(msg("nonce must be >= 0"))
        self._server_seed = bytes(server_seed)
        self._client_seed = client_seed
        self._nonce = nonce
        self._block = 0
        self._words: list[int] = []

    @property
    def words_used(self) -> int:
        """How many HMAC blocks this source has consumed (for proofs and tests)."""
        return self._block

    def _next_block(self) -> None:
        msg = f"{self._client_seed}:{self._nonce}:{self._block}".encode()
        self._block += 1
        # Popped from the end, so store reversed to read the stream in order.
        self._words = list(_unpack_block(hmac_sha256(self._server_seed, msg)))[::-1]

    def roll(self, sides: int, count: int = 1) -> list[int]:
        _check(sides, count)
        limit = _WORD - (_WORD % sides)
        faces: list[int] = []
        while len(faces) < count:
            if not self._words:
                self._next_block()
            word = self._words.pop()
            if word < limit:
                faces.append(word % sides + 1)
        return faces


class ScriptedDice:
    """Faces given in advance, for tests and for replaying a known path.

    A face that does not fit the die asked for is an error, so a script cannot silently
    produce an impossible roll; running out of faces is an error too.
    """

    __slots__ = ("_faces",)

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._faces.reverse()

    @property
    def remaining(self) -> int:
        return len(self._faces)

    def roll(self, sides: int, count: int = 1) -> list[int]:
        _check(sides, count)
        if count > len(self._faces):
            raise DiceError(
                msg(
                    "script exhausted: {count} faces asked, {faces_count} left",
                    count=count,
                    faces_count=len(self._faces),
                )
            )
        faces = [self._faces.pop() for _ in range(count)]
        for face in faces:
            if not 1 <= face <= sides:
                raise DiceError(
                    msg("scripted face {face} does not fit a d{sides}", face=face, sides=sides)
                )
        return faces
