"""The verifier's codec for the ``fairtable`` command and the import: orjson where it gives
the very values and bytes the standard library gives, the standard library elsewhere.

``app.rules`` stays standard library only: it takes a codec (``app.rules.chain.Codec``)
and defaults to ``json``; this one is about four times faster on a roll's lines. Where
orjson and ``json`` part ways, it steps aside:

- reading: orjson turns an integer beyond 64 bits into a float, and refuses what ``json``
  takes (``NaN``, ``Infinity``, a number that overflows to infinity, a lone surrogate
  escape, a UTF-8 BOM, UTF-16). A line with a run of 19 digits or more where a number may
  start (not inside a hash, an id or a fraction), or with enough brackets to matter for
  recursion (``json`` raises ``RecursionError`` below orjson's limit), is read by
  ``json``; so is a line orjson refuses. Either way, from then on every value is encoded by
  the standard library, since it may hold a ``NaN`` (which orjson would write ``null``).
- writing: orjson writes the same text for strings (every code point), keys (sorted by
  code point, as UTF-8 sorts), integers, ``true``/``false``/``null`` and floats, except a
  float below 1e-4 in magnitude (``1e-05`` is ``0.00001`` or ``1e-5`` there) and it
  refuses an integer beyond 64 bits. A text holding ``e-``, ``e+`` or ``0.0000`` anywhere,
  or a value orjson refuses, is encoded by the standard library instead.

tests/exchange/test_fastjson.py holds it to the standard library on every code point, on
floats of every magnitude and on mutated lines of real exports.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from app.rules.chain import canonical as standard_canonical

__all__ = ["FastCodec", "canonical", "read_alike"]

_SORTED = orjson.OPT_SORT_KEYS
_RUN = b"0" * 19
# Every digit to "0", what a number may follow (",", ":", "[", "-", JSON whitespace) to
# "|", anything else to " ": runs of digits are runs of "0".
_DIGITS = bytes(
    0x30 if 0x30 <= c <= 0x39 else (0x7C if c in b",:[- \t\n\r" else 0x20) for c in range(256)
)
_DEEP = 400  # brackets in a line past which ``json`` reads it (it recurses; orjson to 1024)
_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[{\n")


def _long_integer(line: bytes) -> bool:
    """Whether ``line`` has a run of 19 digits or more where a number may start: what might
    be an integer orjson would read as a float (a run in a hash, an id or a fraction, after
    a letter, a quote or a ".", is none)."""
    digits = line.translate(_DIGITS)
    at = digits.find(_RUN)
    while at >= 0:
        if at == 0 or digits[at - 1] == 0x7C:
            return True
        end = at + len(_RUN)
        while end < len(digits) and digits[end] == 0x30:
            end += 1
        at = digits.find(_RUN, end)
    return False


def _shallow(text: bytes) -> bool:
    return text.count(b"[") + text.count(b"{") <= _DEEP


def _plain(text: str | bytes) -> bool:
    """Whether orjson reads ``text`` as ``json`` does, if it reads it at all."""
    return type(text) is bytes and _shallow(text) and not _long_integer(text)


class FastCodec:
    """``loads`` and ``canonical`` as ``app.rules.chain.STANDARD`` gives them, faster.
    One per verification: after a line only ``json`` reads, it encodes as ``json`` does.
    ``canonical`` takes values its ``loads`` read, or orjson did (the import's): a NaN or
    an infinity made elsewhere it would write ``null``."""

    __slots__ = ("alike", "exact")

    def __init__(self, alike: bool = False) -> None:
        self.exact = False  # True once a value may hold what orjson would write otherwise
        # ``read_alike`` vouched for every line this codec will read (a piece of a file
        # verified on many cores): no line needs looking at again, a tenth of the work.
        self.alike = alike

    def loads(self, text: str | bytes) -> Any:
        if (self.alike and type(text) is bytes) or _plain(text):
            try:
                return orjson.loads(text)
            except orjson.JSONDecodeError:
                pass
        self.exact = True
        return json.loads(text)

    def loads_read(self, text: bytes, value: Any) -> Any:
        """``loads(text)``, given ``value``, what ``orjson.loads(text)`` read (the import
        reads each line so): the same value, unless this codec reads ``text`` otherwise."""
        return value if _plain(text) else self.loads(text)

    def canonical(self, value: Any) -> bytes:
        return standard_canonical(value) if self.exact else canonical(value)


def read_alike(lines: bytes) -> bool:
    """Whether ``loads`` reads every line of ``lines`` with orjson (no line of them has
    what ``json`` reads otherwise): the lines' values that orjson read are then the
    codec's, and it encodes with orjson. Checked once for many lines: a run of digits
    never spans a newline, and each line's brackets are counted at once (``_shallow``'s
    count: what is left of each line once all but brackets are deleted)."""
    if _long_integer(lines):
        return False
    return max(map(len, lines.translate(None, _NOT_BRACKETS).split(b"\n"))) <= _DEEP


def canonical(value: Any) -> bytes:
    """``app.rules.chain.canonical``'s bytes for a value made in this process (no NaN nor
    infinity: the engine makes none, and requests cannot carry them): the ledger links every
    roll state with it, about ten times faster than ``json``."""
    try:
        text = orjson.dumps(value, option=_SORTED)
    except TypeError:  # an integer beyond 64 bits, a lone surrogate, a key not a str
        return standard_canonical(value)
    if _after_e(text, b"-") or _after_e(text, b"+") or b"0.0000" in text:
        return standard_canonical(value)
    return text


def _after_e(text: bytes, sign: bytes) -> bool:
    """Whether ``sign`` follows an ``e`` in ``text``: ``sign`` is rare in a record (a date's
    dashes), and finding it is a ``memchr``, where ``b"e-" in text`` took twice orjson's
    time to write the record."""
    at = text.find(sign, 1)
    while at > 0:
        if text[at - 1] == 0x65:  # "e"
            return True
        at = text.find(sign, at + 1)
    return False
