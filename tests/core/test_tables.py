"""A bulk write's rows encoded ahead (``TableSql.encode``) store what the drivers'
adapters store for the same values."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

import app.core.sqlite  # noqa: F401 - registers the adapters under test
from app.events.repository import EVENTS
from app.rolls.repository import ROLLS

_ZONES = st.sampled_from(
    [UTC, timezone(timedelta(hours=2)), timezone(timedelta(hours=-9, minutes=-30))]
)
_TIMES = st.datetimes(
    min_value=datetime(1971, 1, 2), max_value=datetime(9998, 12, 30), timezones=_ZONES
)


def _stored(value: object) -> object:
    with sqlite3.connect(":memory:") as conn:
        conn.execute("CREATE TABLE t (v)")
        conn.execute("INSERT INTO t VALUES (?)", (value,))
        return conn.execute("SELECT v FROM t").fetchone()[0]


@given(_TIMES)
def test_a_time_encoded_ahead_is_stored_as_the_adapter_stores_it(when: datetime) -> None:
    row = dict.fromkeys(EVENTS.columns, None) | {"seq": 3, "at": when, "data": {"a": [1]}}
    at = EVENTS.columns.index("at")
    ahead = EVENTS.encode(EVENTS.values(row), times_as_text=True)
    plain = EVENTS.encode(EVENTS.values(row))
    assert isinstance(ahead[at], str)
    assert plain[at] is when  # left to the adapter
    assert _stored(ahead[at]) == _stored(when)
    assert ahead[:at] + ahead[at + 1 :] == plain[:at] + plain[at + 1 :]


def test_only_the_time_columns_are_encoded_ahead() -> None:
    when = datetime(2026, 12, 6, 18, 0, 0, 5, tzinfo=UTC)
    row = dict.fromkeys(ROLLS.columns, None) | {"created_at": when, "updated_at": None,
                                                "dice": [4, 6], "note": "2026"}  # fmt: skip
    encoded = dict(zip(ROLLS.columns, ROLLS.encode(ROLLS.values(row), True), strict=True))
    assert encoded["created_at"] == "2026-12-06 18:00:00.000005"
    assert encoded["updated_at"] is None
    assert encoded["dice"] == "[4,6]"
    assert encoded["note"] == "2026"
