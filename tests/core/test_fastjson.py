"""The command's codec (app/core/fastjson.py) gives what the standard library gives:
the same values from every line, the same canonical bytes for every value, so a chain
verifies with it exactly as with ``app.rules.chain.STANDARD``."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.core.fastjson import FastCodec, read_alike
from app.rules.chain import canonical

# A roll's lines as the export writes them (orjson, keys in the model's order).
EVENT = (
    b'{"t":"event","seq":3,"type":"roll.created","at":"2026-12-02T07:47:15.833555Z",'
    b'"visibility":"public","user_id":"01m8tvhney9r8vr4he4541sed2","data":{"id":'
    b'"01m8tvhnqskp28cjsyxzpbvpc2","campaign_id":"01m8tvhnqqnrr1w9zdmt6agrv8","seq":3,'
    b'"ruleset":"3d6","kind":"test","character_id":null,"note":"chaton \xc3\xa9 \xf0\x9f\x90\x88",'
    b'"status":"final","dice":[{"sides":6,"value":4,"history":[],"success":false}],'
    b'"result":{"successes":1,"outcome":"open","rerolls":[]},"odds":{"outcomes":{"open":'
    b'0.875,"botch":0.125},"boon":0.027777777777777776,"tiny":1.2860082304526748e-05},'
    b'"proof":[{"nonce":0,"seed":1,"commitment":"b9a539dded688abb5942d1b3ee18e85b841429d3'
    b'2158e6f4931927a2bf6d1acd","client_seed":"01m8tvhnqqnrr1w9zdmt6agrv8","rolls":[{"sides"'
    b':6,"faces":[4,4,3]}]}]},"prev_hash":"0000000000000000000000000000000000000000000000000'
    b'000000000000000","hash":"49c20bde5989b551a716c95ebc64fd75beb8b45eed107f8f64445ac060cde2f7"}'
)
# What a line may hold that orjson reads or writes otherwise than ``json``.
ODD = [
    b"123456789012345678901234567890", b"-9223372036854775809", b"18446744073709551616",
    b"9223372036854775807", b"NaN", b"Infinity", b"-Infinity", b"1e400", b"-1e400", b"1e-400",
    b"1e-05", b"0.00001", b"1.5e16", b"1E5", b"-0.0", b"-0", b'"\\ud800"', b'"\\udfff\\ud800"',
    b'"\\ud83d\\ude00"', b'"\\u0000\\u001f\\u007f"', b"[" * 300 + b"]" * 300,
    b"[" * 450 + b"]" * 450, b"[" * 2000 + b"]" * 2000, b"\xef\xbb\xbf",
    b"\xff", b"\x00", b'"a\tb"', b" ", b"\t\r\n", b"01", b"1.", b'"\\x41"', b"true", b"nul",
]  # fmt: skip


def strictly_equal(a: Any, b: Any) -> bool:
    """Equal as JSON values: same types all the way down, key order included, NaN = NaN
    (without recursing: a line may nest deeper than the stack)."""
    pending = [(a, b)]
    while pending:
        x, y = pending.pop()
        if type(x) is not type(y):
            return False
        if isinstance(x, dict):
            if list(x) != list(y):
                return False
            pending.extend((x[k], y[k]) for k in x)
        elif isinstance(x, list):
            if len(x) != len(y):
                return False
            pending.extend(zip(x, y, strict=True))
        elif isinstance(x, float):
            same = x == y and math.copysign(1, x) == math.copysign(1, y)
            if not (same or (math.isnan(x) and math.isnan(y))):
                return False
        elif x != y:
            return False
    return True


def read(line: bytes) -> tuple[str, Any]:
    """What each codec makes of a line: its value and canonical bytes, or the error; the
    fast codec alone, and told ``read_alike``'s word on the line, as a piece's lines are."""
    _read_with(FastCodec(alike=read_alike(line)), line)
    return _read_with(FastCodec(), line)


def _read_with(fast: FastCodec, line: bytes) -> tuple[str, Any]:
    outcomes = []
    for codec in (fast, None):
        try:
            value = json.loads(line) if codec is None else codec.loads(line)
        except (ValueError, RecursionError) as exc:
            outcomes.append(("error", type(exc).__name__))
            continue
        try:
            text = canonical(value) if codec is None else codec.canonical(value)
        except (ValueError, RecursionError) as exc:
            text = type(exc).__name__.encode()
        outcomes.append(("value", (value, text)))
    (fast_kind, fast), (std_kind, std) = outcomes
    assert fast_kind == std_kind, (line[:200], fast, std)
    if fast_kind == "value":
        assert strictly_equal(fast[0], std[0]) and fast[1] == std[1], line[:200]
    return fast_kind, fast


def test_every_code_point_is_written_as_json_writes_it() -> None:
    codec = FastCodec()
    points = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    for start in range(0, len(points), 4096):
        text = "".join(points[start : start + 4096])
        assert codec.canonical([text]) == canonical([text])
    for point in points[:0x3000:7]:  # alone, as a key, beside keys it sorts against
        value = {point: 1, "a": [point], "\U0001f408": 2, "\ufffd": 3, "": 4}
        assert codec.canonical(value) == canonical(value)


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_a_float_of_any_magnitude_is_written_as_json_writes_it(number: float) -> None:
    assert FastCodec().canonical({"x": [number, -number]}) == canonical({"x": [number, -number]})


def test_floats_on_each_side_of_where_json_switches_to_exponents() -> None:
    codec = FastCodec()
    for exponent in range(-323, 308):
        for mantissa in (1.0, 1.5, 9.999999999999998, 2.2250738585072014, 1.7976931348623157):
            value = [float(f"{mantissa!r}e{exponent}"), -5e-324 * (exponent % 7)]
            assert codec.canonical(value) == canonical(value)


def test_integers_past_64_bits_and_lone_surrogates_are_left_to_json() -> None:
    codec = FastCodec()
    for number in (2**63 - 1, 2**63, 2**64 - 1, 2**64, -(2**63), -(2**63) - 1, 10**40):
        assert codec.canonical({"n": number}) == canonical({"n": number})
    with pytest.raises(UnicodeEncodeError):  # as ``canonical`` fails, so that a link says
        codec.canonical({"note": "\ud800"})


def test_a_line_of_an_export_reads_the_same() -> None:
    kind, (value, text) = read(EVENT)
    assert kind == "value" and value["data"]["odds"]["tiny"] == 1.2860082304526748e-05
    assert text == canonical(json.loads(EVENT))


def test_odd_numbers_and_strings_in_a_line_read_the_same() -> None:
    """Each odd token, alone and put in place of a value of a real line."""
    for token in ODD:
        read(token)
        read(b'{"a":' + token + b"}")
        read(EVENT.replace(b'"seq":3,"ruleset"', b'"seq":' + token + b',"ruleset"'))
        read(EVENT.replace(b"0.875", token))
        read(EVENT.replace(b'"chaton', b'"' + token.strip(b'"') + b"chaton"))


def test_a_nan_makes_every_later_value_be_written_by_json() -> None:
    codec = FastCodec()
    value = codec.loads(b'{"odds":NaN}')
    assert codec.exact and codec.canonical(value) == b'{"odds":NaN}'
    later = codec.loads(EVENT)
    assert codec.canonical(later) == canonical(later)


def test_mutated_lines_read_the_same() -> None:
    """Bytes of a real line changed, dropped or doubled at random: both codecs refuse the
    same lines and read the others to the same values and bytes."""
    chance = random.Random(17)
    alphabet = b'0123456789.eE+-",:[]{}\\nulltrueNaIfiy \t\xc3\xa9\xff\x00u'
    refused = 0
    for _ in range(6000):
        line = bytearray(EVENT)
        for _ in range(chance.randint(1, 3)):
            at = chance.randrange(len(line))
            action = chance.randrange(3)
            if action == 0:
                line[at] = chance.choice(alphabet)
            elif action == 1:
                del line[at]
            else:
                line[at:at] = line[at : at + chance.randint(1, 30)]
        refused += read(bytes(line))[0] == "error"
    assert 0 < refused < 6000


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(json_values)
def test_any_json_value_reads_and_writes_the_same(value: Any) -> None:
    read(json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    read(json.dumps(value).encode())


def test_a_piece_reads_alike_only_if_each_of_its_lines_does() -> None:
    """``json`` recurses on brackets: a line of many reads otherwise, wherever it lies; many
    lines of a few each do not add up."""
    few = b'{"a":[' + b"[1]," * 198 + b"1]}"  # 200 brackets: five lines hold 1,000
    deep = b"[" * 401 + b"]" * 401
    assert read_alike(b"\n".join([few] * 5))
    for at in range(4):
        lines = [few] * 3
        lines.insert(at, deep)
        assert not read_alike(b"\n".join(lines))
