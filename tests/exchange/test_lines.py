"""The line reader: chunks split anywhere, gzip recognised by its magic bytes, a bound
per line, and a broken or cut stream refused with 422 (never a 500)."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from app import cli
from app.core.errors import Unprocessable
from app.exchange.lines import Lines

BODY = b"".join(b'{"n":%d,"pad":"%s"}\n' % (n, b"x" * (n % 50)) for n in range(300))


def _read(data: bytes, size: int, max_line: int = 1000) -> list[bytes]:
    lines = Lines(max_line)
    found: list[bytes] = []
    for start in range(0, len(data), size):
        found.extend(lines.feed(data[start : start + size]))
    found.extend(lines.end())
    return found


@pytest.mark.parametrize("size", [1, 7, 4096])
def test_plain_and_gzip_read_the_same_lines_whatever_the_chunks(size: int) -> None:
    expected = BODY.splitlines()
    assert _read(BODY, size) == expected
    assert _read(gzip.compress(BODY), size) == expected
    assert _read(BODY.rstrip(b"\n"), size) == expected  # no newline at the very end


def test_a_long_line_a_cut_or_broken_gzip_are_refused() -> None:
    with pytest.raises(Unprocessable, match="line 1: longer than 10 bytes"):
        _read(BODY, 64, max_line=10)
    with pytest.raises(Unprocessable, match="cut short"):
        _read(gzip.compress(BODY)[:-20], 64)
    with pytest.raises(Unprocessable, match="not valid gzip"):
        _read(b"\x1f\x8b" + b"nonsense" * 20, 64)
    with pytest.raises(Unprocessable, match="after its gzip stream"):
        _read(gzip.compress(BODY) + b"more", 64)


def test_verify_refuses_an_unreadable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, data in (("cut.gz", gzip.compress(BODY)[:-20]), ("junk", b"junk\n")):
        path = tmp_path / name
        path.write_bytes(data)
        assert cli.main(["verify", str(path)]) == 1
        assert capsys.readouterr().out.startswith("FAIL")
