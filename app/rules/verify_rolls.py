"""What the line verifier keeps of each roll (standard library only, like the verifier):
``RollStates``, a roll open (linked, its roll record not read yet) or given, and
``GivenIds``, the ids of the rolls given, in about 16 bytes each; and for the import's
grant checks ``RollCharacters``, each roll to its character, in about 20 bytes a roll.

A million-roll file leaves a million ids, and a set of a million strings takes some
200 MB. The server's roll ids are ULIDs (26 characters of Crockford's base 32, 128 bits)
and come in about the order they were made, so most are kept as two 64-bit halves at the
end of two sorted arrays, found by bisection; an id that is not a ULID as the server
writes it, or that comes before the last one kept (a roll whose record follows a later
step), goes to a set. Both ways exact: no two ids are taken for one.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Sized
from typing import Any

__all__ = ["GivenIds", "RollCharacters", "RollStates", "ulid_halves"]

_HALF = (1 << 64) - 1
_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"  # Crockford's, lowercase as the server writes
# Each byte of the alphabet to its base-32 digit for int(); every other byte (another
# letter, a sign, a space, an underscore: what int() would take otherwise) to "!", which
# int() refuses. A bytes table: str.translate took three times as long.
_DIGITS = bytes(
    ord("0123456789abcdefghijklmnopqrstuv"[_ALPHABET.index(chr(c))]) if chr(c) in _ALPHABET
    else ord("!")
    for c in range(256)
)  # fmt: skip
if array("Q").itemsize != 8:  # pragma: no cover - true on every platform CPython targets
    raise ImportError("app.rules.verify_rolls needs an 8-byte array('Q')")


def ulid_halves(roll_id: str) -> tuple[int, int] | None:
    """The two 64-bit halves of a lowercase ULID, None for any other id."""
    if len(roll_id) != 26 or not roll_id.isascii():
        return None
    try:
        value = int(roll_id.encode().translate(_DIGITS), 32)
    except ValueError:
        return None
    if value >> 128:
        return None
    return value >> 64, value & _HALF


class _SortedIds:
    """Ids kept as the two sorted arrays of their halves (see the module doc), and the
    last id read with its halves: a roll is looked for at its link, then again at its
    record, most often right after."""

    __slots__ = ("high", "last", "low")
    others: Sized  # the ids kept otherwise (a subclass's slot)

    def __init__(self) -> None:
        self.high, self.low = array("Q"), array("Q")
        self.last: tuple[str, tuple[int, int] | None] = ("", None)

    def __len__(self) -> int:
        return len(self.high) + len(self.others)

    def _halves(self, roll_id: str) -> tuple[int, int] | None:
        last, halves = self.last
        if roll_id != last:
            halves = ulid_halves(roll_id)
            self.last = (roll_id, halves)
        return halves


class GivenIds(_SortedIds):
    """A set of roll ids that only grows (see the module doc)."""

    __slots__ = ("others",)

    def __init__(self) -> None:
        super().__init__()
        self.others: set[str] = set()

    def add(self, roll_id: str) -> None:
        halves = self._halves(roll_id)
        high, low = self.high, self.low
        if halves is not None and (not high or halves > (high[-1], low[-1])):
            high.append(halves[0])
            low.append(halves[1])
        else:
            self.others.add(roll_id)

    def __contains__(self, roll_id: object) -> bool:
        if not isinstance(roll_id, str):
            return False
        if roll_id in self.others:
            return True
        return _position(self.high, self.low, self._halves(roll_id)) >= 0


def _position(high: array[int], low: array[int], halves: tuple[int, int] | None) -> int:
    """Where ``halves`` is kept in the two sorted arrays, or -1."""
    if halves is None or not high:
        return -1
    last = (high[-1], low[-1])
    if halves >= last:  # the newest id, most often (a roll follows its link)
        return len(high) - 1 if halves == last else -1
    start = bisect_left(high, halves[0])
    end = bisect_right(high, halves[0], start)
    at = bisect_left(low, halves[1], start, end)  # a run of one high half is sorted by low
    return at if at < end and low[at] == halves[1] else -1


class RollCharacters(_SortedIds):
    """Each roll an import links, to its character: ``""`` for none, None while the roll
    is a stub (a player's private roll: its character is not the reader's to see). Kept
    the way ``GivenIds`` keeps ids, each with the index of its character (a table flows'
    few characters are each kept once): a dict of a million strings would take the server
    some 130 MB for the length of the import."""

    __slots__ = ("codes", "names", "numbers", "others")

    def __init__(self) -> None:
        super().__init__()
        self.codes = array("I")
        self.others: dict[str, int] = {}
        self.names: list[str | None] = [None]
        self.numbers: dict[str | None, int] = {None: 0}

    def __contains__(self, roll_id: object) -> bool:
        return isinstance(roll_id, str) and self._find(roll_id) is not None

    def __getitem__(self, roll_id: str) -> str | None:
        found = self._find(roll_id)
        if found is None:
            raise KeyError(roll_id)
        return self.names[found]

    def link(self, roll_id: str) -> None:
        """A link of the roll: kept as a stub unless it is kept already."""
        if roll_id in self.others:
            return
        halves = self._halves(roll_id)
        high, low = self.high, self.low
        if _position(high, low, halves) >= 0:
            return
        if halves is not None and (not high or halves > (high[-1], low[-1])):
            high.append(halves[0])
            low.append(halves[1])
            self.codes.append(0)
        else:
            self.others[roll_id] = 0

    def place(self, roll_id: str, character: str) -> None:
        """The roll's record names its character; a roll not linked is left out."""
        code = self.numbers.get(character)
        if code is None:
            code = self.numbers[character] = len(self.names)
            self.names.append(character)
        if roll_id in self.others:
            self.others[roll_id] = code
            return
        at = _position(self.high, self.low, self._halves(roll_id))
        if at >= 0:
            self.codes[at] = code

    def _find(self, roll_id: str) -> int | None:
        """The code of the roll's character, or None when the roll is not kept."""
        code = self.others.get(roll_id)
        if code is not None:
            return code
        at = _position(self.high, self.low, self._halves(roll_id))
        return self.codes[at] if at >= 0 else None


class RollStates:
    """Each roll the chain links, in the order of its first link: open (its roll record
    not read yet) with what its last link drew (a count and a digest), or given."""

    __slots__ = ("given", "open")

    def __init__(self) -> None:
        self.open: dict[str, tuple[int, Any]] = {}
        self.given = GivenIds()

    def __len__(self) -> int:
        return len(self.open) + len(self.given)

    def is_given(self, roll_id: str) -> bool:
        return roll_id not in self.open and roll_id in self.given

    def give(self, roll_id: str) -> bool:
        """Mark the open roll given; False if it is not open (given already)."""
        if self.open.pop(roll_id, None) is None:
            return False
        self.given.add(roll_id)
        return True

    def first_open(self) -> str | None:
        return next(iter(self.open), None)
